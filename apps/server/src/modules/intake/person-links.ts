import { ANONYMISED_NAME } from '@refugio/contracts';
import type { HistoryPort } from '../history/history.port';
import type { PersonLinkTable } from '../persons/persons.port';
import { createLinksRepository } from './links.repository';
import { createRequestsRepository } from './requests.repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * How pet registrations (publication requests) follow their submitter's person, registered with the persons
 * module: moved by a merge, blanked by an anonymisation, listed by the export, linked once when made before persons.
 */
export const publicationRequestPersonLinks = (history: Pick<HistoryPort, 'redact'>): PersonLinkTable => ({
  clave: 'registrosMascota',
  move: (executor, fromId, toId) => createRequestsRepository(executor).movePerson(fromId, toId),
  async anonymise(executor, personaId) {
    const ids = await createRequestsRepository(executor).anonymisePerson(personaId, ANONYMISED_NAME);
    await history.redact(executor, 'solicitud_publicacion', ids, ['contactoNombre', 'enlace']);
  },
  async exportOf(executor, personaId) {
    const rows = await createRequestsRepository(executor).ofPerson(personaId);
    return rows.map((r) => ({ ...r, decididoEn: iso(r.decididoEn), createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }));
  },
  backfill: {
    rol: 'rescatador',
    async unlinked(executor, limit) {
      const rows = await createRequestsRepository(executor).unlinked(limit);
      return rows.map((r) => ({ id: r.id, createdAt: r.createdAt, contact: { nombre: r.nombre, email: r.email, telefono: r.telefono } }));
    },
    attach: (executor, rowId, personaId) => createRequestsRepository(executor).attachPerson(Number(rowId), personaId),
  },
});

/** Registration links follow their recipient's person the same way (only links issued with an e-mail or phone). */
export const registrationLinkPersonLinks = (history: Pick<HistoryPort, 'redact'>): PersonLinkTable => ({
  clave: 'enlacesRegistro',
  move: (executor, fromId, toId) => createLinksRepository(executor).movePerson(fromId, toId),
  async anonymise(executor, personaId) {
    const ids = await createLinksRepository(executor).anonymisePerson(personaId, ANONYMISED_NAME);
    await history.redact(executor, 'enlace', ids, ['destinatario', 'email', 'telefono']);
    // The registrations made through these links name the recipient too (as `enlace`, and as their actor).
    await history.redact(executor, 'solicitud_publicacion', await createRequestsRepository(executor).idsByLinks(ids), ['enlace']);
  },
  async exportOf(executor, personaId) {
    const rows = await createLinksRepository(executor).ofPerson(personaId);
    return rows.map((r) => ({
      ...r,
      venceEn: iso(r.venceEn),
      revocadoEn: iso(r.revocadoEn),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }));
  },
  backfill: {
    rol: 'rescatador',
    async unlinked(executor, limit) {
      const rows = await createLinksRepository(executor).unlinked(limit);
      return rows.map((r) => ({ id: r.id, createdAt: r.createdAt, contact: { nombre: r.nombre, email: r.email, telefono: r.telefono } }));
    },
    attach: (executor, rowId, personaId) => createLinksRepository(executor).attachPerson(String(rowId), personaId),
  },
});
