import { notifications } from '@mantine/notifications';
import type { MarkCareDoneResult } from '@refugio/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UNDO_WINDOW_MS, UndoMessage } from '../../../components/ui/undo-message';
import { getErrorMessage } from '../../../lib/get-error-message';
import { careQueryKey } from '../api/care-query-keys';
import { markCareDone } from '../api/mark-care-done';
import { undoCareDone } from '../api/undo-care-done';
import { showAsDone, stopShowingAsDone } from '../lib/marking-done';

export interface DoneTarget {
  id: number;
  version: number;
  /** "Polivalente (2.ª dosis)" */
  nombre: string;
  /** The pet's name, for the toast. */
  mascota: string;
}

/**
 * 'Hecho' with 'Deshacer': the mark is sent at once (and outlives the tab), the record shows as done meanwhile,
 * and the toast's 'Deshacer' asks the server to undo it at the version the mark answered; that also removes the
 * next dose the mark planned while nobody has touched it. A refused mark (someone else changed the record, a date
 * in the future) or a refused undo (someone changed it since) says why; the lists then read the records again.
 */
export function useMarkCareDone() {
  const queryClient = useQueryClient();
  // Bare mutations, awaited with `mutateAsync`: 'Deshacer' may be clicked after leaving the screen, and going
  // through the mutation cache refreshes the counts of "Pendientes" (app/query-client.ts).
  const markCall = useMutation({ mutationFn: markCareDone });
  const undoCall = useMutation({ mutationFn: undoCareDone });
  const refresh = () => queryClient.invalidateQueries({ queryKey: careQueryKey });

  return (target: DoneTarget, fecha: string) => {
    const toastId = `care-done-${target.id}-${Date.now()}`;
    showAsDone(target.id);
    // The mark's answer, or null when it was refused (already said in its own toast).
    const marked: Promise<MarkCareDoneResult | null> = markCall
      .mutateAsync({ id: target.id, fecha, version: target.version })
      .catch((error: unknown) => {
        notifications.hide(toastId);
        notifications.show({
          color: 'red',
          title: `No se pudo marcar como hecho: ${target.nombre}`,
          message: getErrorMessage(error),
          autoClose: 8000,
        });
        return null;
      });
    void marked.then(async () => {
      await refresh();
      stopShowingAsDone(target.id);
    });

    const undo = async () => {
      notifications.hide(toastId);
      const mark = await marked;
      if (!mark) return;
      try {
        const undone = await undoCall.mutateAsync({ id: target.id, version: mark.registro.version });
        const kept = mark.siguiente !== null && !undone.siguienteQuitado;
        notifications.show({
          color: 'gray',
          title: 'Deshecho',
          message: kept
            ? `${target.nombre} sigue pendiente. La siguiente dosis ya se había cambiado y se mantiene.`
            : `${target.nombre} sigue pendiente.`,
        });
      } catch (error) {
        notifications.show({ color: 'red', title: `No se pudo deshacer: ${target.nombre}`, message: getErrorMessage(error), autoClose: 8000 });
      }
      await refresh();
    };

    notifications.show({
      id: toastId,
      color: 'teal',
      title: 'Marcado como hecho',
      autoClose: UNDO_WINDOW_MS,
      message: <UndoMessage text={`${target.nombre} · ${target.mascota}`} onUndo={() => void undo()} />,
    });
  };
}
