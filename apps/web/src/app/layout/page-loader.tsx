import { Box, Loader, VisuallyHidden } from '@mantine/core';
import { useIsFetching, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useLayoutSettings } from './layout-settings';

/** A first load: a query with nothing to show yet (a refresh of data already on screen is not one). */
const isFirstLoad = (query: Query) => query.state.data === undefined;

/**
 * The spinner of the pageLoader setting (SPEC section 2), shown during every page change while the next
 * screen's code or route data loads (the router is navigating) and, once it is there, while its first data
 * loads. After that the screen is settled: a search or a refresh on the same page shows its own progress.
 */
function PageLoader() {
  const [settings] = useLayoutSettings();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const firstLoads = useIsFetching({ predicate: isFirstLoad });
  // The page whose first data has loaded; `null` until the first page has.
  const [settledPath, setSettledPath] = useState<string | null>(null);
  const settling = settledPath !== pathname;
  const navigating = navigation.state !== 'idle';

  useEffect(() => {
    if (!settling || navigating || firstLoads > 0) return;
    // The page's queries start in the effects of the same commit, some of which run after this one:
    // look again once they all have, and settle only if nothing is loading for the first time then.
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled && queryClient.isFetching({ predicate: isFirstLoad }) === 0) setSettledPath(pathname);
    });
    return () => {
      cancelled = true;
    };
  }, [settling, navigating, firstLoads, pathname, queryClient]);

  if (!settings.pageLoader || !(navigating || (settling && firstLoads > 0))) return null;
  return (
    <Box className="page-loader" role="status" aria-live="polite">
      <Loader size="lg" />
      <VisuallyHidden>Cargando página...</VisuallyHidden>
    </Box>
  );
}

export default PageLoader;
