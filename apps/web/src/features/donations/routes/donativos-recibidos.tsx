import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { GIFT_CONCEPTS, GIFT_STATES, type PersonRef, countLabel, donationMessages, giftConceptLabels, giftStateLabels } from '@refugio/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportLinks } from '../../../components/ui/export-links';
import { PersonPicker } from '../../../components/ui/person-picker';
import { type GiftFilters, useGifts } from '../api/list-gifts';
import { GiftForm } from '../components/gift-form';
import { GiftList } from '../components/gift-list';
import { ListBody } from '../components/list-body';
import { MoneyPageHeader } from '../../../components/ui/money-tabs';
import { formatCents } from '../lib/money';
import { useFilterParams } from '../lib/use-filter-params';

/**
 * Socios y donativos · Donativos (/donativos/recibidos): the money received, filtered by dates, concept, state
 * ("Pendiente": from /colabora, to confirm once collected) and person.
 */
function DonativosScreen() {
  const [params, update] = useFilterParams();
  const [registering, setRegistering] = useState(false);
  const filters: GiftFilters = {
    desde: params.get('desde') ?? '',
    hasta: params.get('hasta') ?? '',
    concepto: params.get('concepto') ?? '',
    estado: params.get('estado') ?? '',
    personaId: params.get('personaId') ?? '',
    page: params.get('page') ?? '',
  };
  const rangeError = filters.desde && filters.hasta && filters.hasta < filters.desde ? donationMessages.rangeInvalid : null;
  const person: PersonRef | null = filters.personaId
    ? { id: Number(filters.personaId), nombre: params.get('persona') ?? `Persona ${filters.personaId}` }
    : null;
  const gifts = useGifts(rangeError ? { ...filters, hasta: '' } : filters);
  const data = gifts.data;
  const filtered = Boolean(filters.desde || filters.hasta || filters.concepto || filters.estado || filters.personaId);
  const { page: _page, ...exportFilters } = filters;

  return (
    <Stack gap="lg">
      <MoneyPageHeader section="Donativos" description="El dinero recibido: donativos, cobros de cuotas, Teaming, eventos." />
      <Group justify="flex-end">
        {registering ? null : (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setRegistering(true)}>
            Registrar donativo
          </Button>
        )}
      </Group>
      {registering ? <GiftForm onDone={() => setRegistering(false)} onCancel={() => setRegistering(false)} /> : null}
      <Paper withBorder radius="md">
        <Stack gap="sm" p="md">
          <Group gap="sm" align="flex-end">
            <TextInput
              type="date"
              label="Desde"
              value={filters.desde}
              onChange={(e) => update({ desde: e.currentTarget.value })}
              w={{ base: '100%', sm: 170 }}
            />
            <TextInput
              type="date"
              label="Hasta"
              value={filters.hasta}
              onChange={(e) => update({ hasta: e.currentTarget.value })}
              error={rangeError}
              w={{ base: '100%', sm: 170 }}
            />
            <Select
              label="Concepto"
              placeholder="Todos"
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar el filtro de concepto' }}
              data={GIFT_CONCEPTS.map((c) => ({ value: c, label: giftConceptLabels[c] }))}
              value={filters.concepto || null}
              onChange={(v) => update({ concepto: v ?? '' })}
              w={{ base: '100%', sm: 180 }}
            />
            <Select
              label="Estado"
              placeholder="Todos"
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar el filtro de estado' }}
              data={GIFT_STATES.map((s) => ({ value: s, label: giftStateLabels[s] }))}
              value={filters.estado || null}
              onChange={(v) => update({ estado: v ?? '' })}
              w={{ base: '100%', sm: 160 }}
            />
            <div style={{ minWidth: 240 }}>
              <PersonPicker label="Persona" value={person} onChange={(p) => update({ personaId: p ? String(p.id) : '', persona: p?.nombre ?? '' })} />
            </div>
          </Group>
          <Group justify="space-between" gap="sm">
            {data ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {countLabel(data.total, 'donativo', 'donativos')} · Total (sin anulados ni devueltos):{' '}
                <strong>{formatCents(data.importeTotalCentimos)}</strong>
              </Text>
            ) : (
              <span />
            )}
            <ExportLinks path="/api/donativos" filters={rangeError ? { ...exportFilters, hasta: '' } : exportFilters} />
          </Group>
        </Stack>
        <ListBody
          query={gifts}
          data={data}
          noun="donativos"
          empty={filtered ? 'Ningún donativo coincide con los filtros.' : 'Todavía no hay donativos.'}
          onPage={(page) => update({ page: String(page) })}
        >
          {data ? <GiftList gifts={data.items} showPerson /> : null}
        </ListBody>
      </Paper>
      {filtered ? (
        <Group>
          <Button variant="subtle" onClick={() => update({ desde: '', hasta: '', concepto: '', estado: '', personaId: '', persona: '' })}>
            Limpiar filtros
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

export { DonativosScreen as Component };
