import { Anchor, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { SortableHeader } from '../../../components/ui/sortable-header';
import { Link } from 'react-router';
import { formatCustomFieldValue, petBatchUiMessages, type CustomField } from '@refugio/contracts';
import type { PetListItemView } from '../api/pet-view';
import type { PetActions } from '../hooks/use-pet-actions';
import type { PetBulk } from '../hooks/use-pet-bulk';
import type { PetSortField, PetsListParams } from '../lib/pets-list-params';
import { PetBadges } from './pet-badges';
import { SelectCheckbox } from './pet-bulk-actions';
import { PetOpenRequests } from './pet-open-requests';
import { PetRowActions } from './pet-row-actions';
import { PetTags } from './pet-tags';
import { PetThumb } from './pet-thumb';
import classes from './pets-list.module.css';

interface PetsTableProps {
  pets: readonly PetListItemView[];
  sort: Pick<PetsListParams, 'sort' | 'order'>;
  onSort: (field: PetSortField) => void;
  actions: PetActions;
  /** The selection for bulk actions. */
  bulk: PetBulk;
  /** The own fields chosen as extra columns («Columnas»), after «Estado». */
  columns?: readonly CustomField[];
}

/** Each extra column's share of the width the table keeps before it scrolls sideways. */
const CUSTOM_COLUMN_MIN_WIDTH = 140;

/** The pet list as a table (wide screens), with a checkbox per row and one for the page. */
export function PetsTable({ pets, sort, onSort, actions, bulk, columns = [] }: PetsTableProps) {
  return (
    <Table.ScrollContainer minWidth={900 + columns.length * CUSTOM_COLUMN_MIN_WIDTH}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Mascotas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <SelectCheckbox
                label={petBatchUiMessages.selectPage}
                checked={bulk.pageState === 'all'}
                indeterminate={bulk.pageState === 'some'}
                onChange={bulk.togglePage}
              />
            </Table.Th>
            <SortableHeader field="nombre" sort={sort} onSort={onSort}>
              Mascota
            </SortableHeader>
            <SortableHeader field="tipo" sort={sort} onSort={onSort}>
              Tipo
            </SortableHeader>
            <Table.Th>Edad</Table.Th>
            <Table.Th>Género</Table.Th>
            <Table.Th>Tamaño</Table.Th>
            <Table.Th>Etiquetas</Table.Th>
            <Table.Th>Estado</Table.Th>
            {columns.map((field) => (
              <Table.Th key={field.clave}>{field.etiqueta}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Acciones</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pets.map((pet) => (
            <Table.Tr
              key={pet.id}
              data-deleted={pet.deletedAt ? true : undefined}
              data-selected={bulk.isSelected(pet.id) || undefined}
              className={classes.row}
            >
              <Table.Td>
                <SelectCheckbox
                  label={petBatchUiMessages.selectRow(pet.nombre)}
                  checked={bulk.isSelected(pet.id)}
                  onChange={() => bulk.toggle(pet)}
                />
              </Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <PetThumb url={pet.thumbnailUrl} />
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/mascota/${pet.id}`} fw={600} size="sm" c="inherit">
                      {pet.nombre}
                    </Anchor>
                    {pet.discapacidad ? (
                      <Text size="xs" c="dimmed">
                        Con discapacidad
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>{pet.tipo}</Table.Td>
              <Table.Td>{pet.edad}</Table.Td>
              <Table.Td>{pet.genero}</Table.Td>
              <Table.Td>{pet.tamano}</Table.Td>
              <Table.Td maw={220}>
                <PetTags tags={pet.tags} />
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <PetBadges adoptado={pet.adoptado} genero={pet.genero} estado={pet.estado} />
                  <PetOpenRequests petId={pet.id} count={pet.solicitudesAbiertas} />
                </Stack>
              </Table.Td>
              {columns.map((field) => (
                <Table.Td key={field.clave} maw={220}>
                  {formatCustomFieldValue(field.tipo, pet.campos[field.clave])}
                </Table.Td>
              ))}
              <Table.Td>
                <PetRowActions pet={pet} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
