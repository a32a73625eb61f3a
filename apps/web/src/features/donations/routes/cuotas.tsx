import { Button, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { FEE_STATES, FEE_TYPES, type PersonRef, countLabel, feeStateLabels, feeTypeLabels } from '@refugio/contracts';
import { ExportLinks } from '../../../components/ui/export-links';
import { type FeeFilters, useFees } from '../api/list-fees';
import { FeeList } from '../components/fee-list';
import { ListBody } from '../components/list-body';
import { MoneyPageHeader } from '../../../components/ui/money-tabs';
import { PetSelect } from '../components/pet-select';
import { formatCents } from '../lib/money';
import { useFilterParams } from '../lib/use-filter-params';

/** Socios y donativos · Cuotas (/donativos): every member's fee and sponsorship, filtered by type, state ("Pendiente": from /colabora, to confirm), pet and
 * the sponsorships that need a decision. */
function CuotasScreen() {
  const [params, update] = useFilterParams();
  const filters: FeeFilters = {
    tipo: params.get('tipo') ?? '',
    estado: params.get('estado') ?? '',
    mascotaId: params.get('mascotaId') ?? '',
    requiereDecision: params.get('requiereDecision') === 'true' ? 'true' : '',
    page: params.get('page') ?? '',
  };
  const pet: PersonRef | null = filters.mascotaId
    ? { id: Number(filters.mascotaId), nombre: params.get('mascota') ?? `Mascota ${filters.mascotaId}` }
    : null;
  const fees = useFees(filters);
  const data = fees.data;
  const filtered = Boolean(filters.tipo || filters.estado || filters.mascotaId || filters.requiereDecision);
  const { page: _page, ...exportFilters } = filters;

  return (
    <Stack gap="lg">
      <MoneyPageHeader section="Cuotas" description="Cuotas de socios y apadrinamientos. Para dar de alta una, abre la ficha de la persona." />
      <Paper withBorder radius="md">
        <Stack gap="sm" p="md">
          <Group gap="sm" align="flex-end">
            <Select
              label="Tipo"
              placeholder="Socios y padrinos"
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar el filtro de tipo' }}
              data={FEE_TYPES.map((t) => ({ value: t, label: feeTypeLabels[t] }))}
              value={filters.tipo || null}
              onChange={(v) => update({ tipo: v ?? '' })}
              w={{ base: '100%', sm: 180 }}
            />
            <Select
              label="Estado"
              placeholder="Todos"
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar el filtro de estado' }}
              data={FEE_STATES.map((s) => ({ value: s, label: feeStateLabels[s] }))}
              value={filters.estado || null}
              onChange={(v) => update({ estado: v ?? '' })}
              w={{ base: '100%', sm: 180 }}
            />
            <div style={{ minWidth: 220 }}>
              <PetSelect
                label="Mascota apadrinada"
                placeholder="Todas"
                value={pet}
                onChange={(p) => update({ mascotaId: p ? String(p.id) : '', mascota: p?.nombre ?? '' })}
              />
            </div>
            <Checkbox
              label="Requiere decisión"
              description="Padrinos cuya mascota fue adoptada o falleció"
              checked={filters.requiereDecision === 'true'}
              onChange={(e) => update({ requiereDecision: e.currentTarget.checked ? 'true' : '' })}
            />
            <ExportLinks path="/api/cuotas" filters={exportFilters} />
          </Group>
          {data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countLabel(data.total, 'cuota', 'cuotas')} · Equivalente mensual de las activas:{' '}
              <strong>{formatCents(data.importeMensualCentimos)}</strong>
            </Text>
          ) : null}
        </Stack>
        <ListBody
          query={fees}
          data={data}
          noun="cuotas"
          empty={filtered ? 'Ninguna cuota coincide con los filtros.' : 'Todavía no hay cuotas.'}
          onPage={(page) => update({ page: String(page) })}
        >
          {data ? <FeeList fees={data.items} showPerson /> : null}
        </ListBody>
      </Paper>
      {filtered ? (
        <Group>
          <Button variant="subtle" onClick={() => update({ tipo: '', estado: '', mascotaId: '', mascota: '', requiereDecision: '' })}>
            Limpiar filtros
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

export { CuotasScreen as Component };
