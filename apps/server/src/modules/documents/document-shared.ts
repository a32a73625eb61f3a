import { createHash, createHmac } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { type DocumentType, documentMessages } from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { linkTokenHash } from '../../lib/link-token';
import type { OrganizationSettingsSource } from '../organization/organization.port';
import type { StorageProvider } from '../../storage/storage-provider';
import type { AdoptionRequestsPort } from '../adoption-requests/adoption-requests.port';
import type { HistoryPort } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { PersonContact, PersonsPort } from '../persons/persons.port';
import type { MovementsPort } from '../movements/movements.port';
import type { PetsPort } from '../pets/pets.port';
import type { TemplatesPort } from '../templates/templates.port';
import type { DocumentLinkRow, DocumentRow, DocumentsRepository } from './documents.repository';

// What the parts of the documents service (preparing, sending, signing, verifying) share: its deps, the refusals
// that name a document, and the helpers that read a document, its files, its recipient and its signing link.
// The parts import from here, never the other way round.

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');
export const notFound = () => new AppError('NOT_FOUND', { message: documentMessages.notFound });
export const linkNotFound = () => new AppError('NOT_FOUND', { message: documentMessages.linkNotFound });
export const fullName = (p: { nombre: string; apellidos: string }) => `${p.nombre} ${p.apellidos}`.trim();

/** The refusals that name the document: the contract (masculine) or the acta (feminine). */
export const said = (tipo: string) =>
  tipo === 'acta_devolucion'
    ? {
        alreadySigned: documentMessages.actaAlreadySigned,
        annulled: documentMessages.actaAnnulled,
        cannotAnnulSigned: documentMessages.actaCannotAnnulSigned,
      }
    : { alreadySigned: documentMessages.alreadySigned, annulled: documentMessages.annulled, cannotAnnulSigned: documentMessages.cannotAnnulSigned };

/** The messages each type of document sends: the link to sign it, and the signed copy. */
export const SIGNING_TEMPLATES = {
  contrato_adopcion: { enviar: 'contrato_firmar', firmado: 'contrato_firmado' },
  acta_devolucion: { enviar: 'acta_firmar', firmado: 'acta_firmada' },
  contrato_cesion: { enviar: 'documento_firmar', firmado: 'documento_firmado' },
  acuerdo_voluntariado: { enviar: 'documento_firmar', firmado: 'documento_firmado' },
  contrato_acogida: { enviar: 'documento_firmar', firmado: 'documento_firmado' },
} as const satisfies Record<DocumentType, { enviar: string; firmado: string }>;

/** The variables of a signing message: the pet's name for a contract or an acta, the document's title for the others. */
export function signingVariables(doc: Pick<DocumentRow, 'tipo' | 'titulo'>, petName: string): Record<string, string> {
  return SIGNING_TEMPLATES[doc.tipo as DocumentType].enviar === 'documento_firmar'
    ? { 'documento.titulo': doc.titulo }
    : { 'mascota.nombre': petName };
}

/** Who a document goes to: a person, or (a surrender contract before the animal enters) the request's contact. */
export type DocumentRecipientPerson = Pick<PersonContact, 'nombre' | 'apellidos' | 'consentimientos'> & { id: number | null };

export function bufferStream(data: Buffer): Readable {
  const stream = new PassThrough();
  stream.end(data);
  return stream;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export interface DocumentsDeps {
  db: Database;
  repo: DocumentsRepository;
  pets: Pick<PetsPort, 'findLive'>;
  persons: Pick<PersonsPort, 'contactOf' | 'identityOf'>;
  /** The facts of the application a contract is prepared from, and the contact it gave. */
  applications: Pick<AdoptionRequestsPort, 'requestForContract' | 'applicationContact'>;
  /** The return an acta is prepared from. */
  movements: Pick<MovementsPort, 'forDocument'>;
  history: Pick<HistoryPort, 'record'>;
  storage: StorageProvider;
  messages: MessagesPort;
  templates: Pick<TemplatesPort, 'fillDocument'>;
  organization: Pick<OrganizationSettingsSource, 'stored'>;
  /** Whether e-mail can leave (SMTP_URL and MAIL_FROM): without it no code can be sent. */
  mailConfigured: boolean;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Spends one request of a signing link's hourly budget (shared by every instance); false when it is spent. */
  linkRequests: (linkId: number) => boolean;
  /** Keys the hashes of signing codes (the server's secret). */
  codeSecret: string;
  clock?: () => Date;
}

/** What a part of the service takes of the deps, the clock always given (`createDocumentsService` supplies the default). */
export type DocumentsNeeds<K extends keyof DocumentsDeps> = Pick<Required<DocumentsDeps>, K>;

/** The helpers every part may use; each part receives only those it calls. */
export function createDocumentShared({
  db,
  repo,
  persons,
  applications,
  storage,
  organization,
  log,
  linkRequests,
  codeSecret,
  clock,
}: DocumentsNeeds<'db' | 'repo' | 'persons' | 'applications' | 'storage' | 'organization' | 'log' | 'linkRequests' | 'codeSecret' | 'clock'>) {
  /**
   * A code is kept as an HMAC keyed by the server's secret: a million six-digit candidates are nothing to try
   * against a plain hash, but without the secret (which is not in the database) there is nothing to try them with.
   */
  const hashCode = (linkId: number, code: string) => createHmac('sha256', codeSecret).update(`firma:${linkId}:${code}`).digest('hex');

  function spendRequest(linkId: number): void {
    if (!linkRequests(linkId)) throw new AppError('RATE_LIMITED', { message: documentMessages.tooManyRequests });
  }

  async function orgName(handle?: Database): Promise<string> {
    return (await organization.stored(handle)).nombre ?? 'la organización';
  }

  /**
   * Where a document's link, code and signed copy go. A contract is about an application: its contact (the one the
   * applicant gave, or the one staff confirmed), never the person's stored one, which someone else's earlier
   * submission may have written. An acta goes to the person. Null when the person is gone or anonymised.
   */
  async function recipientOf(
    doc: Pick<DocumentRow, 'personaId' | 'solicitudId' | 'cesionId'>,
    handle: Database = db,
  ): Promise<{ person: DocumentRecipientPerson; email: string | null; telefono: string | null } | null> {
    if (doc.personaId === null) {
      // A surrender contract before the animal enters: the owner who sent the request signs, with the contact given.
      const contact = doc.cesionId === null ? undefined : await repo.surrenderContact(doc.cesionId);
      if (!contact) return null;
      return {
        person: { id: null, nombre: contact.nombre, apellidos: '', consentimientos: { email: false, whatsapp: false } },
        email: contact.email || null,
        telefono: contact.telefono || null,
      };
    }
    const person = await persons.contactOf(handle, doc.personaId);
    if (!person || person.anonimizada) return null;
    if (doc.solicitudId !== null) {
      const contact = await applications.applicationContact(handle, doc.solicitudId);
      if (contact) return { person, email: contact.email, telefono: contact.telefono };
    }
    return { person, email: person.email, telefono: person.telefono };
  }

  async function findOr404(id: number): Promise<DocumentRow> {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  async function storedBytes(key: string): Promise<Buffer | undefined> {
    const stored = await storage.get(key);
    return stored ? readAll(stored.body) : undefined;
  }

  async function removeFile(key: string): Promise<void> {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not remove a document file; the sweep will');
    }
  }

  /** A link's document and state, or the answer a public caller gets: 404 (unknown, replaced, annulled), 409 signed is handled by callers. */
  async function linkState(token: string): Promise<{ link: DocumentLinkRow; doc: DocumentRow }> {
    const tokenHash = linkTokenHash(token);
    const link = tokenHash ? await repo.linkByHash(tokenHash) : undefined;
    if (!link || link.revocadoEn) throw linkNotFound();
    const doc = await repo.find(link.documentId);
    if (!doc || doc.estado === 'anulado') throw linkNotFound();
    spendRequest(link.id);
    return { link, doc };
  }

  /** A link that may still sign: not signed (409), not expired (410), not locked (423). */
  async function signableLink(token: string): Promise<{ link: DocumentLinkRow; doc: DocumentRow }> {
    const state = await linkState(token);
    if (state.doc.estado === 'firmado') throw new AppError('CONFLICT', { message: said(state.doc.tipo).alreadySigned });
    if (state.link.venceEn.getTime() <= clock().getTime()) throw new AppError('GONE', { message: documentMessages.linkExpired(await orgName()) });
    if (state.link.bloqueadoEn) throw new AppError('LOCKED', { message: documentMessages.linkLocked(await orgName()) });
    return state;
  }
  return { hashCode, orgName, recipientOf, findOr404, storedBytes, removeFile, linkState, signableLink };
}

export type DocumentShared = ReturnType<typeof createDocumentShared>;
