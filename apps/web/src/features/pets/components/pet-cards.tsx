import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { PetListItem } from '@refugio/contracts';
import { Link } from 'react-router';
import type { PetActions } from '../hooks/use-pet-actions';
import { PetBadges } from './pet-badges';
import { PetOpenRequests } from './pet-open-requests';
import { PetRowActions } from './pet-row-actions';
import { PetTags } from './pet-tags';
import { PetThumb } from './pet-thumb';
import classes from './pets-list.module.css';

/** The pet list as cards (narrow screens). */
export function PetCards({ pets, actions }: { pets: readonly PetListItem[]; actions: PetActions }) {
  return (
    <Stack gap="sm" p="sm" role="list" aria-label="Mascotas">
      {pets.map((pet) => (
        <Paper key={pet.id} withBorder radius="md" p="sm" role="listitem" className={classes.row} data-deleted={pet.deletedAt ? true : undefined}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <PetThumb url={pet.thumbnailUrl} size={64} />
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Anchor component={Link} to={`/mascota/${pet.id}`} fw={600} c="inherit" truncate>
                {pet.nombre}
              </Anchor>
              <Text size="sm" c="dimmed">
                {[pet.tipo, pet.edad, pet.genero, pet.tamano].filter(Boolean).join(' · ')}
              </Text>
              <PetBadges adoptado={pet.adoptado} estado={pet.estado} size="xs" />
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
  );
}
