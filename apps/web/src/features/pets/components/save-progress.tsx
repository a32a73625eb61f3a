import { Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { SaveStep } from '../lib/save-sequence';

const kindLabel = { fields: 'Datos', image: 'Imagen', video: 'Video' } as const;

/** One progress bar per request of the save: the fields, then each image, then each video. */
export function SaveProgress({ steps }: { steps: readonly SaveStep[] }) {
  if (steps.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Progreso del guardado" role="region">
      <Stack gap="sm">
        {steps.map((step) => {
          const color = step.status === 'error' ? 'red' : step.status === 'done' ? 'teal' : 'cyan';
          return (
            <div key={step.key}>
              <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                <Text size="sm" truncate title={step.label}>
                  <Text span c="dimmed" size="sm">
                    {kindLabel[step.kind]}:
                  </Text>{' '}
                  {step.label}
                </Text>
                {step.status === 'done' ? (
                  <ThemeIcon size="sm" radius="xl" color="teal" role="img" aria-label="Listo">
                    <IconCheck size={12} />
                  </ThemeIcon>
                ) : step.status === 'error' ? (
                  <ThemeIcon size="sm" radius="xl" color="red" role="img" aria-label="Falló">
                    <IconX size={12} />
                  </ThemeIcon>
                ) : (
                  <Text size="xs" c="dimmed">
                    {step.status === 'pending' ? 'En espera' : `${step.percent}%`}
                  </Text>
                )}
              </Group>
              <Progress
                value={step.status === 'error' ? 100 : step.percent}
                color={color}
                size="sm"
                animated={step.status === 'uploading'}
                aria-label={`Progreso de ${step.label}`}
              />
              {step.error ? (
                <Text size="xs" c="red" mt={2}>
                  {step.error}
                </Text>
              ) : null}
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}
