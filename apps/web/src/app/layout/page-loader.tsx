import { Box, Loader, VisuallyHidden } from '@mantine/core';
import { useNavigation } from 'react-router';
import { useLayoutSettings } from './layout-settings';

/** The spinner of the pageLoader setting, shown while the next screen's code (or data) loads. */
export function PageLoader() {
  const [settings] = useLayoutSettings();
  const navigation = useNavigation();
  if (!settings.pageLoader || navigation.state === 'idle') return null;
  return (
    <Box className="page-loader" role="status" aria-live="polite">
      <Loader size="lg" />
      <VisuallyHidden>Cargando página...</VisuallyHidden>
    </Box>
  );
}
