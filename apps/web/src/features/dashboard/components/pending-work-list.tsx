import { Badge, Group, NavLink, Stack, Text, ThemeIcon } from '@mantine/core';
import { type PendingWork, formatCount } from '@refugio/contracts';
import { IconCalendarClock, IconChecklist, IconClipboardText, IconPaw } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListLoading } from '../../../components/ui/list-states';
import { usePendingWork } from '../api/get-pending-work';
import { FailedJobsList } from './failed-jobs-list';

const entries: { key: keyof Omit<PendingWork, 'total' | 'trabajosFallidos'>; label: string; to: string; icon: typeof IconPaw }[] = [
  { key: 'solicitudesNuevas', label: 'Solicitudes de adopción nuevas', to: '/formularios?estado=nueva', icon: IconClipboardText },
  { key: 'solicitudesPublicacionPendientes', label: 'Registros por revisar', to: '/solicitud-publicacion?estado=pendiente', icon: IconPaw },
  { key: 'publicacionesHoy', label: 'Publicaciones de hoy', to: '/borradores', icon: IconCalendarClock },
];

/**
 * The work waiting for the team (side overlay): each kind with its count and a link to its list, and, for
 * administrators, the background jobs that failed. Asked
 * again every minute and when the window regains focus. The texts avoid the word "pendientes" so the
 * section title stays the only match when someone looks for it.
 */
export function PendingWorkList({ enabled, onNavigate }: { enabled: boolean; onNavigate: () => void }) {
  const pending = usePendingWork({ enabled });
  if (!enabled) return null;
  if (pending.isPending) return <ListLoading label="Cargando..." py={8} />;
  if (pending.isError) {
    return (
      <Text size="sm" c="red">
        No se pudo consultar el trabajo por hacer.
      </Text>
    );
  }
  if (pending.data.total === 0) {
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="teal" radius="xl" size="lg" aria-hidden="true">
          <IconChecklist size={18} />
        </ThemeIcon>
        <div>
          <Text size="sm" fw={500}>
            Todo al día: no hay nada por revisar.
          </Text>
          <Text size="xs" c="dimmed">
            Aquí verás las solicitudes nuevas y las publicaciones del día.
          </Text>
        </div>
      </Group>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map(({ key, label, to, icon: Icon }) => {
          const n = pending.data[key];
          return (
            <li key={key}>
              <NavLink
                component={Link}
                to={to}
                onClick={onNavigate}
                label={label}
                // Named by what it shows, the label then the count (WCAG 2.5.3: the name contains the visible words).
                leftSection={<Icon size={18} aria-hidden="true" />}
                rightSection={
                  <Badge color={n > 0 ? 'red' : 'gray'} variant={n > 0 ? 'filled' : 'light'}>
                    {formatCount(n)}
                  </Badge>
                }
              />
            </li>
          );
        })}
      </Stack>
      {pending.data.trabajosFallidos && <FailedJobsList jobs={pending.data.trabajosFallidos} />}
    </Stack>
  );
}
