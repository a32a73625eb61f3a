import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Switch, TextInput, Tooltip } from '@mantine/core';
import {
  type CustomField,
  PET_GENDERS,
  PET_SIZES,
  PET_TYPES,
  PROCEDENCIAS,
  PROCEDENCIA_SIN_INDICAR,
  PUBLICATION_STATES,
  petFormMessages,
  procedenciaLabels,
} from '@refugio/contracts';
import { IconSortAscending, IconSortDescending, IconX } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { estadoLabels } from '../lib/pet-display';
import { showDeleted, showsDeleted, type PetSortField, type PetsListParams } from '../lib/pets-list-params';

/** Only an organisation with its own pet fields needs these filters: their code is fetched when it has some. */
const PetCustomFieldFilters = lazy(() => import('./pet-custom-field-filters').then((module) => ({ default: module.PetCustomFieldFilters })));

const sortOptions: { value: PetSortField; label: string }[] = [
  { value: 'updatedAt', label: 'Última modificación' },
  { value: 'createdAt', label: 'Fecha de alta' },
  { value: 'fechaingreso', label: 'Fecha de ingreso' },
  { value: 'nombre', label: 'Nombre' },
  { value: 'tipo', label: 'Tipo' },
];

interface PetListFiltersProps {
  params: PetsListParams;
  tagDraft: string;
  onTagDraftChange: (value: string) => void;
  onChange: (changes: Partial<PetsListParams>) => void;
  onClear: () => void;
  hasFilters: boolean;
  /** The organisation's active pet fields, for the «Campo propio» filter. */
  customFields: readonly CustomField[];
  /** The server's refusals of the list's query, by parameter (`campo.<clave>`). */
  fieldErrors?: Readonly<Record<string, string>> | undefined;
  /** Changes when every filter is cleared, so a field picked without a value goes too. */
  clearCount: number;
}

/** The list's filters and order; every change goes to the address (and so to the server's query). */
export function PetListFilters({
  params,
  tagDraft,
  onTagDraftChange,
  onChange,
  onClear,
  hasFilters,
  customFields,
  fieldErrors,
  clearCount,
}: PetListFiltersProps) {
  const select = (
    label: string,
    key: 'tipo' | 'tamano' | 'genero' | 'adoptado' | 'discapacidad' | 'estado' | 'esterilizado' | 'conMicrochip' | 'procedencia',
    data: { value: string; label: string }[],
  ) => (
    <Select
      label={label}
      placeholder="Todos"
      data={data}
      value={params[key] || null}
      onChange={(value) => onChange({ [key]: value ?? '' })}
      clearable
      clearButtonProps={{ 'aria-label': `Quitar el filtro ${label}` }}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4, xl: 9 }} spacing="sm" verticalSpacing="xs" w="100%">
        {select('Tipo', 'tipo', plain(PET_TYPES))}
        {select('Tamaño', 'tamano', plain(PET_SIZES))}
        {select('Género', 'genero', plain(PET_GENDERS))}
        {select('Adopción', 'adoptado', [
          // Plural for a group of pets of either gender ("En adopción" is a published pet: see the "Publicación" filter).
          { value: '0', label: 'Sin adoptar' },
          { value: '1', label: 'Adoptadas' },
        ])}
        {select('Discapacidad', 'discapacidad', [
          { value: '1', label: 'Con discapacidad' },
          { value: '0', label: 'Sin discapacidad' },
        ])}
        {select(
          'Publicación',
          'estado',
          PUBLICATION_STATES.map((value) => ({ value, label: estadoLabels[value] })),
        )}
        {select('Esterilizado', 'esterilizado', [
          { value: 'si', label: 'Esterilizadas' },
          { value: 'no', label: 'Sin esterilizar' },
          { value: 'desconocido', label: 'No se sabe' },
        ])}
        {select('Con microchip', 'conMicrochip', [
          { value: '1', label: 'Con microchip' },
          { value: '0', label: 'Sin microchip' },
        ])}
        {select('Procedencia', 'procedencia', [
          { value: PROCEDENCIA_SIN_INDICAR, label: petFormMessages.procedenciaSinIndicar },
          ...PROCEDENCIAS.map((value) => ({ value, label: procedenciaLabels[value] })),
        ])}
        <TextInput label="Etiqueta" placeholder="Cualquiera" value={tagDraft} onChange={(event) => onTagDraftChange(event.currentTarget.value)} />
      </SimpleGrid>
      {customFields.length > 0 || Object.keys(params.campo).length > 0 ? (
        <Suspense fallback={null}>
          <PetCustomFieldFilters
            key={clearCount}
            fields={customFields}
            campo={params.campo}
            onChange={(campo) => onChange({ campo })}
            fieldErrors={fieldErrors}
          />
        </Suspense>
      ) : null}
      <Group gap="md" align="flex-end" wrap="wrap">
        <Group gap={4} align="flex-end" wrap="nowrap">
          <Select
            label="Ordenar por"
            data={sortOptions}
            value={params.sort}
            onChange={(value) => onChange({ sort: value ?? 'updatedAt' })}
            allowDeselect={false}
            w={210}
          />
          <Tooltip label={params.order === 'asc' ? 'Ascendente' : 'Descendente'}>
            <ActionIcon
              size="lg"
              variant="default"
              aria-label={params.order === 'asc' ? 'Orden ascendente: cambiar a descendente' : 'Orden descendente: cambiar a ascendente'}
              onClick={() => onChange({ order: params.order === 'asc' ? 'desc' : 'asc' })}
              mb={2}
            >
              {params.order === 'asc' ? <IconSortAscending size={18} aria-hidden="true" /> : <IconSortDescending size={18} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <Switch
          mb={8}
          label="Ver eliminadas"
          checked={showsDeleted(params)}
          onChange={(event) => onChange(showDeleted(event.currentTarget.checked))}
        />
        {hasFilters ? (
          <Button variant="subtle" size="xs" mb={6} leftSection={<IconX size={14} aria-hidden="true" />} onClick={onClear}>
            Limpiar filtros
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
