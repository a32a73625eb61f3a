import { Alert } from '@mantine/core';
import { petMessages } from '@refugio/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';

export function PetLoading({ text = petMessages.loading }: { text?: string }) {
  return <ListLoading label={text} py={64} />;
}

export function MissingIdAlert() {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert">
      {petMessages.missingId}
    </Alert>
  );
}

export function PetLoadError({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />} role="alert">
      {petMessages.loadError(getErrorMessage(error))}
    </Alert>
  );
}
