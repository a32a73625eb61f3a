import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { personDuplicateReasonLabels } from '@refugio/contracts';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/get-error-message';
import type { Person } from '@refugio/contracts';
import { useDismissDuplicate } from '../api/dismiss-duplicate';
import { usePersonDuplicates } from '../api/get-person-duplicates';
import { useMergePersons } from '../api/merge-persons';
import { MergeDialog } from './merge-dialog';
import { personFullName } from './person-badges';

/** On the person page: the records that may be the same person, each with "Comparar" (side by side, then merge or dismiss). */
export function PersonDuplicates({ person }: { person: Person }) {
  const duplicates = usePersonDuplicates(person.id);
  const merge = useMergePersons();
  const dismiss = useDismissDuplicate();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = duplicates.data?.find((d) => d.persona.id === openId) ?? null;
  const items = duplicates.data ?? [];
  if (items.length === 0) return null;

  return (
    <Alert color="orange" variant="light" icon={<IconCopy size={20} aria-hidden="true" />} title="Posibles duplicados">
      <Stack gap="xs">
        {items.map(({ persona, motivos }) => (
          <Group key={persona.id} justify="space-between" gap="xs">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {personFullName(persona)}
              </Text>
              <Group gap={4}>
                {motivos.map((motivo) => (
                  <Badge key={motivo} size="xs" variant="default">
                    {personDuplicateReasonLabels[motivo]}
                  </Badge>
                ))}
              </Group>
            </Stack>
            <Button size="xs" onClick={() => setOpenId(persona.id)} aria-label={`Comparar con ${personFullName(persona)}`}>
              Comparar
            </Button>
          </Group>
        ))}
      </Stack>
      <MergeDialog
        keep={person}
        other={open?.persona ?? null}
        motivos={open?.motivos ?? []}
        pending={merge.isPending || dismiss.isPending}
        error={merge.error ? getErrorMessage(merge.error) : dismiss.error ? getErrorMessage(dismiss.error) : null}
        onClose={() => {
          setOpenId(null);
          merge.reset();
          dismiss.reset();
        }}
        onMerge={({ conId, valores }) =>
          merge.mutate(
            { id: person.id, conId, valores },
            {
              onSuccess: () => {
                setOpenId(null);
                notifications.show({ color: 'teal', message: 'Las dos fichas son ahora una sola.' });
              },
            },
          )
        }
        onDismiss={(otraId) =>
          dismiss.mutate(
            { id: person.id, otraId },
            {
              onSuccess: () => {
                setOpenId(null);
                notifications.show({ color: 'teal', message: 'Marcadas como personas distintas.' });
              },
            },
          )
        }
      />
    </Alert>
  );
}
