import { Button, Group, Paper, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { ADOPTION_STATES, type AdoptionState, adoptionStateLabels, countLabel } from '@refugio/contracts';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportLinks } from '../../../components/ui/export-links';
import { ListPager } from '../../../components/ui/list-pager';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ListSearchInput } from '../../../components/ui/list-search-input';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useAddressParams } from '../../../lib/use-address-params';
import { useUrlSearch } from '../../../lib/use-url-search';
import { useAdoptionRequests } from '../api/list-adoption-requests';
import { usePetOptions } from '../api/search-pet-options';
import { RequestCards, RequestsTable } from '../components/requests-table';
import {
  REQUEST_PAGE_SIZE_OPTIONS,
  type RequestSortField,
  type RequestsListParams,
  readRequestsListParams,
  toRequestFilters,
  writeRequestsListParams,
} from '../lib/requests-list-params';

const TYPING_DELAY_MS = 300;
const WIDE_QUERY = '(min-width: 48em)';

/** The status filter: one button per status with its count; the pressed one is the filter. */
function StateFilter({
  counts,
  value,
  onChange,
}: {
  counts: Record<AdoptionState, number> | undefined;
  value: AdoptionState | '';
  onChange: (value: AdoptionState | '') => void;
}) {
  const total = counts ? ADOPTION_STATES.reduce((sum, s) => sum + counts[s], 0) : undefined;
  const options: { value: AdoptionState | ''; label: string; count: number | undefined }[] = [
    { value: '', label: 'Todas', count: total },
    ...ADOPTION_STATES.map((s) => ({ value: s, label: adoptionStateLabels[s], count: counts?.[s] })),
  ];
  return (
    <Group gap={6} role="group" aria-label="Filtrar por estado">
      {options.map((option) => (
        <Button
          key={option.value || 'todas'}
          size="compact-sm"
          radius="xl"
          variant={value === option.value ? 'filled' : 'default'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
          {option.count !== undefined ? ` (${option.count})` : ''}
        </Button>
      ))}
    </Group>
  );
}

function PetFilter({ value, selectedLabel, onChange }: { value: string; selectedLabel: string | undefined; onChange: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TYPING_DELAY_MS);
  const options = usePetOptions(debounced);
  const data = [...(options.data ?? [])];
  if (value && !data.some((o) => o.value === value)) data.unshift({ value, label: selectedLabel ?? `Mascota n.º ${value}` });
  return (
    <Select
      label="Mascota"
      placeholder="Todas las mascotas"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Quitar el filtro de mascota' }}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      // Said beside the field, not as an empty listbox (a listbox must hold options: axe `aria-required-children`).
      description={data.length === 0 && search.trim() !== '' ? (options.isFetching ? 'Buscando...' : 'Ninguna mascota coincide') : undefined}
      descriptionProps={{ 'aria-live': 'polite' }}
      w={{ base: '100%', sm: 260 }}
    />
  );
}

/** ListaFormularios (/formularios): adoption requests with status counts, filters, search, order, pages and CSV export. */
function ListaFormulariosScreen() {
  const [searchParams, updateAddress] = useAddressParams();
  const params = readRequestsListParams(searchParams);
  const requests = useAdoptionRequests(params);
  const isWide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  // A new page is a step back can undo; filters, search and order replace the current entry.
  const updateParams = (changes: Partial<RequestsListParams>, { push = false } = {}) =>
    updateAddress((current) => writeRequestsListParams(current, changes), { replace: !push, preventScrollReset: true });
  const search = useUrlSearch(params.q, (q) => updateParams({ q }));

  const data = requests.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = params.q !== '' || params.estado !== '' || params.mascotaId !== '';
  const selectedPet = data?.items.find((item) => String(item.mascota.id) === params.mascotaId)?.mascota;
  const sortBy = (field: RequestSortField) =>
    updateParams(
      params.sort === field ? { order: params.order === 'asc' ? 'desc' : 'asc' } : { sort: field, order: field === 'createdAt' ? 'desc' : 'asc' },
    );

  return (
    <Stack gap="lg">
      <title>Formularios de Solicitud · Refugio Admin</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz="h2">
            Formularios de Solicitud
          </Title>
          <Text c="dimmed">Las solicitudes de adopción que llegan desde el catálogo público.</Text>
        </div>
        <ExportLinks path="/api/solicitudes-adopcion" filters={toRequestFilters(params)} />
      </Group>

      <Paper withBorder radius="md">
        <Stack gap="sm" p="md">
          <StateFilter counts={data?.counts} value={params.estado} onChange={(estado) => updateParams({ estado })} />
          <Group gap="sm" align="flex-end">
            <ListSearchInput
              label="Buscar"
              placeholder="Nombre, correo o teléfono"
              search={search}
              busy={requests.isFetching && data !== undefined}
              onClear={() => updateParams({ q: '' })}
              style={{ flex: 1 }}
              miw={220}
              maw={420}
            />
            <PetFilter value={params.mascotaId} selectedLabel={selectedPet?.nombre} onChange={(mascotaId) => updateParams({ mascotaId })} />
          </Group>
          {data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countLabel(data.total, 'solicitud', 'solicitudes')}
            </Text>
          ) : null}
        </Stack>

        {requests.isError ? (
          <ListLoadError title="No se pudo cargar la lista de solicitudes" onRetry={() => void requests.refetch()}>
            <Text size="sm">{getErrorMessage(requests.error)}</Text>
          </ListLoadError>
        ) : null}
        {requests.isPending ? <ListLoading label="Cargando solicitudes..." /> : null}
        {data && data.items.length === 0 ? (
          <Stack align="center" gap="xs" py={48} px="md" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden="true">
              <IconInbox size={24} />
            </ThemeIcon>
            <Text fw={600}>
              {filtered ? 'No hay solicitudes que coincidan con la búsqueda o los filtros.' : 'Todavía no llegó ninguna solicitud.'}
            </Text>
            {filtered ? (
              <Button
                variant="light"
                onClick={() => {
                  search.reset();
                  updateParams({ q: '', estado: '', mascotaId: '' });
                }}
              >
                Limpiar filtros
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {data && data.items.length > 0 ? (
          isWide ? (
            <RequestsTable requests={data.items} sort={params} onSort={sortBy} />
          ) : (
            <RequestCards requests={data.items} />
          )
        ) : null}
        {data && data.total > 0 ? (
          <ListPager
            page={params.page}
            pageCount={pageCount}
            onPage={(page) => updateParams({ page }, { push: true })}
            pageSize={{
              value: params.pageSize,
              options: REQUEST_PAGE_SIZE_OPTIONS,
              label: 'Solicitudes por página',
              onChange: (pageSize) => updateParams({ pageSize }),
            }}
          />
        ) : null}
      </Paper>
    </Stack>
  );
}

export { ListaFormulariosScreen as Component };
