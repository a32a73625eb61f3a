import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type PendingWork, countLabel } from '@refugio/contracts';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format-date';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useRetryJob } from '../api/retry-job';

type FailedJobs = NonNullable<PendingWork['trabajosFallidos']>;

/**
 * Administrators only (the server sends the list to them alone): background jobs that ran out of attempts,
 * each with its last error and a button that queues it again.
 */
export function FailedJobsList({ jobs }: { jobs: FailedJobs }) {
  const retry = useRetryJob();
  if (jobs.total === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="trabajos-fallidos">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon variant="light" color="red" radius="xl" size="md" aria-hidden="true">
          <IconAlertTriangle size={16} />
        </ThemeIcon>
        <Text id="trabajos-fallidos" size="sm" fw={600}>
          Trabajos en segundo plano fallidos: {jobs.total}
        </Text>
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {jobs.items.map((job) => (
          <li key={job.id}>
            <Text size="sm" fw={500}>
              {job.titulo}
            </Text>
            <Text size="xs" c="dimmed">
              {countLabel(job.intentos, 'intento', 'intentos')}, el último el {formatDate(job.fallidoEn)}
            </Text>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              Error: {job.error || 'sin detalle'}
            </Text>
            <Button
              mt={4}
              size="compact-sm"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden="true" />}
              aria-label={`Reintentar: ${job.titulo}`}
              loading={retry.isPending && retry.variables === job.id}
              onClick={() =>
                retry.mutate(job.id, {
                  onSuccess: () => notifications.show({ color: 'teal', title: 'Trabajo en cola de nuevo', message: job.titulo }),
                  onError: (error) => notifications.show({ color: 'red', title: 'No se pudo reintentar', message: getErrorMessage(error) }),
                })
              }
            >
              Reintentar
            </Button>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
