import type { DocumentDto, DocumentListQuery, DocumentState, DocumentType, SessionUser } from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { userActor } from '../history/history.port';
import { createDocumentPreparing } from './document-preparing';
import { createDocumentSending } from './document-sending';
import { createDocumentSubjects } from './document-subjects';
import { type DocumentsDeps, createDocumentShared, fullName, notFound, said } from './document-shared';
import { type SignedListener, createDocumentSigning } from './document-signing';
import { createDocumentVerifying } from './document-verifying';
import type { DocumentRow } from './documents.repository';

export type { DocumentsDeps } from './document-shared';
export type { SignedDocument, SignedListener, SigningContext } from './document-signing';

/**
 * Adoption contracts, the fee and signatures (DESIGN section 13). The service is composed of its parts (preparing,
 * sending, signing, verifying; each in its own file, sharing `document-shared.ts`); the staff's list, reading and
 * annulling of documents are here.
 */
export function createDocumentsService(deps: DocumentsDeps) {
  const needs = { ...deps, clock: deps.clock ?? (() => new Date()) };
  const { db, repo, pets, persons, history, clock } = needs;
  const shared = createDocumentShared(needs);
  const { findOr404 } = shared;
  const signedListeners: SignedListener[] = [];

  async function toDto(row: DocumentRow): Promise<DocumentDto> {
    const pet = row.petId === null ? null : await pets.findLive(db, row.petId);
    const person = row.personaId === null ? null : await persons.contactOf(db, row.personaId);
    const link = row.estado === 'anulado' ? undefined : await repo.currentLink(row.id);
    return {
      id: row.id,
      tipo: row.tipo as DocumentType,
      estado: row.estado as DocumentState,
      sha256: row.sha256,
      creadoEn: row.createdAt.toISOString(),
      firmadoEn: row.firmadoEn?.toISOString() ?? null,
      firmante: row.firmanteNombre ? { nombre: row.firmanteNombre, email: row.firmanteEmail } : null,
      solicitudId: row.solicitudId,
      movimientoId: row.movimientoId,
      cesionId: row.cesionId,
      mascota: row.petId === null ? null : { id: row.petId, nombre: pet?.nombre ?? '' },
      persona: row.personaId === null ? null : { id: row.personaId, nombre: person ? fullName(person) : '' },
      enlace: link ? { venceEn: link.venceEn.toISOString(), caducado: link.venceEn.getTime() <= clock().getTime() } : null,
      firmado:
        row.estado === 'firmado' && row.firmadoSha256
          ? {
              sha256: row.firmadoSha256,
              presencial: row.firmaPresencial ?? false,
              presente: row.presenteId && row.presenteNombre ? { id: row.presenteId, nombre: row.presenteNombre } : null,
            }
          : null,
    };
  }

  return {
    ...createDocumentPreparing(needs, shared),
    ...createDocumentSubjects(needs, shared),

    /* ---------------------------------------------------------------- staff */

    async list(query: DocumentListQuery): Promise<DocumentDto[]> {
      const rows = await repo.list(query);
      return Promise.all(rows.map(toDto));
    },

    get: async (id: number): Promise<DocumentDto> => toDto(await findOr404(id)),

    /** The key of the PDF to serve: the signed copy once signed (unless `original`), else the original. */
    async pdfKey(id: number, original: boolean): Promise<{ key: string; name: string }> {
      const row = await findOr404(id);
      const signed = !original && row.firmadoKey;
      return { key: signed ? row.firmadoKey! : row.storageKey, name: `${row.titulo}${signed ? ' (firmado)' : ''}.pdf` };
    },

    async annul(actor: SessionUser, id: number): Promise<DocumentDto> {
      await repo.transaction(async (tx) => {
        const row = await tx.find(id, { lock: true });
        if (!row) throw notFound();
        if (row.estado === 'firmado') throw new AppError('CONFLICT', { message: said(row.tipo).cannotAnnulSigned });
        if (row.estado === 'anulado') throw new AppError('CONFLICT', { message: said(row.tipo).annulled });
        await tx.annul(id, clock());
        await tx.revokeLinks(id, clock());
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'documento',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: [row.estado, 'anulado'] },
        });
      });
      return toDto(await findOr404(id));
    },

    ...createDocumentVerifying(shared),
    ...createDocumentSending(needs, shared),
    ...createDocumentSigning(needs, shared, signedListeners, needs.log),

    /** Told after each signature commits (the surrenders module admits the animal of a signed surrender contract). */
    onSigned(listener: SignedListener): void {
      signedListeners.push(listener);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
