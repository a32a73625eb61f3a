import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type PetListItem, adoptedWord } from '@refugio/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeletePet } from '../api/delete-pet';
import { patchPetInLists } from '../api/patch-pet-lists';
import { petQueryKey, petsQueryKey } from '../api/pets-query-key';
import { restorePet } from '../api/restore-pet';
import { setPetAdopted, useSetPetAdopted } from '../api/set-pet-adopted';

const UNDO_WINDOW_MS = 10_000;

export interface PetActions {
  onToggleAdopted: (pet: PetListItem) => void;
  onDelete: (pet: PetListItem) => void;
  onRestore: (pet: PetListItem) => void;
  /** The pet whose adoption change is being saved, if any. */
  pendingAdoptedId: number | null;
}

/** A toast's text with its 'Deshacer' button. */
function UndoMessage({ text, onUndo }: { text: string; onUndo: () => void }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{text}</Text>
      <Button size="compact-sm" variant="light" miw={44} mih={36} onClick={onUndo}>
        Deshacer
      </Button>
    </Group>
  );
}

/**
 * Mark adopted / not adopted and delete, each with 'Deshacer' in its toast, and restore. The changed row stays
 * where it is until the list loads again (see patchPetInLists), so nothing moves under the pointer.
 */
export function usePetActions(): PetActions {
  const queryClient = useQueryClient();
  const setAdopted = useSetPetAdopted();
  const deletePet = useDeletePet();

  // Plain calls rather than a mutation hook: the toast's 'Deshacer' may be clicked after leaving the list.
  const restore = (pet: PetListItem, notificationId?: string) =>
    restorePet(pet.id)
      .then(async () => {
        if (notificationId) notifications.hide(notificationId);
        notifications.show({ color: 'teal', title: 'Mascota restaurada', message: `${pet.nombre} vuelve a estar en la lista.` });
        const inPlace = await patchPetInLists(queryClient, pet.id, { deletedAt: null });
        await queryClient.invalidateQueries({ queryKey: inPlace ? petQueryKey(pet.id) : petsQueryKey });
      })
      .catch((error: unknown) => {
        notifications.show({ color: 'red', title: 'No se pudo restaurar la mascota', message: getErrorMessage(error) });
        void queryClient.invalidateQueries({ queryKey: petsQueryKey });
      });

  const undoAdopted = (pet: PetListItem, previous: '0' | '1', version: number, notificationId: string) =>
    setPetAdopted({ id: pet.id, adoptado: previous, version })
      .then(async (updated) => {
        notifications.hide(notificationId);
        notifications.show({ color: 'teal', title: 'Cambio deshecho', message: `${pet.nombre} vuelve a estar como antes.` });
        queryClient.setQueryData(petQueryKey(pet.id), updated);
        await patchPetInLists(queryClient, pet.id, { adoptado: updated.adoptado, version: updated.version, updatedAt: updated.updatedAt });
      })
      .catch((error: unknown) => {
        notifications.show({ color: 'red', title: 'No se pudo deshacer el cambio', message: getErrorMessage(error) });
        void queryClient.invalidateQueries({ queryKey: petsQueryKey });
      });

  const onToggleAdopted = (pet: PetListItem) => {
    const previous = pet.adoptado;
    const adoptado = previous === '1' ? '0' : '1';
    setAdopted.mutate(
      { id: pet.id, adoptado, version: pet.version },
      {
        onSuccess: (updated) => {
          const id = `pet-adopted-${pet.id}-${Date.now()}`;
          notifications.show({
            id,
            color: 'teal',
            title: adoptado === '1' ? 'Adopción registrada' : 'De nuevo en adopción',
            autoClose: UNDO_WINDOW_MS,
            message: (
              <UndoMessage
                text={adoptado === '1' ? `${pet.nombre} figura ahora como ${adoptedWord(pet.genero)}.` : `${pet.nombre} vuelve a estar en adopción.`}
                onUndo={() => void undoAdopted(pet, previous, updated.version, id)}
              />
            ),
          });
        },
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo cambiar la adopción', message: getErrorMessage(error) }),
      },
    );
  };

  const onDelete = (pet: PetListItem) => {
    modals.openConfirmModal({
      title: `¿Eliminar a ${pet.nombre}?`,
      centered: true,
      children: (
        <Text size="sm">
          La mascota dejará de aparecer en la lista y en el catálogo público. Podrás deshacerlo desde el aviso que aparecerá a continuación.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletePet.mutate(pet.id, {
          onSuccess: () => {
            const id = `pet-deleted-${pet.id}-${Date.now()}`;
            notifications.show({
              id,
              color: 'teal',
              title: 'Mascota eliminada',
              autoClose: UNDO_WINDOW_MS,
              message: <UndoMessage text={`Se eliminó a ${pet.nombre}.`} onUndo={() => void restore(pet, id)} />,
            });
          },
          onError: (error) => notifications.show({ color: 'red', title: 'No se pudo eliminar la mascota', message: getErrorMessage(error) }),
        }),
    });
  };

  return {
    onToggleAdopted,
    onDelete,
    onRestore: (pet) => void restore(pet),
    pendingAdoptedId: setAdopted.isPending ? setAdopted.variables.id : null,
  };
}
