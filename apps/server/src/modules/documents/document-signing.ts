import { timingSafeEqual } from 'node:crypto';
import {
  type DocumentState,
  type DocumentType,
  type HistoryActor,
  SIGNATURE_LIMITS,
  type SessionUser,
  type SignInPersonInput,
  type SignRemoteInput,
  type SignatureView,
  type Signed,
  documentMessages,
  maskEmail,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { signedDocumentKey } from '../../media/storage-keys';
import { linkActor, userActor } from '../history/history.port';
import type { PetActor } from '../pets/pets.port';
import {
  type DocumentShared,
  type DocumentsNeeds,
  SIGNING_TEMPLATES,
  bufferStream,
  fullName,
  linkNotFound,
  notFound,
  said,
  sha256Hex,
  signingVariables,
} from './document-shared';
import type { DocumentRow, DocumentsRepository } from './documents.repository';
import { renderSignedPdf, signaturePng } from './signed-pdf';

/** A document just signed (its transaction committed), and the member of staff in whose name follow-ups are done. */
export interface SignedDocument {
  id: number;
  tipo: DocumentType;
  cesionId: number | null;
  personaId: number | null;
}
export type SignedListener = (doc: SignedDocument, actor: PetActor | null) => Promise<void>;

/** Who signs and from where: what the evidence page records. */
export interface SigningContext {
  ip: string;
  userAgent: string;
}

/**
 * Signing: in person on the staff's tablet, or at a distance with the link and the e-mailed code (the public
 * signing page: what it shows, the original's PDF, the code's check); both end in the signed PDF.
 */
export function createDocumentSigning(
  {
    repo,
    pets,
    history,
    storage,
    messages,
    organization,
    clock,
  }: DocumentsNeeds<'repo' | 'pets' | 'history' | 'storage' | 'messages' | 'organization' | 'clock'>,
  {
    hashCode,
    orgName,
    recipientOf,
    findOr404,
    storedBytes,
    removeFile,
    linkState,
    signableLink,
  }: Pick<DocumentShared, 'hashCode' | 'orgName' | 'recipientOf' | 'findOr404' | 'storedBytes' | 'removeFile' | 'linkState' | 'signableLink'>,
  listeners: readonly SignedListener[] = [],
  log?: { error: (obj: object, msg: string) => void },
) {
  /**
   * After the signature's transaction: tells the listeners (a surrender's animal enters). In person, in the name of
   * the member of staff present; at a distance, of the one who prepared the document. A listener's failure is logged
   * and leaves the signature as it is (staff finish the step by hand).
   */
  async function told(doc: DocumentRow, presente: SessionUser | null): Promise<void> {
    if (listeners.length === 0) return;
    const actor = presente ?? (doc.createdBy ? ((await repo.staffMember(doc.createdBy)) ?? null) : null);
    const signed: SignedDocument = { id: doc.id, tipo: doc.tipo as DocumentType, cesionId: doc.cesionId, personaId: doc.personaId };
    for (const listener of listeners) {
      try {
        await listener(signed, actor);
      } catch (error) {
        log?.error({ err: error, documentId: doc.id }, 'a listener of a signed document failed');
      }
    }
  }

  /**
   * Makes the signed copy and records the signature: the original's bytes checked against their hash, the signed
   * PDF stored under a new key (no transaction open), then one short transaction that signs the row only while it
   * is unsigned (`within` re-checks the remote link and uses its code), writes the history and queues the copy to
   * the signer by e-mail. A refusal removes the new file.
   */
  async function completeSignature(
    doc: DocumentRow,
    input: { nombreCompleto: string; firma: string },
    context: SigningContext,
    how: { presencial: true; actor: SessionUser } | { presencial: false; email: string | null; within: (tx: DocumentsRepository) => Promise<void> },
  ): Promise<Signed> {
    const png = await signaturePng(input.firma);
    const original = await storedBytes(doc.storageKey);
    if (!original || sha256Hex(original) !== doc.sha256) throw new AppError('CONFLICT', { message: documentMessages.fileMissing });
    const org = await organization.stored();
    const now = clock();
    const recipient = await recipientOf(doc);
    const person = recipient?.person;
    const email = how.presencial ? (recipient?.email ?? null) : how.email;
    const presente = how.presencial ? userActor(how.actor) : null;
    const signed = await renderSignedPdf(original, doc.firmaArea, png, {
      titulo: doc.titulo,
      nombre: input.nombreCompleto,
      email,
      fechaLocal: new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'long', timeZone: org.zonaHoraria }).format(now),
      fechaUtc: now
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC'),
      zona: org.zonaHoraria,
      ip: context.ip,
      navegador: context.userAgent.slice(0, 500),
      modo: how.presencial
        ? `En persona, ante ${presente?.nombre ?? 'un miembro del equipo'} (miembro del equipo de la organización), sin código.`
        : `A distancia, con el enlace personal y un código de 6 cifras enviado por correo a ${email ? maskEmail(email) : '—'}.`,
      sha256Original: doc.sha256,
      organizacion: org.nombre ?? '—',
    });
    const signedHash = sha256Hex(signed);
    const signedKey = signedDocumentKey(doc.storageKey);
    await storage.put(signedKey, bufferStream(signed), { contentType: 'application/pdf' });
    try {
      await repo.transaction(async (tx) => {
        const locked = await tx.find(doc.id, { lock: true });
        if (!locked || locked.estado === 'anulado') throw notFound();
        if (locked.estado === 'firmado') throw new AppError('CONFLICT', { message: said(doc.tipo).alreadySigned });
        if (!how.presencial) await how.within(tx);
        const row = await tx.sign(doc.id, {
          firmadoKey: signedKey,
          firmadoSha256: signedHash,
          firmadoEn: now,
          firmanteNombre: input.nombreCompleto,
          firmanteEmail: email,
          firmaPresencial: how.presencial,
          presenteId: how.presencial ? how.actor.id : null,
          presenteNombre: presente?.nombre ?? null,
          firmaIp: context.ip,
          firmaNavegador: context.userAgent.slice(0, 500),
        });
        if (!row) throw new AppError('CONFLICT', { message: said(doc.tipo).alreadySigned });
        const actor: HistoryActor = presente ?? linkActor(input.nombreCompleto);
        await history.record(tx.handle, {
          actor,
          entidad: 'documento',
          entidadId: doc.id,
          accion: 'firmar',
          cambios: {
            estado: [locked.estado, 'firmado'],
            firmante: [null, input.nombreCompleto],
            presencial: [null, how.presencial],
            presente: [null, presente?.nombre ?? null],
            ip: [null, context.ip],
            firmadoSha256: [null, signedHash],
          },
        });
        if (email && person) {
          await messages.send(tx.handle, {
            // The signer's own copy of what they signed: sent whatever their consent to other e-mails.
            personaId: person.consentimientos.email ? person.id : null,
            para: { nombre: person.nombre, email },
            canal: 'email',
            plantilla: SIGNING_TEMPLATES[doc.tipo as DocumentType].firmado,
            variables: {
              'persona.nombre': person.nombre,
              ...signingVariables(doc, doc.petId === null ? '' : ((await pets.findLive(tx.handle, doc.petId))?.nombre ?? '')),
              enlace: '',
            },
            relacion: { entidad: 'documento', id: doc.id },
            actor,
            adjuntos: [{ key: signedKey, nombre: `${doc.titulo}.pdf`.replace(/[\\/:*?"<>|]+/g, ' '), contentType: 'application/pdf' }],
          });
        }
      });
    } catch (error) {
      await removeFile(signedKey);
      throw error;
    }
    await told(doc, how.presencial ? how.actor : null);
    return { estado: 'firmado', sha256: signedHash };
  }

  return {
    /** Signing in person on the staff's tablet: no code; the member of staff present is recorded. */
    async signInPerson(actor: SessionUser, id: number, input: SignInPersonInput, context: SigningContext): Promise<Signed> {
      const row = await findOr404(id);
      if (row.estado === 'firmado') throw new AppError('CONFLICT', { message: said(row.tipo).alreadySigned });
      if (row.estado === 'anulado') throw new AppError('CONFLICT', { message: said(row.tipo).annulled });
      return completeSignature(row, input, context, { presencial: true, actor });
    },

    /* ---------------------------------------------------------------- public */

    /** What the signing page shows. Unknown, replaced and annulled links answer the same 404; an expired one 410. */
    async view(token: string): Promise<SignatureView> {
      const { link, doc } = await linkState(token);
      const recipient = await recipientOf(doc);
      const person = recipient?.person;
      if (doc.estado !== 'firmado' && link.venceEn.getTime() <= clock().getTime())
        throw new AppError('GONE', { message: documentMessages.linkExpired(await orgName()) });
      return {
        titulo: doc.titulo,
        tipo: doc.tipo as DocumentType,
        organizacion: { nombre: (await organization.stored()).nombre ?? 'La organización' },
        pdfUrl: `/api/firma/${token}/pdf`,
        firmante: { nombre: person ? fullName(person) : '', email: recipient?.email ? maskEmail(recipient.email) : null },
        estado: doc.estado as DocumentState,
        venceEn: link.venceEn.toISOString(),
      };
    },

    /** The original's key, for the signing page (the same answers as `view`). */
    async publicPdfKey(token: string): Promise<{ key: string; name: string }> {
      const { link, doc } = await linkState(token);
      if (doc.estado !== 'firmado' && link.venceEn.getTime() <= clock().getTime())
        throw new AppError('GONE', { message: documentMessages.linkExpired(await orgName()) });
      return { key: doc.storageKey, name: `${doc.titulo}.pdf` };
    },

    /**
     * Signing with the link and the e-mailed code. A wrong code counts (and is kept counted: its transaction
     * commits before the 400); the fifth locks the link. The right code is used once, in the signing transaction.
     */
    async signRemote(token: string, input: SignRemoteInput, context: SigningContext): Promise<Signed> {
      const { link, doc } = await signableLink(token);
      // Bad input changes nothing and spends no attempt.
      await signaturePng(input.firma);
      const expected = (codeHash: string) => timingSafeEqual(Buffer.from(codeHash, 'hex'), Buffer.from(hashCode(link.id, input.codigo), 'hex'));
      const verdict = await repo.transaction(async (tx) => {
        const locked = await tx.lockLink(link.id);
        if (!locked || locked.revocadoEn) return { ok: false as const, error: linkNotFound() };
        if (locked.bloqueadoEn)
          return { ok: false as const, error: new AppError('LOCKED', { message: documentMessages.linkLocked(await orgName(tx.handle)) }) };
        const code = await tx.latestCode(link.id);
        if (!code || code.usadoEn) return { ok: false as const, error: new AppError('VALIDATION_ERROR', { message: documentMessages.noCode }) };
        if (code.venceEn.getTime() <= clock().getTime())
          return {
            error: new AppError('VALIDATION_ERROR', { message: documentMessages.codeExpired, fieldErrors: { codigo: documentMessages.codeExpired } }),
          };
        if (expected(code.codeHash)) return { ok: true as const, code };
        const fallos = await tx.addFailure(link.id, SIGNATURE_LIMITS.wrongCodes, clock());
        if (fallos >= SIGNATURE_LIMITS.wrongCodes) {
          await history.record(tx.handle, {
            actor: linkActor(input.nombreCompleto),
            entidad: 'documento',
            entidadId: doc.id,
            accion: 'estado',
            cambios: { enlaceBloqueado: [false, true] },
          });
          return { ok: false as const, error: new AppError('LOCKED', { message: documentMessages.linkLocked(await orgName(tx.handle)) }) };
        }
        const left = SIGNATURE_LIMITS.wrongCodes - fallos;
        return {
          error: new AppError('VALIDATION_ERROR', {
            message: documentMessages.codeWrong(left),
            fieldErrors: { codigo: documentMessages.codeWrong(left) },
          }),
        };
      });
      if (!verdict.ok) throw verdict.error;
      const codeId = verdict.code.id;
      return completeSignature(doc, input, context, {
        presencial: false,
        email: verdict.code.enviadoA,
        within: async (tx) => {
          const locked = await tx.lockLink(link.id);
          if (!locked || locked.revocadoEn) throw linkNotFound();
          const latest = await tx.latestCode(link.id);
          if (latest?.id !== codeId || !(await tx.useCode(codeId, clock())))
            throw new AppError('CONFLICT', { message: said(doc.tipo).alreadySigned });
        },
      });
    },
  };
}
