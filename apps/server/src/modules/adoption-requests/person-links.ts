import { ANONYMISED_NAME } from '@refugio/contracts';
import type { HistoryPort } from '../history/history.port';
import type { PersonLinkTable } from '../persons/persons.port';
import { createAdoptionRequestsRepository } from './adoption-requests.repository';

/**
 * How adoption requests follow their person (registered with the persons module): a merge moves them, an
 * anonymisation blanks the applicant's copies (and their values in the requests' history), the export lists them,
 * and the requests made before persons existed are linked once, oldest first.
 */
export const adoptionRequestPersonLinks = (history: Pick<HistoryPort, 'redact'>): PersonLinkTable => ({
  clave: 'solicitudesAdopcion',
  move: (executor, fromId, toId) => createAdoptionRequestsRepository(executor).movePerson(fromId, toId),
  async anonymise(executor, personaId) {
    const ids = await createAdoptionRequestsRepository(executor).anonymisePerson(personaId, ANONYMISED_NAME);
    await history.redact(executor, 'solicitud_adopcion', ids, ['nombre', 'email', 'telefono', 'ciudad', 'direccion']);
  },
  async exportOf(executor, personaId) {
    const rows = await createAdoptionRequestsRepository(executor).ofPerson(personaId);
    return rows.map(({ createdAt, updatedAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() }));
  },
  backfill: {
    rol: 'adoptante',
    async unlinked(executor, limit) {
      const rows = await createAdoptionRequestsRepository(executor).unlinked(limit);
      return rows.map((r) => ({ id: r.id, createdAt: r.createdAt, contact: { nombre: r.nombre, email: r.email, telefono: r.telefono } }));
    },
    attach: (executor, rowId, personaId, bloqueada) =>
      createAdoptionRequestsRepository(executor).attachPerson(Number(rowId), personaId, bloqueada ? 'persona_bloqueada' : null),
  },
});
