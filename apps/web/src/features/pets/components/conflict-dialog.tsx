import { Button, Group, Modal, Paper, Radio, Stack, Text } from '@mantine/core';
import { petFormMessages } from '@refugio/contracts';
import { useState } from 'react';
import type { ConflictField, FieldConflict } from '../lib/form-conflict';

export type ConflictChoices = Partial<Record<ConflictField, 'mine' | 'theirs'>>;

interface ConflictDialogProps {
  /** The fields that differ, or null when the dialog is closed. */
  conflicts: FieldConflict[] | null;
  /** Applies the choice for every listed field: the newest version, with the person's values where they kept them. */
  onApply: (choices: ConflictChoices) => void;
}

function ConflictChoicesForm({ conflicts, onApply }: { conflicts: FieldConflict[]; onApply: ConflictDialogProps['onApply'] }) {
  const [choices, setChoices] = useState<ConflictChoices>(() =>
    Object.fromEntries(conflicts.map((c) => [c.field, c.edited ? 'mine' : 'theirs'] as const)),
  );
  return (
    <Stack gap="md">
      <Text size="sm">{petFormMessages.conflictIntro}</Text>
      {conflicts.map((conflict) => (
        <Paper key={conflict.field} withBorder radius="md" p="sm">
          <Radio.Group
            label={conflict.label}
            value={choices[conflict.field] ?? 'theirs'}
            onChange={(value) => setChoices((current) => ({ ...current, [conflict.field]: value === 'mine' ? 'mine' : 'theirs' }))}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="mine"
                label={petFormMessages.conflictMine}
                description={<span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{conflict.mineText}</span>}
              />
              <Radio
                value="theirs"
                label={petFormMessages.conflictTheirs}
                description={<span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{conflict.theirsText}</span>}
              />
            </Stack>
          </Radio.Group>
        </Paper>
      ))}
      <Group justify="flex-end">
        <Button onClick={() => onApply(choices)}>{petFormMessages.conflictApply}</Button>
      </Group>
    </Stack>
  );
}

/**
 * After a save conflict: the fields whose typed value differs from the newest saved version, each with both
 * values, so the person keeps either one field by field; nothing typed is lost by loading the newer version.
 * Closing the dialog keeps the newer version for every field except those the person had edited.
 */
export function ConflictDialog({ conflicts, onApply }: ConflictDialogProps) {
  const defaults = (): ConflictChoices => Object.fromEntries((conflicts ?? []).map((c) => [c.field, c.edited ? 'mine' : 'theirs'] as const));
  return (
    <Modal opened={conflicts !== null} onClose={() => onApply(defaults())} title={petFormMessages.conflictTitle} size="lg" centered>
      {conflicts ? <ConflictChoicesForm conflicts={conflicts} onApply={onApply} /> : null}
    </Modal>
  );
}
