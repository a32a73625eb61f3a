import { Button, Collapse, Group, Indicator, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { countLabel } from '@refugio/contracts';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPaw, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ExportLinks } from '../../../components/ui/export-links';
import { ListPager } from '../../../components/ui/list-pager';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ListSearchInput } from '../../../components/ui/list-search-input';
import { ApiError } from '../../../lib/api-client';
import { useActiveCustomFields } from '../../../lib/custom-field-definitions';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useSession } from '../../../lib/session';
import { useAddressParams } from '../../../lib/use-address-params';
import { useUrlSearch } from '../../../lib/use-url-search';
import { usePets } from '../api/list-pets';
import { PetCards } from '../components/pet-cards';
import { PetColumnsChooser } from '../components/pet-columns-chooser';
import { PetListFilters } from '../components/pet-list-filters';
import { PetsTable } from '../components/pets-table';
import { PublicCatalogueLink } from '../components/public-catalogue-link';
import { PetBulkBar, PetBulkConfirm, PetBulkSummary } from '../components/pet-bulk-actions';
import { usePetActions } from '../hooks/use-pet-actions';
import { usePetBulk } from '../hooks/use-pet-bulk';
import { usePetListColumns } from '../hooks/use-pet-list-columns';
import { chosenColumnFields } from '../lib/pet-list-columns';
import { toListFilters } from '../lib/pet-selection';
import {
  PAGE_SIZE_OPTIONS,
  clearedFilters,
  filterKeys,
  hasActiveFilters,
  readPetsListParams,
  showsDeleted,
  writePetsListParams,
  type PetSortField,
  type PetsListParams,
} from '../lib/pets-list-params';
import { useCapabilities } from '../../../lib/role-lookup';

const monthFormat = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM' as "noviembre de 2026". */
function monthLabel(month: string): string {
  const [year, monthIndex] = month.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(year ?? 2000, (monthIndex ?? 1) - 1, 1)));
}

// Mantine's `sm` breakpoint (48em = 768px): below it the list shows cards.
const WIDE_QUERY = '(min-width: 48em)';

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden="true">
        <IconPaw size={24} />
      </ThemeIcon>
      {filtered ? (
        <>
          <Text fw={600}>No hay mascotas que coincidan con la búsqueda o los filtros.</Text>
          <Text c="dimmed" size="sm">
            Prueba con otras palabras o quita algún filtro.
          </Text>
          <Button variant="light" mt="xs" onClick={onClear}>
            Limpiar filtros
          </Button>
        </>
      ) : (
        <>
          <Text fw={600}>Todavía no hay mascotas registradas.</Text>
          <AddPetButton mt="xs" size={16} />
        </>
      )}
    </Stack>
  );
}

/** "Agregar mascota", only for the roles the permission table lets add one (not Veterinaria or Voluntariado). */
function AddPetButton({ mt, size }: { mt?: string; size: number }) {
  const may = useCapabilities();
  if (!may('mascotas.editar')) return null;
  return (
    <Button component={Link} to="/agregar" mt={mt} leftSection={<IconPlus size={size} aria-hidden="true" />}>
      Agregar mascota
    </Button>
  );
}

/**
 * Home (/): the pet list with server-side search, filters, order and pages, all kept in the address; rows can
 * be selected (or every pet matching the filter) for bulk actions.
 */
function HomeScreen() {
  const [searchParams, updateAddress] = useAddressParams();
  const params = readPetsListParams(searchParams);
  const pets = usePets(params);
  const actions = usePetActions();
  const bulk = usePetBulk(params, pets.data);
  const isWide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const filtered = hasActiveFilters(params);
  const activeFilterCount = filterKeys.filter((key) => key !== 'q' && params[key] !== '').length + Object.keys(params.campo).length;
  const customFields = useActiveCustomFields('mascota').data ?? [];
  const userId = useSession().data?.user.id;
  const [chosenColumns, chooseColumns] = usePetListColumns(userId);
  const columns = chosenColumnFields(customFields, chosenColumns);
  // A value a field does not have comes back as a 400 naming `campo.<clave>`: shown under that filter too.
  const fieldErrors = pets.error instanceof ApiError ? pets.error.fieldErrors : undefined;
  const [clearCount, setClearCount] = useState(0);
  const [filtersOpened, filtersPanel] = useDisclosure(activeFilterCount > 0);

  // Typing and filters replace the address; a page change is a step of its own, so Back returns to the previous page.
  const updateParams = (changes: Partial<PetsListParams>, { push = false } = {}) =>
    updateAddress((current) => writePetsListParams(current, changes), { replace: !push, preventScrollReset: true });
  const search = useUrlSearch(params.q, (q) => updateParams({ q }));
  // "/" jumps to the search box (not while typing in a field: Mantine's useHotkeys ignores inputs).
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);
  const tag = useUrlSearch(params.tag, (value) => updateParams({ tag: value }));

  const clearAll = () => {
    search.reset();
    tag.reset();
    setClearCount((count) => count + 1);
    updateParams(clearedFilters);
  };
  const sortBy = (field: PetSortField) =>
    updateParams(params.sort === field ? { order: params.order === 'asc' ? 'desc' : 'asc' } : { sort: field, order: 'asc' });

  const data = pets.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="lg">
      <title>Mascotas · Refugio Admin</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz="h2">
            Mascotas
          </Title>
          <Text c="dimmed">Las mascotas del refugio: búscalas, fíltralas y mantén sus datos al día.</Text>
        </div>
        <Group gap="sm">
          <PublicCatalogueLink />
          <ExportLinks path="/api/mascotas" filters={toListFilters(params)} />
          <AddPetButton size={18} />
        </Group>
      </Group>

      <Paper withBorder radius="md">
        <Stack gap="sm" p="md">
          <Group gap="sm" wrap="nowrap">
            <ListSearchInput
              ref={searchRef}
              aria-label="Buscar mascotas"
              aria-keyshortcuts="/"
              placeholder="Buscar por nombre, historia, personalidad o etiqueta"
              search={search}
              busy={pets.isFetching && data !== undefined}
              onClear={() => updateParams({ q: '' })}
              style={{ flex: 1 }}
              maw={520}
            />
            <Indicator label={activeFilterCount} size={18} disabled={activeFilterCount === 0} offset={4}>
              <Button
                variant={filtersOpened ? 'light' : 'default'}
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
                onClick={filtersPanel.toggle}
                aria-expanded={filtersOpened}
                aria-controls="pet-filters"
              >
                Filtros
              </Button>
            </Indicator>
            <PetColumnsChooser fields={customFields} chosen={chosenColumns} onChange={chooseColumns} />
          </Group>
          <Collapse expanded={filtersOpened} id="pet-filters">
            <PetListFilters
              params={params}
              tagDraft={tag.draft}
              onTagDraftChange={tag.change}
              onChange={updateParams}
              onClear={clearAll}
              hasFilters={filtered}
              customFields={customFields}
              fieldErrors={fieldErrors}
              clearCount={clearCount}
            />
          </Collapse>
          {data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {!data.totalExact ? `Más de ${countLabel(data.total, 'mascota', 'mascotas')}` : countLabel(data.total, 'mascota', 'mascotas')}
              {showsDeleted(params) ? ' eliminadas' : ''}
            </Text>
          ) : null}
          {params.adoptadoMes ? (
            <Group gap="xs">
              <Text size="sm" fw={600}>
                Adoptadas en {monthLabel(params.adoptadoMes)}
              </Text>
              <Button size="compact-sm" variant="subtle" onClick={() => updateParams({ adoptadoMes: '' })}>
                Quitar el filtro de mes
              </Button>
            </Group>
          ) : null}
        </Stack>

        {pets.isError ? (
          <ListLoadError title="No se pudo cargar la lista de mascotas" onRetry={() => void pets.refetch()}>
            <Text size="sm">{getErrorMessage(pets.error)}</Text>
          </ListLoadError>
        ) : null}

        {pets.isPending ? <ListLoading label="Cargando mascotas..." /> : null}

        {data && data.items.length === 0 ? <EmptyState filtered={filtered} onClear={clearAll} /> : null}
        {data && data.items.length > 0 ? (
          isWide ? (
            <PetsTable pets={data.items} sort={params} onSort={sortBy} actions={actions} bulk={bulk} columns={columns} />
          ) : (
            <PetCards pets={data.items} actions={actions} bulk={bulk} columns={columns} />
          )
        ) : null}
        <PetBulkBar bulk={bulk} deletedView={showsDeleted(params)} />

        {data && data.total > 0 ? (
          <ListPager
            page={params.page}
            pageCount={pageCount}
            onPage={(page) => updateParams({ page }, { push: true })}
            pageSize={{
              value: params.pageSize,
              options: PAGE_SIZE_OPTIONS,
              label: 'Mascotas por página',
              onChange: (pageSize) => updateParams({ pageSize }),
            }}
          />
        ) : null}
      </Paper>
      <PetBulkConfirm bulk={bulk} />
      <PetBulkSummary outcome={bulk.outcome} onClose={bulk.closeOutcome} />
    </Stack>
  );
}

export { HomeScreen as Component };
