import { randomInt } from 'node:crypto';
import {
  type DocumentType,
  SIGNATURE_LIMITS,
  type SentDocument,
  type SessionUser,
  type SignatureCodeSent,
  documentMessages,
  maskEmail,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { newLinkToken } from '../../lib/link-token';
import { linkActor, userActor } from '../history/history.port';
import { type DocumentShared, type DocumentsNeeds, SIGNING_TEMPLATES, linkNotFound, said, signingVariables } from './document-shared';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** Sending for signature: the link to sign, by e-mail or WhatsApp, and the code the signer asks for by e-mail. */
export function createDocumentSending(
  {
    repo,
    pets,
    history,
    messages,
    mailConfigured,
    publicUrl,
    clock,
  }: DocumentsNeeds<'repo' | 'pets' | 'history' | 'messages' | 'mailConfigured' | 'publicUrl' | 'clock'>,
  {
    hashCode,
    orgName,
    recipientOf,
    findOr404,
    signableLink,
  }: Pick<DocumentShared, 'hashCode' | 'orgName' | 'recipientOf' | 'findOr404' | 'signableLink'>,
) {
  return {
    /** A new link to sign (the earlier stops working), e-mailed or answered as WhatsApp's click-to-chat. */
    async send(actor: SessionUser, id: number, canal: 'email' | 'whatsapp'): Promise<SentDocument> {
      const row = await findOr404(id);
      if (row.estado === 'firmado') throw new AppError('CONFLICT', { message: said(row.tipo).alreadySigned });
      if (row.estado === 'anulado') throw new AppError('CONFLICT', { message: said(row.tipo).annulled });
      const recipient = await recipientOf(row);
      if (!recipient) throw new AppError('CONFLICT', { message: documentMessages.requestWithoutPerson });
      const { person } = recipient;
      if (canal === 'email' && !recipient.email) throw new AppError('VALIDATION_ERROR', { message: documentMessages.noEmail });
      if (canal === 'whatsapp' && !recipient.telefono) throw new AppError('VALIDATION_ERROR', { message: documentMessages.noPhone });
      const { token, tokenHash } = newLinkToken();
      const venceEn = new Date(clock().getTime() + SIGNATURE_LIMITS.linkDays * DAY_MS);
      const url = `${publicUrl}/firmar/${token}`;
      let whatsappUrl: string | undefined;
      await repo.transaction(async (tx) => {
        const locked = await tx.find(id, { lock: true });
        if (!locked || locked.estado === 'anulado') throw new AppError('CONFLICT', { message: said(row.tipo).annulled });
        if (locked.estado === 'firmado') throw new AppError('CONFLICT', { message: said(row.tipo).alreadySigned });
        await tx.revokeLinks(id, clock());
        const link = await tx.insertLink({ documentId: id, tokenHash, venceEn, createdBy: actor.id });
        await tx.markSent(id);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'documento',
          entidadId: id,
          accion: 'enviar',
          cambios: { canal: [null, canal], venceEn: [null, venceEn.toISOString()], estado: [locked.estado, 'enviado'] },
        });
        const pet = row.petId === null ? null : await pets.findLive(tx.handle, row.petId);
        const sent = await messages.send(tx.handle, {
          personaId: person.id,
          para: { nombre: person.nombre, email: recipient.email, telefono: recipient.telefono },
          canal,
          plantilla: SIGNING_TEMPLATES[row.tipo as DocumentType].enviar,
          variables: { 'persona.nombre': person.nombre, ...signingVariables(row, pet?.nombre ?? ''), enlace: url },
          relacion: { entidad: 'documento', id: link.documentId },
          actor: userActor(actor),
        });
        whatsappUrl = sent?.url;
      });
      return { url, venceEn: venceEn.toISOString(), ...(whatsappUrl && { whatsappUrl }) };
    },

    /* ---------------------------------------------------------------- public */

    /** E-mails a 6-digit code (15 minutes; at most 5 an hour per link; a new one replaces the earlier). */
    async sendCode(token: string): Promise<SignatureCodeSent> {
      const { link, doc } = await signableLink(token);
      // The code proves control of the mailbox the applicant gave (or staff confirmed), not the person's stored one.
      const recipient = await recipientOf(doc);
      if (!recipient?.email) throw new AppError('CONFLICT', { message: documentMessages.noEmail });
      if (!mailConfigured) throw new AppError('CONFLICT', { message: documentMessages.mailNotConfigured });
      const { person, email } = recipient;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = clock();
      const venceEn = new Date(now.getTime() + SIGNATURE_LIMITS.codeMinutes * MINUTE_MS);
      await repo.transaction(async (tx) => {
        const locked = await tx.lockLink(link.id);
        if (!locked || locked.revocadoEn) throw linkNotFound();
        if (locked.bloqueadoEn) throw new AppError('LOCKED', { message: documentMessages.linkLocked(await orgName(tx.handle)) });
        if ((await tx.codesSince(link.id, new Date(now.getTime() - HOUR_MS))) >= SIGNATURE_LIMITS.codesPerHour)
          throw new AppError('RATE_LIMITED', { message: documentMessages.tooManyCodes });
        await tx.insertCode({ linkId: link.id, codeHash: hashCode(link.id, code), enviadoA: email, venceEn, createdAt: now });
        await messages.send(tx.handle, {
          // A code the signer asked for now: sent whatever their consent to other e-mails.
          personaId: person.consentimientos.email ? person.id : null,
          para: { nombre: person.nombre, email },
          canal: 'email',
          plantilla: 'codigo_verificacion',
          variables: { 'persona.nombre': person.nombre, codigo: code },
          relacion: { entidad: 'documento', id: doc.id },
          actor: linkActor(person.nombre),
        });
      });
      return { enviadoA: maskEmail(email), venceEn: venceEn.toISOString() };
    },
  };
}
