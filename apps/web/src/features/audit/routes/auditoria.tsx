import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { HISTORY_ENTITIES, countLabel, historyEntityLabels } from '@refugio/contracts';
import { IconCalendar, IconFilter } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HistoryEventList } from '../../../components/ui/history-event-list';
import { ListPager } from '../../../components/ui/list-pager';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { useOrganizationTimeZone } from '../../../lib/organization-settings';
import { type AuditFilters, useAudit, useAuditActors } from '../api/list-audit';

const PAGE_SIZE = 25;
const FILTER_KEYS = ['entidad', 'entidadId', 'actorId', 'desde', 'hasta'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function readFilters(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page') ?? '1');
  const filters: AuditFilters = { page: Number.isInteger(page) && page > 0 ? page : 1, pageSize: PAGE_SIZE };
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** Auditoría (/auditoria, administrators): every change of the shelter's records, filtered by record, person and days. */
function AuditoriaScreen() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [draft, setDraft] = useState<Partial<Record<FilterKey, string>>>(() => Object.fromEntries(FILTER_KEYS.map((k) => [k, filters[k] ?? ''])));
  const audit = useAudit(filters);
  const actors = useAuditActors();
  const timeZone = useOrganizationTimeZone();
  const data = audit.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (draft[key]?.trim()) next.set(key, draft[key].trim());
    setParams(next);
  };
  const clear = () => {
    setDraft({});
    setParams(new URLSearchParams());
  };
  const setPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  const set = (key: FilterKey) => (value: string | null) => setDraft((d) => ({ ...d, [key]: value ?? '' }));
  const error = audit.error instanceof ApiError && audit.error.hasServerMessage ? audit.error.message : 'No se pudo cargar la auditoría.';

  return (
    <Stack gap="lg">
      <title>Auditoría · Refugio Admin</title>
      <div>
        <Title order={1} fz="h2">
          Auditoría
        </Title>
        <Text c="dimmed">Cada cambio de los registros del refugio: quién lo hizo, cuándo y qué cambió.</Text>
      </div>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={apply} aria-label="Filtros de la auditoría">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <Select
            label="Tipo de registro"
            placeholder="Todos"
            data={HISTORY_ENTITIES.map((value) => ({ value, label: historyEntityLabels[value] }))}
            value={draft.entidad || null}
            onChange={set('entidad')}
            clearable
          />
          <TextInput
            label="Identificador del registro"
            description="Por ejemplo, el número de la mascota"
            value={draft.entidadId ?? ''}
            onChange={(e) => set('entidadId')(e.currentTarget.value)}
          />
          <Select
            label="Persona"
            placeholder="Cualquiera"
            data={(actors.data ?? []).map((user) => ({ value: user.id, label: `${user.name} ${user.lastname}`.trim() || user.mail }))}
            value={draft.actorId || null}
            onChange={set('actorId')}
            searchable
            clearable
          />
          <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
            <DatePickerInput
              label="Desde"
              placeholder="Cualquier día"
              valueFormat="DD/MM/YYYY"
              clearable
              maxDate={draft.hasta || undefined}
              value={draft.desde || null}
              onChange={(day) => set('desde')(day ?? '')}
              leftSection={<IconCalendar size={16} aria-hidden="true" />}
            />
            <DatePickerInput
              label="Hasta"
              placeholder="Cualquier día"
              valueFormat="DD/MM/YYYY"
              clearable
              minDate={draft.desde || undefined}
              value={draft.hasta || null}
              onChange={(day) => set('hasta')(day ?? '')}
              leftSection={<IconCalendar size={16} aria-hidden="true" />}
            />
          </DatesProvider>
        </SimpleGrid>
        <Group mt="md" gap="sm">
          <Button type="submit" leftSection={<IconFilter size={16} aria-hidden="true" />}>
            Filtrar
          </Button>
          <Button variant="subtle" onClick={clear}>
            Limpiar filtros
          </Button>
        </Group>
      </Paper>

      <Paper withBorder radius="md" component="section" aria-labelledby="audit-results-title">
        <Group justify="space-between" p="md" pb={0}>
          <Title order={2} fz="h4" id="audit-results-title">
            Cambios
          </Title>
          {data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countLabel(data.total, 'cambio', 'cambios')}
            </Text>
          ) : null}
        </Group>
        {audit.isError ? (
          <ListLoadError title="No se pudo cargar la auditoría" onRetry={() => void audit.refetch()}>
            {error}
          </ListLoadError>
        ) : !data ? (
          <ListLoading label="Cargando cambios…" />
        ) : data.items.length === 0 ? (
          <Text p="md" c="dimmed">
            No hay cambios con estos filtros.
          </Text>
        ) : (
          <>
            <Stack p="md">
              <HistoryEventList events={data.items} timeZone={timeZone} showRecord label="Cambios registrados" />
            </Stack>
            {pageCount > 1 ? <ListPager page={filters.page} pageCount={pageCount} onPage={setPage} /> : null}
          </>
        )}
      </Paper>
    </Stack>
  );
}

export { AuditoriaScreen as Component };
