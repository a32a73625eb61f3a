import type { PersonLinkTable } from '../persons/persons.port';
import { createDocumentsRepository } from './documents.repository';

/**
 * How documents follow their person: moved by a merge, listed by the export. An anonymisation keeps them: a signed
 * contract is a record the organisation must keep (its legal basis outlives the relationship), and its bytes
 * cannot change without breaking its hash.
 */
export const documentPersonLinks = (): PersonLinkTable => ({
  clave: 'documentos',
  move: (executor, fromId, toId) => createDocumentsRepository(executor).movePerson(fromId, toId),
  anonymise: async () => {},
  async exportOf(executor, personaId) {
    return (await createDocumentsRepository(executor).ofPerson(personaId)).map((row) => ({
      id: row.id,
      tipo: row.tipo,
      estado: row.estado,
      titulo: row.titulo,
      sha256: row.sha256,
      creadoEn: row.createdAt.toISOString(),
      firmadoEn: row.firmadoEn?.toISOString() ?? null,
      firmante: row.firmanteNombre,
      firmanteEmail: row.firmanteEmail,
      firmaIp: row.firmaIp,
      firmaNavegador: row.firmaNavegador,
    }));
  },
});
