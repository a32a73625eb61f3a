import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UNDO_WINDOW_MS, UndoMessage } from '../../../components/ui/undo-message';
import { getErrorMessage } from '../../../lib/get-error-message';
import { careQueryKey } from '../api/care-query-keys';
import { markCareDone, type MarkCareDoneInput } from '../api/mark-care-done';
import { deferDone } from '../lib/deferred-done';

export interface DoneTarget {
  id: number;
  version: number;
  /** "Polivalente (2.ª dosis)" */
  nombre: string;
  /** The pet's name, for the toast. */
  mascota: string;
}

/**
 * 'Hecho' with 'Deshacer': the record shows as done at once, the toast offers to undo it, and the mark is sent
 * when the toast's time is up (see deferred-done.ts). A refused mark (someone else changed the record, a date
 * in the future) says why and puts the record back.
 */
export function useMarkCareDone(delayMs = UNDO_WINDOW_MS) {
  const queryClient = useQueryClient();
  // A bare mutation, awaited with `mutateAsync`: the mark may be sent after leaving the screen, and going
  // through the mutation cache refreshes the counts of "Pendientes" (app/query-client.ts).
  const call = useMutation({ mutationFn: (input: MarkCareDoneInput) => markCareDone(input) });

  return (target: DoneTarget, fecha: string) => {
    const toastId = `care-done-${target.id}-${Date.now()}`;
    const input: MarkCareDoneInput = { id: target.id, fecha, version: target.version };
    const undo = deferDone(target.id, delayMs, ({ keepalive }) => {
      const sent = keepalive ? markCareDone(input, { keepalive: true }) : call.mutateAsync(input);
      sent
        .catch((error: unknown) => {
          notifications.show({
            color: 'red',
            title: `No se pudo marcar como hecho: ${target.nombre}`,
            message: getErrorMessage(error),
            autoClose: 8000,
          });
        })
        .finally(() => void queryClient.invalidateQueries({ queryKey: careQueryKey }));
    });
    notifications.show({
      id: toastId,
      color: 'teal',
      title: 'Marcado como hecho',
      autoClose: delayMs,
      message: (
        <UndoMessage
          text={`${target.nombre} · ${target.mascota}`}
          onUndo={() => {
            notifications.hide(toastId);
            if (undo()) notifications.show({ color: 'gray', title: 'Deshecho', message: `${target.nombre} sigue pendiente.` });
          }}
        />
      ),
    });
  };
}
