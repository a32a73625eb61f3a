import { Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatPercent } from '@refugio/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { SaveStep } from '../lib/save-sequence';
import classes from './pet-form.module.css';

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
                    {step.status === 'pending' ? 'En espera' : formatPercent(step.percent)}
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

/**
 * The same progress, one line in the sticky save bar: on a phone the full list is far below, so the bar says
 * which file is going up, which of how many, and its percent (the list above keeps every file's bar).
 */
export function SaveBarProgress({ steps }: { steps: readonly SaveStep[] }) {
  if (steps.length === 0) return null;
  const index = steps.findIndex((step) => step.status === 'uploading' || step.status === 'pending');
  const current = steps[index === -1 ? steps.length - 1 : index]!;
  const position = (index === -1 ? steps.length - 1 : index) + 1;
  const finished = index === -1;
  return (
    <div className={classes.barProgress} role="group" aria-label="Progreso del guardado">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" truncate title={current.label}>
          {finished ? 'Terminando...' : `${kindLabel[current.kind]} ${position} de ${steps.length}: ${current.label}`}
        </Text>
        <Text size="xs" fw={600} style={{ flexShrink: 0 }}>
          {formatPercent(finished ? 100 : current.percent)}
        </Text>
      </Group>
      <Progress
        value={finished ? 100 : current.percent}
        size="xs"
        color="cyan"
        animated={current.status === 'uploading'}
        aria-label={finished ? 'Progreso de todo el guardado' : `Progreso de ${current.label}`}
      />
    </div>
  );
}
