import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The loading row of a list screen, announced to screen readers. */
export function ListLoading({ label, py = 48 }: { label: string; py?: number }) {
  return (
    <Center py={py} role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

/** A list that failed to load: what happened, and a way to try again. */
export function ListLoadError({ title, children, onRetry }: { title: string; children?: ReactNode; onRetry: () => void }) {
  return (
    <Alert mx="md" mb="md" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden="true" />} title={title}>
      {children}
      <Button size="xs" variant="light" color="red" mt="xs" onClick={onRetry}>
        Reintentar
      </Button>
    </Alert>
  );
}
