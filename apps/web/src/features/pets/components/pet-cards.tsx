import { Anchor, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { petBatchUiMessages } from '@refugio/contracts';
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

/** The pet list as cards (narrow screens), each with its selection checkbox, and one for the page above them. */
export function PetCards({ pets, actions, bulk }: { pets: readonly PetListItemView[]; actions: PetActions; bulk: PetBulk }) {
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
