import { Anchor, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { formatCustomFieldValue, petBatchUiMessages, type CustomField } from '@refugio/contracts';
import { Link } from 'react-router';
import type { PetListItemView } from '../api/pet-view';
import type { PetActions } from '../hooks/use-pet-actions';
import type { PetBulk } from '../hooks/use-pet-bulk';
import { PetBadges } from './pet-badges';
import { SelectCheckbox } from './pet-bulk-actions';
import { PetOpenRequests } from './pet-open-requests';
import { PetRowActions } from './pet-row-actions';
import { PetTags } from './pet-tags';
import { PetThumb } from './pet-thumb';
import classes from './pets-list.module.css';

interface PetCardsProps {
  pets: readonly PetListItemView[];
  actions: PetActions;
  bulk: PetBulk;
  /** The own fields chosen in «Columnas»: each card shows those it has a value for, as «label: value» lines. */
  columns?: readonly CustomField[];
}

/** The own fields chosen for the list, as small «label: value» lines (those the pet has a value for). */
function CustomFieldLines({ pet, columns }: { pet: PetListItemView; columns: readonly CustomField[] }) {
  const lines = columns.flatMap((field) => {
    const text = formatCustomFieldValue(field.tipo, pet.campos[field.clave]);
    return text === '' ? [] : [{ field, text }];
  });
  if (lines.length === 0) return null;
  return (
    <Stack gap={0}>
      {lines.map(({ field, text }) => (
        <Text key={field.clave} size="xs">
          <Text span inherit fw={600}>
            {field.etiqueta}:
          </Text>{' '}
          {text}
        </Text>
      ))}
    </Stack>
  );
}

/** The pet list as cards (narrow screens), each with its selection checkbox, and one for the page above them. */
export function PetCards({ pets, actions, bulk, columns = [] }: PetCardsProps) {
  return (
    <Stack gap="sm" p="sm">
      <Checkbox
        classNames={{ label: classes.pageCheckboxLabel, body: classes.pageCheckboxBody }}
        label={petBatchUiMessages.selectPage}
        checked={bulk.pageState === 'all'}
        indeterminate={bulk.pageState === 'some'}
        onChange={bulk.togglePage}
      />
      <Stack gap="sm" role="list" aria-label="Mascotas">
        {pets.map((pet) => (
          <Paper
            key={pet.id}
            withBorder
            radius="md"
            p="sm"
            role="listitem"
            className={classes.row}
            data-deleted={pet.deletedAt ? true : undefined}
            data-selected={bulk.isSelected(pet.id) || undefined}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <SelectCheckbox label={petBatchUiMessages.selectRow(pet.nombre)} checked={bulk.isSelected(pet.id)} onChange={() => bulk.toggle(pet)} />
              <PetThumb url={pet.thumbnailUrl} size={64} />
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Anchor component={Link} to={`/mascota/${pet.id}`} fw={600} c="inherit" truncate>
                  {pet.nombre}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {[pet.tipo, pet.edad, pet.genero, pet.tamano].filter(Boolean).join(' · ')}
                </Text>
                <PetBadges adoptado={pet.adoptado} genero={pet.genero} estado={pet.estado} size="xs" />
                <PetOpenRequests petId={pet.id} count={pet.solicitudesAbiertas} />
                <PetTags tags={pet.tags} max={4} />
                <CustomFieldLines pet={pet} columns={columns} />
              </Stack>
            </Group>
            <Group justify="flex-end" mt={6}>
              <PetRowActions pet={pet} actions={actions} touch />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
