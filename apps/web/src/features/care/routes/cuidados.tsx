import { Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { countLabel, CARE_TYPES, careTypeLabels, locationLabels, type CareDueItem, type CareType } from '@refugio/contracts';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDueCare } from '../api/list-due-care';
import { DueCareCard } from '../components/due-care-card';
import { MarkDoneDialog } from '../components/mark-done-dialog';
import { useMarkCareDone } from '../hooks/use-mark-care-done';
import { useOrganizationToday } from '../hooks/use-organization-today';
import { addDays } from '../lib/care-labels';
import { useMarkingDoneIds } from '../lib/marking-done';

const placeOptions = (['refugio', 'acogida'] as const).map((value) => ({ value, label: locationLabels[value] }));

const typeOptions = CARE_TYPES.filter((t) => t !== 'peso').map((value) => ({ value, label: careTypeLabels[value] }));

/** Cuidados (/cuidados): the day's round, overdue first, one card per dose with 'Hecho' in two taps. */
function CuidadosScreen() {
  const deviceToday = useOrganizationToday();
  const [range, setRange] = useState<'hoy' | 'semana'>('hoy');
  const [tipo, setTipo] = useState<CareType | ''>('');
  const [ubicacion, setUbicacion] = useState<'refugio' | 'acogida' | ''>('');
  const due = useDueCare({
    hasta: range === 'hoy' ? undefined : addDays(deviceToday, 7),
    tipo: tipo || undefined,
    ubicacion: ubicacion || undefined,
  });
  // The server says what today is for the organisation; until it answers, the organisation's zone on this device.
  const today = due.data?.hoy ?? deviceToday;
  const waiting = useMarkingDoneIds();
  const markDone = useMarkCareDone();
  const [target, setTarget] = useState<CareDueItem | null>(null);

  const items = (due.data?.items ?? []).filter((item) => !waiting.has(item.id));
  const more = due.data ? due.data.total - due.data.items.length : 0;

  return (
    <Stack gap="md">
      <title>Cuidados · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Cuidados
        </Title>
        <Text c="dimmed">Vacunas, desparasitaciones y tratamientos por hacer, los vencidos primero.</Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Periodo"
          value={range}
          onChange={(value) => setRange(value === 'semana' ? 'semana' : 'hoy')}
          data={[
            { value: 'hoy', label: 'Hasta hoy' },
            { value: 'semana', label: 'Próximos 7 días' },
          ]}
        />
        <Select
          label="Tipo"
          placeholder="Todos"
          data={typeOptions}
          value={tipo || null}
          onChange={(value) => setTipo(CARE_TYPES.find((t) => t === value) ?? '')}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el filtro Tipo' }}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label="Dónde"
          placeholder="En cualquier sitio"
          data={placeOptions}
          value={ubicacion || null}
          onChange={(value) => setUbicacion(value === 'refugio' || value === 'acogida' ? value : '')}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el filtro Dónde' }}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', xs: 240 }}
        />
      </Group>
      {due.isPending ? (
        <ListLoading label="Cargando cuidados..." />
      ) : due.isError ? (
        <ListLoadError title="No se pudieron cargar los cuidados" onRetry={() => void due.refetch()}>
          {getErrorMessage(due.error)}
        </ListLoadError>
      ) : items.length === 0 ? (
        <Group gap="sm" py="lg" c="teal">
          <IconChecklist size={24} aria-hidden="true" />
          <Text>{range === 'hoy' ? 'Todo al día: no queda nada por hacer hoy.' : 'No hay nada previsto para los próximos 7 días.'}</Text>
        </Group>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {countLabel(items.length, 'cuidado por hacer', 'cuidados por hacer')}
          </Text>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Cuidados por hacer">
            {items.map((item) => (
              <DueCareCard key={item.id} item={item} today={today} onDone={() => setTarget(item)} />
            ))}
          </Stack>
          {more > 0 ? (
            <Text size="sm" c="dimmed">
              Y {countLabel(more, 'cuidado más', 'cuidados más')}: marca los primeros como hechos para ver el resto.
            </Text>
          ) : null}
        </>
      )}
      <MarkDoneDialog
        target={target ? { nombre: target.nombre, mascota: target.mascota.nombre } : null}
        today={today}
        onClose={() => setTarget(null)}
        onConfirm={(fecha) => {
          if (target) markDone({ id: target.id, version: target.version, nombre: target.nombre, mascota: target.mascota.nombre }, fecha);
          setTarget(null);
        }}
      />
    </Stack>
  );
}

export { CuidadosScreen as Component };
