import { Alert, Center, Group, Loader, Text } from '@mantine/core';
import { petMessages } from '@refugio/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/get-error-message';

export function PetLoading({ text = petMessages.loading }: { text?: string }) {
  return (
    <Center py={64} role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  );
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
