import { type Person, personSchema } from '@refugio/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { requestJson } from './api-client';
import { getErrorMessage } from './get-error-message';
import { sendMessageToPerson } from './messages-api';
import { openWhatsappTab } from './whatsapp-tab';

/*
 * The person an adoption request or a registration is attached to (`personaId`), and writing to them by WhatsApp.
 * Shared, not a feature's: the person page, the adoption request and the registration screens use the same calls.
 */

/** The same cache entry as the person page's (`['persons', 'detail', id]`), so both screens stay in step. */
export const linkedPersonQueryKey = (id: number) => ['persons', 'detail', id] as const;

export async function getLinkedPerson(id: number, signal?: AbortSignal): Promise<Person> {
  const raw = await requestJson(`/api/personas/${id}`, { signal });
  return personSchema.parse(raw);
}

/** The linked person, when there is one. */
export function useLinkedPerson(id: number | null | undefined) {
  return useQuery({
    queryKey: linkedPersonQueryKey(id ?? 0),
    queryFn: ({ signal }) => getLinkedPerson(id ?? 0, signal),
    enabled: typeof id === 'number' && id > 0,
  });
}

/** Click-to-chat to a person: the message is kept by the server, then the tab opened in the click goes to WhatsApp. */
export function useSendWhatsapp() {
  return useMutation({
    mutationFn: async ({ personaId, cuerpo }: { personaId: number; cuerpo: string }) => {
      const tab = openWhatsappTab();
      try {
        const sent = await sendMessageToPerson(personaId, { canal: 'whatsapp', cuerpo });
        if (!sent.url) throw new Error('La respuesta no trae la dirección de WhatsApp.');
        tab.go(sent.url);
        return sent;
      } catch (error) {
        tab.close();
        throw error;
      }
    },
  });
}

/**
 * Everything an adoption request or a registration needs to show its person: the props of `LinkedPerson` and of
 * `WhatsappDialog` (components/ui), so both screens behave alike. `fallbackName` is the request's own copy of the
 * name, shown until the person is read; `blocked` is the request's `alerta === 'persona_bloqueada'`.
 */
export function useLinkedPersonPanel(personaId: number | null | undefined, fallbackName: string, blocked: boolean) {
  const person = useLinkedPerson(personaId);
  const whatsapp = useSendWhatsapp();
  const [open, setOpen] = useState(false);
  const name = person.data ? [person.data.nombre, person.data.apellidos].filter((part) => part.trim() !== '').join(' ') : fallbackName;
  const close = () => {
    setOpen(false);
    whatsapp.reset();
  };
  return {
    linked:
      typeof personaId === 'number'
        ? {
            personaId,
            name,
            blocked: blocked || person.data?.bloqueado === true,
            motivoBloqueo: person.data?.motivoBloqueo,
            canWhatsapp: Boolean(person.data?.telefono),
            onWhatsapp: () => setOpen(true),
          }
        : null,
    dialog: {
      opened: open,
      recipient: name,
      greeting: person.data?.nombre.trim() || name,
      pending: whatsapp.isPending,
      error: whatsapp.error ? getErrorMessage(whatsapp.error) : null,
      onClose: close,
      onSend: (cuerpo: string) => {
        if (typeof personaId === 'number') whatsapp.mutate({ personaId, cuerpo }, { onSuccess: close });
      },
    },
  };
}
