import { Button, Group, Text } from '@mantine/core';

/** How long a toast with 'Deshacer' stays, so the person has time to reach the button. */
export const UNDO_WINDOW_MS = 10_000;

/** A toast's text with its 'Deshacer' button. */
export function UndoMessage({ text, onUndo }: { text: string; onUndo: () => void }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{text}</Text>
      <Button size="compact-sm" variant="light" miw={44} mih={36} onClick={onUndo}>
        Deshacer
      </Button>
    </Group>
  );
}
