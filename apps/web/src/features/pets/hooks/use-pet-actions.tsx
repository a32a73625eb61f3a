import { Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { adoptedWord } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { UNDO_WINDOW_MS, UndoMessage } from '../../../components/ui/undo-message';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeletePet } from '../api/delete-pet';
import { patchPetInLists } from '../api/patch-pet-lists';
import type { PetListItemView } from '../api/pet-view';
import { petQueryKey, petsQueryKey } from '../api/pets-query-key';
import { restorePet } from '../api/restore-pet';
import { setPetAdopted, useSetPetAdopted } from '../api/set-pet-adopted';

// The adopter's dialog (and its person search) opens from one menu entry: the list does not download it until then.
const AdopterDialog = lazy(() => import('../components/adopter-dialog').then((module) => ({ default: module.AdopterDialog })));

export interface PetActions {
  onToggleAdopted: (pet: PetListItemView) => void;
  onDelete: (pet: PetListItemView) => void;
  onRestore: (pet: PetListItemView) => void;
  /** The pet whose adoption change is being saved, if any. */
  pendingAdoptedId: number | null;
}

/**
 * Mark adopted / not adopted and delete, each with 'Deshacer' in its toast, and restore. The changed row stays
 * where it is until the list loads again (see patchPetInLists), so nothing moves under the pointer.
 */
export function usePetActions(): PetActions {
  const queryClient = useQueryClient();
  const setAdopted = useSetPetAdopted();
  const deletePet = useDeletePet();
  // Bare mutations, awaited with `mutateAsync`: the toast's 'Deshacer' may be clicked after leaving the list,
  // and going through the mutation cache refreshes the counts (app/query-client.ts) as every change does.
  const restoreCall = useMutation({ mutationFn: restorePet });
  const undoAdoptedCall = useMutation({ mutationFn: setPetAdopted });

  const restore = (pet: PetListItemView, notificationId?: string) =>
    restoreCall
      .mutateAsync(pet.id)
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

  const undoAdopted = (pet: PetListItemView, previous: boolean, version: number, notificationId: string) =>
    undoAdoptedCall
      .mutateAsync({ id: pet.id, adoptado: previous, version })
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

  const toggleAdopted = (pet: PetListItemView, adoptado: boolean, cerrarSolicitudes = false, personaId: number | null = null) => {
    const previous = pet.adoptado;
    setAdopted.mutate(
      { id: pet.id, adoptado, version: pet.version, cerrarSolicitudes, ...(personaId === null ? {} : { personaId }) },
      {
        onSuccess: (updated) => {
          const text = adoptado ? `${pet.nombre} figura ahora como ${adoptedWord(pet.genero)}.` : `${pet.nombre} vuelve a estar en adopción.`;
          if (cerrarSolicitudes) {
            // Closed requests do not reopen by un-marking the pet: no 'Deshacer' here.
            notifications.show({ color: 'teal', title: 'Adopción registrada', message: `${text} Sus solicitudes abiertas se cerraron.` });
            return;
          }
          const id = `pet-adopted-${pet.id}-${Date.now()}`;
          notifications.show({
            id,
            color: 'teal',
            title: adoptado ? 'Adopción registrada' : 'De nuevo en adopción',
            autoClose: UNDO_WINDOW_MS,
            message: <UndoMessage text={text} onUndo={() => void undoAdopted(pet, previous, updated.version, id)} />,
          });
        },
        onError: (error) => notifications.show({ color: 'red', title: 'No se pudo cambiar la adopción', message: getErrorMessage(error) }),
      },
    );
  };

  const onToggleAdopted = (pet: PetListItemView) => {
    if (pet.adoptado) {
      toggleAdopted(pet, false);
      return;
    }
    // Who adopts it: a person found or created, or "Sin persona" on purpose; open requests may be closed too.
    const modalId = `adoptar-${pet.id}`;
    modals.open({
      modalId,
      title: `¿Marcar a ${pet.nombre} como ${adoptedWord(pet.genero)}?`,
      centered: true,
      size: 'lg',
      children: (
        <Suspense fallback={<Loader size="sm" aria-label="Cargando" />}>
          <AdopterDialog
            genero={pet.genero}
            solicitudesAbiertas={pet.solicitudesAbiertas}
            onCancel={() => modals.close(modalId)}
            onConfirm={({ personaId, cerrarSolicitudes }) => {
              modals.close(modalId);
              toggleAdopted(pet, true, cerrarSolicitudes, personaId);
            }}
          />
        </Suspense>
      ),
    });
  };

  const onDelete = (pet: PetListItemView) => {
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
