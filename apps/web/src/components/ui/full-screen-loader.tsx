import { Center, Group, Loader, Text } from '@mantine/core';
import { messages } from '@refugio/contracts';

/** The app-wide 'Cargando...' state, shown until the authentication state is known. */
export function FullScreenLoader() {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{messages.app.loading}</Text>
      </Group>
    </Center>
  );
}
