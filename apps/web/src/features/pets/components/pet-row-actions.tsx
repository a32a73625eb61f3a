import { ActionIcon, Group, Loader, Tooltip } from '@mantine/core';
import type { PetListItem } from '@refugio/contracts';
import { IconEdit, IconEye, IconHeartHandshake, IconHome, IconRestore, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PetActions } from '../hooks/use-pet-actions';

/** View, edit, mark adopted / not adopted and delete; a deleted pet offers only 'Restaurar'. */
export function PetRowActions({ pet, actions }: { pet: PetListItem; actions: PetActions }) {
  if (pet.deletedAt) {
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label="Restaurar">
          <ActionIcon variant="light" aria-label={`Restaurar a ${pet.nombre}`} onClick={() => actions.onRestore(pet)}>
            <IconRestore size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  const adopted = pet.adoptado === '1';
  const adoptLabel = adopted ? `Marcar a ${pet.nombre} como no adoptado` : `Marcar a ${pet.nombre} como adoptado`;
  const pending = actions.pendingAdoptedId === pet.id;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Ver">
        <ActionIcon component={Link} to={`/mascota/${pet.id}`} variant="subtle" color="gray" aria-label={`Ver a ${pet.nombre}`}>
          <IconEye size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Editar">
        <ActionIcon component={Link} to={`/editar/${pet.id}`} variant="subtle" color="gray" aria-label={`Editar a ${pet.nombre}`}>
          <IconEdit size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={adopted ? 'Marcar como no adoptado' : 'Marcar como adoptado'}>
        <ActionIcon
          variant="subtle"
          color={adopted ? 'grape' : 'gray'}
          aria-label={adoptLabel}
          aria-pressed={adopted}
          disabled={pending}
          onClick={() => actions.onToggleAdopted(pet)}
        >
          {pending ? <Loader size={14} /> : adopted ? <IconHome size={18} aria-hidden="true" /> : <IconHeartHandshake size={18} aria-hidden="true" />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Eliminar">
        <ActionIcon variant="subtle" color="red" aria-label={`Eliminar a ${pet.nombre}`} onClick={() => actions.onDelete(pet)}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
