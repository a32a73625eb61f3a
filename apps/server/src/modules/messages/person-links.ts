import { ANONYMISED_NAME } from '@refugio/contracts';
import type { HistoryPort } from '../history/history.port';
import type { PersonLinkTable } from '../persons/persons.port';
import { createMessagesRepository } from './messages.repository';
import { toMessage } from './messages.service';

/**
 * How messages follow their person, registered with the persons module: moved by a merge, emptied of the identity
 * and the text by an anonymisation (the row, its channel and state stay as figures), listed by the export.
 */
export const messagePersonLinks = (history: Pick<HistoryPort, 'redact'>): PersonLinkTable => ({
  clave: 'mensajes',
  move: (executor, fromId, toId) => createMessagesRepository(executor).movePerson(fromId, toId),
  async anonymise(executor, personaId) {
    const ids = await createMessagesRepository(executor).anonymisePerson(personaId, ANONYMISED_NAME);
    await history.redact(executor, 'mensaje', ids, ['asunto', 'destinatario']);
  },
  async exportOf(executor, personaId) {
    return (await createMessagesRepository(executor).ofPerson(personaId)).map(toMessage);
  },
});
