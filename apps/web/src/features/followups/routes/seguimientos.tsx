import { Group, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { FOLLOWUP_STATES, FOLLOWUP_TYPES, followupStateLabels, followupTypeLabels, formatCount } from '@refugio/contracts';
import { useSearchParams } from 'react-router';
import { ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useFollowups } from '../api/list-followups';
import { FollowupCard } from '../components/followup-card';

const stateOptions = [
  { value: '', label: 'Todos' },
  { value: 'ayuda', label: 'Piden ayuda (sin atender)' },
  { value: 'vencido', label: 'Obligaciones vencidas' },
  ...FOLLOWUP_STATES.map((value) => ({ value, label: followupStateLabels[value] })),
];
const typeOptions = [
  { value: '', label: 'Todos' },
  { value: 'obligacion', label: 'Obligaciones' },
  ...FOLLOWUP_TYPES.map((value) => ({ value, label: followupTypeLabels[value] })),
];

/**
 * Seguimientos (/seguimientos): every check-in and obligation of the adoptions, those asking for help and the
 * overdue first, filtered by state and type (the filters live in the address, so Pendientes links to them).
 */
function SeguimientosScreen() {
  const [params, setParams] = useSearchParams();
  const estado = params.get('estado') ?? '';
  const tipo = params.get('tipo') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const list = useFollowups({ estado, tipo, page });
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  return (
    <Stack gap="lg">
      <title>Seguimientos · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Seguimientos
        </Title>
        <Text c="dimmed">Cómo les va a las mascotas adoptadas y lo que queda por hacer: esterilización y cambio de titular del microchip.</Text>
      </div>
      <Group grow wrap="wrap" align="flex-end">
        <Select label="Estado" data={stateOptions} value={estado} onChange={(v) => set('estado', v)} allowDeselect={false} />
        <Select label="Tipo" data={typeOptions} value={tipo} onChange={(v) => set('tipo', v)} allowDeselect={false} />
      </Group>
      {list.isPending ? (
        <ListLoading label="Cargando seguimientos..." />
      ) : list.isError ? (
        <Text c="red">{getErrorMessage(list.error)}</Text>
      ) : list.data.items.length === 0 ? (
        <Text>No hay seguimientos con estos filtros.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {formatCount(list.data.total)} {list.data.total === 1 ? 'seguimiento' : 'seguimientos'}
          </Text>
          {list.data.items.map((item) => (
            <FollowupCard key={item.id} item={item} />
          ))}
          {list.data.total > list.data.pageSize ? (
            <Pagination
              total={Math.ceil(list.data.total / list.data.pageSize)}
              value={page}
              onChange={(p) => set('page', String(p))}
              getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Página siguiente' : 'Página anterior' })}
              getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}

export { SeguimientosScreen as Component };
