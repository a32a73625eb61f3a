import { ActionIcon, Group, Loader, Tooltip } from '@mantine/core';
import { adoptedWord } from '@refugio/contracts';
import { IconEdit, IconEye, IconHeartHandshake, IconHome, IconRestore, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PetListItemView } from '../api/pet-view';
import type { PetActions } from '../hooks/use-pet-actions';
import { useCapabilities } from '../../../lib/role-lookup';

interface PetRowActionsProps {
  pet: PetListItemView;
  actions: PetActions;
  /** Phones: 44 px targets, and 'Eliminar' set apart from the other actions. */
  touch?: boolean;
}

/** View, edit, mark adopted / not adopted and delete; a deleted pet offers only 'Restaurar'. */
export function PetRowActions({ pet, actions, touch = false }: PetRowActionsProps) {
  const size = touch ? 44 : 'md';
  const may = useCapabilities();
  // A role that may not change pets (Veterinaria, Voluntariado) is offered only 'Ver': the rest would answer 'No tienes permiso'.
  if (!may('mascotas.editar')) {
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label="Ver">
          <ActionIcon size={size} component={Link} to={`/mascota/${pet.id}`} variant="subtle" color="gray" aria-label={`Ver a ${pet.nombre}`}>
            <IconEye size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  if (pet.deletedAt) {
    return (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label="Restaurar">
          <ActionIcon size={size} variant="light" aria-label={`Restaurar a ${pet.nombre}`} onClick={() => actions.onRestore(pet)}>
            <IconRestore size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  const adopted = pet.adoptado;
  const word = adoptedWord(pet.genero);
  const adoptLabel = adopted ? `Marcar a ${pet.nombre} como no ${word}` : `Marcar a ${pet.nombre} como ${word}`;
  const pending = actions.pendingAdoptedId === pet.id;
  const remove = (
    <Tooltip label="Eliminar">
      <ActionIcon size={size} variant="subtle" color="red" aria-label={`Eliminar a ${pet.nombre}`} onClick={() => actions.onDelete(pet)}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={touch ? 'xs' : 4} wrap="nowrap" justify={touch ? 'space-between' : 'flex-end'} w={touch ? '100%' : undefined}>
      {touch ? remove : null}
      <Group gap={touch ? 'xs' : 4} wrap="nowrap">
        <Tooltip label="Ver">
          <ActionIcon size={size} component={Link} to={`/mascota/${pet.id}`} variant="subtle" color="gray" aria-label={`Ver a ${pet.nombre}`}>
            <IconEye size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Editar">
          <ActionIcon size={size} component={Link} to={`/editar/${pet.id}`} variant="subtle" color="gray" aria-label={`Editar a ${pet.nombre}`}>
            <IconEdit size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={adopted ? `Marcar como no ${word}` : `Marcar como ${word}`}>
          <ActionIcon
            size={size}
            variant="subtle"
            color={adopted ? 'grape' : 'gray'}
            aria-label={adoptLabel}
            aria-pressed={adopted}
            disabled={pending}
            onClick={() => actions.onToggleAdopted(pet)}
          >
            {pending ? (
              <Loader size={14} />
            ) : adopted ? (
              <IconHome size={18} aria-hidden="true" />
            ) : (
              <IconHeartHandshake size={18} aria-hidden="true" />
            )}
          </ActionIcon>
        </Tooltip>
      </Group>
      {touch ? null : remove}
    </Group>
  );
}
