import type { Database, Tx } from '../../db/client';
import type { DocumentState, HistoryActor, PersonDocumentType } from '@refugio/contracts';
import type { HistoryPort } from '../history/history.port';
import { createDocumentsRepository } from './documents.repository';
import type { DocumentsService } from './documents.service';

/*
 * What other modules may ask of the documents module (built once in documents.module.ts): the surrenders module
 * prepares a surrender contract, reads its state, is told when one is signed, and joins a signed one to the pet
 * and the person once the animal has entered; the volunteers module reads a person's agreement and is told when one is
 * signed.
 */
export function createDocumentsPort(service: DocumentsService, history: Pick<HistoryPort, 'record'>) {
  return {
    prepareSurrender: (...args: Parameters<DocumentsService['prepareSurrender']>) => service.prepareSurrender(...args),
    onSigned: (...args: Parameters<DocumentsService['onSigned']>) => service.onSigned(...args),

    /** The surrender's live contract (not annulled): its id and state, or null. */
    async surrenderDocument(executor: Database, cesionId: number): Promise<{ id: number; estado: string } | null> {
      const row = await createDocumentsRepository(executor).surrenderDocument(cesionId);
      return row ? { id: row.id, estado: row.estado } : null;
    },

    /** A person's latest agreement of one type that is not annulled (the volunteer's tab shows its state), or null. */
    async personAgreement(
      executor: Database,
      personaId: number,
      tipo: PersonDocumentType,
    ): Promise<{ id: number; estado: DocumentState; firmadoEn: Date | null } | null> {
      const row = await createDocumentsRepository(executor).latestOfPerson(personaId, tipo);
      return row ? { id: row.id, estado: row.estado as DocumentState, firmadoEn: row.firmadoEn } : null;
    },

    /** Whose document `id` is and of what type (a profile may point only to its own person's agreement), or null. */
    async documentOwner(executor: Database, id: number): Promise<{ personaId: number | null; tipo: string } | null> {
      const row = await createDocumentsRepository(executor).find(id);
      return row ? { personaId: row.personaId, tipo: row.tipo } : null;
    },

    /** In the caller's transaction: the surrender's signed contract now belongs to the pet and the person too. */
    async attachSurrender(tx: Tx, cesionId: number, ids: { petId: number; personaId: number }, actor: HistoryActor): Promise<void> {
      for (const id of await createDocumentsRepository(tx).attachSurrender(cesionId, ids))
        await history.record(tx, {
          actor,
          entidad: 'documento',
          entidadId: id,
          accion: 'modificar',
          cambios: { mascotaId: [null, ids.petId], personaId: [null, ids.personaId] },
        });
    },
  };
}

export type DocumentsPort = ReturnType<typeof createDocumentsPort>;
