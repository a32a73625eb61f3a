import { Button, Group, Paper, Select, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { countLabel, PERSON_ROLES, personRoleLabels } from '@refugio/contracts';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListPager } from '../../../components/ui/list-pager';
import { ListLoadError, ListLoading } from '../../../components/ui/list-states';
import { ListSearchInput } from '../../../components/ui/list-search-input';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useAddressParams } from '../../../lib/use-address-params';
import { useUrlSearch } from '../../../lib/use-url-search';
import { usePersons } from '../api/list-persons';
import { PersonCards, PersonsTable } from '../components/persons-table';
import { PERSON_PAGE_SIZE_OPTIONS, type PersonsListParams, readPersonsListParams, writePersonsListParams } from '../lib/persons-list-params';
import { useCapabilities } from '../../../lib/role-lookup';

const WIDE_QUERY = '(min-width: 48em)';

/** Personas (/personas): everyone outside the team, searched by name, e-mail, phone or document, by role, or the possible duplicates. */
function PersonasScreen() {
  const [searchParams, updateAddress] = useAddressParams();
  const params = readPersonsListParams(searchParams);
  const persons = usePersons(params);
  const isWide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const updateParams = (changes: Partial<PersonsListParams>, { push = false } = {}) =>
    updateAddress((current) => writePersonsListParams(current, changes), { replace: !push, preventScrollReset: true });
  const search = useUrlSearch(params.q, (q) => updateParams({ q }));
  const may = useCapabilities();

  const data = persons.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = params.q !== '' || params.rol !== '' || params.duplicados;

  return (
    <Stack gap="lg">
      <title>Personas · Refugio Admin</title>
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz="h2">
            Personas
          </Title>
          <Text c="dimmed">Adoptantes, casas de acogida, voluntariado, rescatistas, socios, padrinos y donantes.</Text>
        </div>
        {/* Only for the roles that may create a person: Voluntariado reads them. */}
        {may('personas.editar') ? (
          <Button component={Link} to="/personas/nueva" leftSection={<IconPlus size={16} aria-hidden="true" />}>
            Nueva persona
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="md">
        <Stack gap="sm" p="md">
          <Group gap="sm" align="flex-end">
            <ListSearchInput
              label="Buscar"
              placeholder="Nombre, correo, teléfono o documento"
              search={search}
              busy={persons.isFetching && data !== undefined}
              onClear={() => updateParams({ q: '' })}
              style={{ flex: 1 }}
              miw={220}
              maw={420}
            />
            <Select
              label="Rol"
              placeholder="Todos los roles"
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar el filtro de rol' }}
              data={PERSON_ROLES.map((rol) => ({ value: rol, label: personRoleLabels[rol] }))}
              value={params.rol || null}
              onChange={(value) => updateParams({ rol: value ?? '' })}
              w={{ base: '100%', sm: 220 }}
            />
            <Switch
              label="Posibles duplicados"
              checked={params.duplicados}
              onChange={(event) => updateParams({ duplicados: event.currentTarget.checked })}
              mb={8}
            />
          </Group>
          {data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {countLabel(data.total, 'persona', 'personas')}
            </Text>
          ) : null}
        </Stack>

        {persons.isError ? (
          <ListLoadError title="No se pudo cargar la lista de personas" onRetry={() => void persons.refetch()}>
            <Text size="sm">{getErrorMessage(persons.error)}</Text>
          </ListLoadError>
        ) : null}
        {persons.isPending ? <ListLoading label="Cargando personas..." /> : null}
        {data && data.items.length === 0 ? (
          <Stack align="center" gap="xs" py={48} px="md" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden="true">
              <IconUsersGroup size={24} />
            </ThemeIcon>
            <Text fw={600}>{filtered ? 'Ninguna persona coincide con la búsqueda o los filtros.' : 'Todavía no hay personas.'}</Text>
            {filtered ? (
              <Button
                variant="light"
                onClick={() => {
                  search.reset();
                  updateParams({ q: '', rol: '', duplicados: false });
                }}
              >
                Limpiar filtros
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {data && data.items.length > 0 ? isWide ? <PersonsTable persons={data.items} /> : <PersonCards persons={data.items} /> : null}
        {data && data.total > 0 ? (
          <ListPager
            page={params.page}
            pageCount={pageCount}
            onPage={(page) => updateParams({ page }, { push: true })}
            pageSize={{
              value: params.pageSize,
              options: PERSON_PAGE_SIZE_OPTIONS,
              label: 'Personas por página',
              onChange: (pageSize) => updateParams({ pageSize }),
            }}
          />
        ) : null}
      </Paper>
    </Stack>
  );
}

export { PersonasScreen as Component };
