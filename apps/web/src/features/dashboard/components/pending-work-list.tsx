import { Badge, Group, NavLink, Stack, Text, ThemeIcon } from '@mantine/core';
import { PENDING_WORK_CAPABILITIES, type PendingWork, type PendingWorkKind, type Capability, formatCount } from '@refugio/contracts';
import {
  IconAlertTriangle,
  IconCalendarClock,
  IconCalendarUser,
  IconChecklist,
  IconClipboardText,
  IconFirstAidKit,
  IconId,
  IconLifebuoy,
  IconMailX,
  IconMessageCircle,
  IconPaw,
  IconReceiptRefund,
  IconUsers,
  IconVaccine,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListLoading } from '../../../components/ui/list-states';
import { useCapabilities } from '../../../lib/role-lookup';
import { usePendingWork } from '../api/get-pending-work';
import { FailedJobsList } from './failed-jobs-list';

type CountKey = keyof Omit<PendingWork, 'total' | 'trabajosFallidos' | AdminMoneyKey>;
/** Counts only administrators receive (money): shown only when the answer carries them. */
type AdminMoneyKey = 'devolucionesPendientes' | 'donantesSinNif';

/** One row per count the server adds to the total (the record makes a count without a row a type error). */
const rows: Record<CountKey, { label: string; to: string; icon: typeof IconPaw }> = {
  solicitudesNuevas: { label: 'Solicitudes de adopción nuevas', to: '/formularios?estado=nueva', icon: IconClipboardText },
  solicitudesPublicacionPendientes: { label: 'Registros por revisar', to: '/solicitud-publicacion?estado=pendiente', icon: IconPaw },
  publicacionesHoy: { label: 'Publicaciones de hoy', to: '/borradores', icon: IconCalendarClock },
  cuidadosVencidos: { label: 'Cuidados vencidos', to: '/cuidados', icon: IconVaccine },
  cuidadosHoy: { label: 'Cuidados de hoy', to: '/cuidados', icon: IconFirstAidKit },
  mensajesFallidos: { label: 'Correos que no se pudieron enviar', to: '/mensajes?estado=fallido', icon: IconMailX },
  novedadesAcogida: { label: 'Novedades de casas de acogida', to: '/novedades-acogida', icon: IconMessageCircle },
  seguimientosAyuda: { label: 'Adoptantes que piden ayuda', to: '/seguimientos?estado=ayuda', icon: IconLifebuoy },
  obligacionesVencidas: { label: 'Obligaciones de adopción vencidas', to: '/seguimientos?estado=vencido', icon: IconAlertTriangle },
  turnosSinCubrir: { label: 'Turnos de voluntariado sin cubrir (48 h)', to: '/turnos', icon: IconCalendarUser },
  posiblesDuplicados: { label: 'Posibles personas duplicadas', to: '/personas?duplicados=true', icon: IconUsers },
};
const entries = (Object.keys(rows) as CountKey[]).map((key) => ({ key, ...rows[key] }));

type Entry = { key: PendingWorkKind; label: string; to: string; icon: typeof IconPaw; n: number };

/**
 * The rows of the counts the server sent (it sends a role only the kinds whose list it may open), the money ones
 * after the others; a row whose link the role could not open is left out as well, mirroring the server.
 */
function entriesOf(data: PendingWork, may: (capability: Capability) => boolean): Entry[] {
  const list: Entry[] = [];
  for (const e of entries) {
    const n = data[e.key];
    if (n !== undefined) list.push({ ...e, n });
  }
  if (data.devolucionesPendientes !== undefined) {
    list.push({
      key: 'devolucionesPendientes',
      label: 'Recibos devueltos sin atender',
      to: '/donativos?estado=devuelto',
      icon: IconReceiptRefund,
      n: data.devolucionesPendientes,
    });
  }
  if (data.donantesSinNif) {
    const { anio, total } = data.donantesSinNif;
    list.push({
      key: 'donantesSinNif',
      label: `Donantes de ${anio} sin NIF`,
      to: `/donativos?desde=${anio}-01-01&hasta=${anio}-12-31`,
      icon: IconId,
      n: total,
    });
  }
  return list.filter((e) => may(PENDING_WORK_CAPABILITIES[e.key]));
}

/**
 * The work waiting for the team (side overlay): each kind the signed-in `role` may open, with its count and a link
 * to its list, and, for administrators, the background jobs that failed. Asked
 * again every minute and when the window regains focus. The texts avoid the word "pendientes" so the
 * section title stays the only match when someone looks for it.
 */
export function PendingWorkList({ enabled, onNavigate }: { enabled: boolean; onNavigate: () => void }) {
  const may = useCapabilities();
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
            Aquí verás el trabajo por hacer de las secciones que puedes abrir.
          </Text>
        </div>
      </Group>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {entriesOf(pending.data, may).map(({ key, label, to, icon: Icon, n }) => {
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
      {pending.data.trabajosFallidos && may(PENDING_WORK_CAPABILITIES.trabajosFallidos) && <FailedJobsList jobs={pending.data.trabajosFallidos} />}
    </Stack>
  );
}
