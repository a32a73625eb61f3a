import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  type AdoptionFee,
  CONTRACT_MISSING_FIELDS,
  type ContractMissing,
  type ContractPreparation,
  type DocumentDto,
  type DocumentListQuery,
  type DocumentState,
  type DocumentType,
  type DocumentVerification,
  type HistoryActor,
  type PaymentMethod,
  type PrepareContractInput,
  SIGNATURE_LIMITS,
  type SaveAdoptionFeeInput,
  type SentDocument,
  type SessionUser,
  type SignInPersonInput,
  type SignRemoteInput,
  type SignatureCodeSent,
  type SignatureView,
  type Signed,
  contractMissingLabels,
  documentMessages,
  documentTypeLabels,
  formatDay,
  formatEuros,
  maskEmail,
  paymentMethodLabels,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { linkTokenHash, newLinkToken } from '../../lib/link-token';
import { newDocumentKey, signedDocumentKey } from '../../media/storage-keys';
import type { OrganizationSettingsSource } from '../organization/organization.port';
import type { StorageProvider } from '../../storage/storage-provider';
import type { AdoptionRequestsPort } from '../adoption-requests/adoption-requests.port';
import { type HistoryPort, linkActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { PersonContact, PersonsPort } from '../persons/persons.port';
import type { MovementsPort } from '../movements/movements.port';
import type { PetsPort } from '../pets/pets.port';
import type { TemplatesPort } from '../templates/templates.port';
import { escapeMarkdown, renderContractPdf } from './contract-pdf';
import type { AdoptionFeeRow, DocumentLinkRow, DocumentRow, DocumentsRepository } from './documents.repository';
import { renderSignedPdf, signaturePng } from './signed-pdf';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const notFound = () => new AppError('NOT_FOUND', { message: documentMessages.notFound });
const linkNotFound = () => new AppError('NOT_FOUND', { message: documentMessages.linkNotFound });
const fullName = (p: { nombre: string; apellidos: string }) => `${p.nombre} ${p.apellidos}`.trim();

/** The refusals that name the document: the contract (masculine) or the acta (feminine). */
const said = (tipo: string) =>
  tipo === 'acta_devolucion'
    ? {
        alreadySigned: documentMessages.actaAlreadySigned,
        annulled: documentMessages.actaAnnulled,
        cannotAnnulSigned: documentMessages.actaCannotAnnulSigned,
      }
    : { alreadySigned: documentMessages.alreadySigned, annulled: documentMessages.annulled, cannotAnnulSigned: documentMessages.cannotAnnulSigned };

/** The messages each type of document sends: the link to sign it, and the signed copy. */
const SIGNING_TEMPLATES = {
  contrato_adopcion: { enviar: 'contrato_firmar', firmado: 'contrato_firmado' },
  acta_devolucion: { enviar: 'acta_firmar', firmado: 'acta_firmada' },
} as const satisfies Record<DocumentType, { enviar: string; firmado: string }>;

function bufferStream(data: Buffer): Readable {
  const stream = new PassThrough();
  stream.end(data);
  return stream;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Who signs and from where: what the evidence page records. */
export interface SigningContext {
  ip: string;
  userAgent: string;
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

function toFee(row: AdoptionFeeRow | undefined): AdoptionFee {
  if (!row) return { cuota: null, metodoPago: null, pagado: false, fechaPago: null, referencia: '', version: 0 };
  return {
    cuota: row.cuotaCentimos / 100,
    metodoPago: row.metodoPago as PaymentMethod,
    pagado: row.pagado,
    fechaPago: row.fechaPago,
    referencia: row.referencia,
    version: row.version,
  };
}

/** Adoption contracts, the fee and signatures (DESIGN section 13). */
export function createDocumentsService({
  db,
  repo,
  pets,
  persons,
  applications,
  movements,
  history,
  storage,
  messages,
  templates,
  organization,
  mailConfigured,
  publicUrl,
  log,
  linkRequests,
  codeSecret,
  clock = () => new Date(),
}: DocumentsDeps) {
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

  async function toDto(row: DocumentRow): Promise<DocumentDto> {
    const pet = await pets.findLive(db, row.petId);
    const person = await persons.contactOf(db, row.personaId);
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
      mascota: { id: row.petId, nombre: pet?.nombre ?? '' },
      persona: { id: row.personaId, nombre: person ? fullName(person) : '' },
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

  /**
   * Where a document's link, code and signed copy go. A contract is about an application: its contact (the one the
   * applicant gave, or the one staff confirmed), never the person's stored one, which someone else's earlier
   * submission may have written. An acta goes to the person. Null when the person is gone or anonymised.
   */
  async function recipientOf(
    doc: Pick<DocumentRow, 'personaId' | 'solicitudId'>,
    handle: Database = db,
  ): Promise<{ person: PersonContact; email: string | null; telefono: string | null } | null> {
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

  /** A document's values of the person, the pet and the date (the organisation's are added by the templates). */
  async function documentValues(
    personaId: number,
    petId: number,
    refusals: { noPerson: string; noPet: string } = { noPerson: documentMessages.requestWithoutPerson, noPet: documentMessages.requestNotFound },
  ) {
    const person = await persons.identityOf(db, personaId);
    if (!person || person.anonimizada) throw new AppError('CONFLICT', { message: refusals.noPerson });
    const pet = await pets.findLive(db, petId);
    if (!pet) throw new AppError('NOT_FOUND', { message: refusals.noPet });
    const org = await organization.stored();
    const fecha = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: org.zonaHoraria }).format(clock());
    // An empty value stays empty: the filling drops it from its group or shows `—` (templates' `fillMarkdown`).
    const dash = (v: string | null | undefined) => v?.trim() ?? '';
    const values = {
      'persona.nombre': person.nombre,
      'persona.apellidos': person.apellidos,
      'persona.documento': dash(person.documento),
      'persona.email': dash(person.email),
      'persona.telefono': dash(person.telefono),
      'persona.direccion': dash(person.direccion),
      'persona.ciudad': dash(person.ciudad),
      'mascota.nombre': pet.nombre,
      'mascota.especie': dash(pet.tipo),
      'mascota.raza': dash(pet.raza),
      'mascota.sexo': pet.genero === 'hembra' ? 'Hembra' : pet.genero === 'macho' ? 'Macho' : dash(pet.genero),
      'mascota.fechaNacimiento': pet.fechaNacimiento ? `${formatDay(pet.fechaNacimiento)}${pet.fechaNacimientoAprox ? ' (aproximada)' : ''}` : '',
      'mascota.microchip': dash(pet.microchip),
      fecha,
    };
    return { values, person, pet, org, fecha };
  }

  /** What a contract with these values names without a value (each shown as `—`), for staff to complete first. */
  function missingOf(values: Record<string, string | null | undefined>): ContractMissing[] {
    return CONTRACT_MISSING_FIELDS.filter((campo) => (values[campo] ?? '').trim() === '').map((campo) => ({
      campo,
      etiqueta: contractMissingLabels[campo],
      donde: campo.startsWith('persona.') ? ('persona' as const) : ('organizacion' as const),
    }));
  }

  /** The contract's values: person, pet, fee and date. */
  async function contractValues(personaId: number, petId: number, fee: { cuota: number; metodoPago: PaymentMethod } | null) {
    const base = await documentValues(personaId, petId);
    const values = {
      ...base.values,
      'mascota.sinEsterilizar': base.pet.esterilizado === 'si' ? null : 'sí',
      'adopcion.cuota': formatEuros(fee?.cuota ?? 0),
      'adopcion.metodoPago': fee ? paymentMethodLabels[fee.metodoPago].toLowerCase() : 'sin cuota registrada',
    };
    return { ...base, values };
  }

  /** Renders a document's Markdown template to a PDF and stores it (no transaction open): its key, hash and signature area. */
  async function renderAndStore(
    tipo: DocumentType,
    prepared: Awaited<ReturnType<typeof documentValues>>,
    values: Record<string, string | null>,
  ): Promise<{ titulo: string; key: string; sha256: string; bytes: number; area: Awaited<ReturnType<typeof renderContractPdf>>['area'] }> {
    const { person, pet, org, fecha } = prepared;
    const titulo = `${documentTypeLabels[tipo]} de ${pet.nombre}`;
    const markdown = await templates.fillDocument(db, tipo, values, escapeMarkdown);
    const { pdf, area } = await renderContractPdf({
      titulo,
      markdown,
      organization: { nombre: org.nombre ?? 'Refugio', email: org.email, telefono: org.telefono, web: org.web, direccion: org.direccion },
      firmante: fullName(person),
      fecha,
    });
    const key = newDocumentKey(tipo === 'acta_devolucion' ? 'acta' : 'contrato');
    await storage.put(key, bufferStream(pdf), { contentType: 'application/pdf' });
    return { titulo, key, sha256: sha256Hex(pdf), bytes: pdf.length, area };
  }

  /** Annuls the unsigned live documents of a request or a return (a signed one refuses with `signedExists`). */
  async function annulEarlier(tx: DocumentsRepository, earlier: DocumentRow[], who: HistoryActor, signedExists: string): Promise<void> {
    for (const row of earlier) {
      if (row.estado === 'firmado') throw new AppError('CONFLICT', { message: signedExists });
      await tx.annul(row.id, clock());
      await tx.revokeLinks(row.id, clock());
      await history.record(tx.handle, {
        actor: who,
        entidad: 'documento',
        entidadId: row.id,
        accion: 'estado',
        cambios: { estado: [row.estado, 'anulado'] },
      });
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
              'mascota.nombre': (await pets.findLive(tx.handle, doc.petId))?.nombre ?? '',
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
    return { estado: 'firmado', sha256: signedHash };
  }

  return {
    /* ---------------------------------------------------------------- the fee */

    async getFee(solicitudId: number): Promise<AdoptionFee> {
      if (!(await applications.requestForContract(db, solicitudId))) throw new AppError('NOT_FOUND', { message: documentMessages.requestNotFound });
      return toFee(await repo.fee(solicitudId));
    },

    async saveFee(actor: SessionUser, solicitudId: number, input: SaveAdoptionFeeInput): Promise<AdoptionFee> {
      return repo.transaction(async (tx) => {
        const request = await applications.requestForContract(tx.handle, solicitudId);
        if (!request) throw new AppError('NOT_FOUND', { message: documentMessages.requestNotFound });
        const current = await tx.fee(solicitudId, { lock: true });
        if ((current?.version ?? 0) !== input.version) throw new AppError('CONFLICT', { message: documentMessages.feeStale });
        const values = {
          cuotaCentimos: Math.round(input.cuota * 100),
          metodoPago: input.metodoPago,
          pagado: input.pagado,
          fechaPago: input.fechaPago,
          referencia: input.referencia,
          updatedBy: actor.id,
        };
        if (!(await tx.saveFee(solicitudId, input.version, values))) throw new AppError('CONFLICT', { message: documentMessages.feeStale });
        const before = toFee(current);
        const after = {
          cuota: input.cuota,
          metodoPago: input.metodoPago,
          pagado: input.pagado,
          fechaPago: input.fechaPago,
          referencia: input.referencia,
        };
        const cambios: Record<string, [string | number | boolean | null, string | number | boolean | null]> = {};
        for (const field of ['cuota', 'metodoPago', 'pagado', 'fechaPago', 'referencia'] as const)
          if (before[field] !== after[field] || !current) cambios[field] = [current ? before[field] : null, after[field]];
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'cuota_adopcion',
          entidadId: solicitudId,
          accion: current ? 'modificar' : 'crear',
          cambios,
        });
        return toFee(await tx.fee(solicitudId));
      });
    },

    /* ---------------------------------------------------------------- preparing */

    /**
     * Renders the contract of an approved request and keeps it: the PDF stored first (no transaction open), then one
     * transaction that annuls an unsigned earlier contract, records the fee given with it and inserts the document.
     */
    async prepare(actor: SessionUser, solicitudId: number, input: PrepareContractInput): Promise<{ documentoId: number; faltan: ContractMissing[] }> {
      const request = await applications.requestForContract(db, solicitudId);
      if (!request) throw new AppError('NOT_FOUND', { message: documentMessages.requestNotFound });
      if (request.estado !== 'aprobada') throw new AppError('CONFLICT', { message: documentMessages.requestNotApproved });
      if (!request.personaId) throw new AppError('CONFLICT', { message: documentMessages.requestWithoutPerson });
      if ((await repo.list({ solicitudId })).some((d) => d.estado === 'firmado'))
        throw new AppError('CONFLICT', { message: documentMessages.signedExists });
      const existingFee = toFee(await repo.fee(solicitudId));
      const feeGiven = input.cuota !== undefined || input.metodoPago !== undefined;
      let fee: { cuota: number; metodoPago: PaymentMethod } | null =
        existingFee.cuota !== null && existingFee.metodoPago ? { cuota: existingFee.cuota, metodoPago: existingFee.metodoPago } : null;
      if (feeGiven) {
        const metodoPago = input.metodoPago ?? fee?.metodoPago ?? (input.cuota === 0 ? 'exento' : 'efectivo');
        const cuota = metodoPago === 'exento' ? (input.cuota ?? 0) : (input.cuota ?? fee?.cuota ?? 0);
        if (metodoPago === 'exento' && cuota !== 0)
          throw new AppError('VALIDATION_ERROR', { message: documentMessages.feeExempt, fieldErrors: { cuota: documentMessages.feeExempt } });
        fee = { cuota, metodoPago };
      }

      const prepared = await contractValues(request.personaId, request.petId, fee);
      const faltan = missingOf({ ...prepared.values, 'organizacion.email': prepared.org.email, 'organizacion.telefono': prepared.org.telefono });
      const { titulo, key, sha256, bytes, area } = await renderAndStore('contrato_adopcion', prepared, prepared.values);
      try {
        return await repo.transaction(async (tx) => {
          const locked = await applications.requestForContract(tx.handle, solicitudId, { lock: true });
          if (!locked || locked.estado !== 'aprobada') throw new AppError('CONFLICT', { message: documentMessages.requestNotApproved });
          const who = userActor(actor);
          await annulEarlier(tx, await tx.liveOfRequest(solicitudId), who, documentMessages.signedExists);
          if (feeGiven && fee) {
            const current = await tx.fee(solicitudId, { lock: true });
            await tx.saveFee(solicitudId, current?.version ?? 0, {
              cuotaCentimos: Math.round(fee.cuota * 100),
              metodoPago: fee.metodoPago,
              pagado: current?.pagado ?? false,
              fechaPago: current?.fechaPago ?? null,
              referencia: current?.referencia ?? '',
              updatedBy: actor.id,
            });
            await history.record(tx.handle, {
              actor: who,
              entidad: 'cuota_adopcion',
              entidadId: solicitudId,
              accion: current ? 'modificar' : 'crear',
              cambios: {
                cuota: [current ? current.cuotaCentimos / 100 : null, fee.cuota],
                metodoPago: [current?.metodoPago ?? null, fee.metodoPago],
              },
            });
          }
          const row = await tx.insert({
            tipo: 'contrato_adopcion',
            estado: 'borrador',
            solicitudId,
            petId: request.petId,
            personaId: request.personaId!,
            titulo,
            storageKey: key,
            sha256,
            bytes,
            firmaArea: area,
            createdBy: actor.id,
          });
          await history.record(tx.handle, {
            actor: who,
            entidad: 'documento',
            entidadId: row.id,
            accion: 'crear',
            cambios: {
              tipo: [null, 'contrato_adopcion'],
              solicitudId: [null, solicitudId],
              mascotaId: [null, request.petId],
              personaId: [null, request.personaId],
              sha256: [null, sha256],
            },
          });
          return { documentoId: row.id, faltan };
        });
      } catch (error) {
        await removeFile(key);
        throw error;
      }
    },

    /**
     * Before preparing: what the contract of the request would name without a value (the adopter's document or
     * address, the organisation's e-mail or phone), so staff complete it first.
     */
    async preparation(solicitudId: number): Promise<ContractPreparation> {
      const request = await applications.requestForContract(db, solicitudId);
      if (!request) throw new AppError('NOT_FOUND', { message: documentMessages.requestNotFound });
      const org = await organization.stored();
      const person = request.personaId === null ? null : await persons.identityOf(db, request.personaId);
      return {
        personaId: request.personaId,
        faltan: missingOf({
          'persona.documento': person?.documento,
          'persona.direccion': person?.direccion,
          'persona.ciudad': person?.ciudad,
          'organizacion.email': org.email,
          'organizacion.telefono': org.telefono,
        }),
      };
    },

    /**
     * Renders the acta of a return (`devolucion` with a person) of pet `petId` and keeps it, as `prepare` does a
     * contract: the PDF stored first, then one transaction that annuls an unsigned earlier acta and inserts this one.
     */
    async prepareReturn(actor: SessionUser, petId: number, movimientoId: number): Promise<{ documentoId: number }> {
      const movement = await movements.forDocument(db, movimientoId);
      if (!movement || movement.petId !== petId) throw new AppError('NOT_FOUND', { message: documentMessages.movementNotFound });
      if (movement.tipo !== 'devolucion' || movement.personaId === null)
        throw new AppError('CONFLICT', { message: documentMessages.movementNotReturn });
      const personaId = movement.personaId;
      if ((await repo.list({ movimientoId })).some((d) => d.estado === 'firmado'))
        throw new AppError('CONFLICT', { message: documentMessages.returnSignedExists });
      const prepared = await documentValues(personaId, petId, {
        noPerson: documentMessages.returnPersonGone,
        noPet: documentMessages.movementNotFound,
      });
      const values = {
        ...prepared.values,
        'devolucion.fecha': formatDay(movement.fecha),
        'devolucion.motivo': movement.motivo.trim(),
      };
      const { titulo, key, sha256, bytes, area } = await renderAndStore('acta_devolucion', prepared, values);
      try {
        return await repo.transaction(async (tx) => {
          const locked = await movements.forDocument(tx.handle, movimientoId, { lock: true });
          if (!locked || locked.petId !== petId) throw new AppError('NOT_FOUND', { message: documentMessages.movementNotFound });
          if (locked.tipo !== 'devolucion' || locked.personaId !== personaId)
            throw new AppError('CONFLICT', { message: documentMessages.movementNotReturn });
          const who = userActor(actor);
          await annulEarlier(tx, await tx.liveOfMovement(movimientoId), who, documentMessages.returnSignedExists);
          const row = await tx.insert({
            tipo: 'acta_devolucion',
            estado: 'borrador',
            solicitudId: null,
            movimientoId,
            petId,
            personaId,
            titulo,
            storageKey: key,
            sha256,
            bytes,
            firmaArea: area,
            createdBy: actor.id,
          });
          await history.record(tx.handle, {
            actor: who,
            entidad: 'documento',
            entidadId: row.id,
            accion: 'crear',
            cambios: {
              tipo: [null, 'acta_devolucion'],
              movimientoId: [null, movimientoId],
              mascotaId: [null, petId],
              personaId: [null, personaId],
              sha256: [null, sha256],
            },
          });
          return { documentoId: row.id };
        });
      } catch (error) {
        await removeFile(key);
        throw error;
      }
    },

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

    /** Recomputes the hashes of the stored bytes: the original's, and the signed copy's when there is one. */
    async verify(id: number): Promise<DocumentVerification> {
      const row = await findOr404(id);
      const original = await storedBytes(row.storageKey);
      const originalHash = original ? sha256Hex(original) : '';
      let integro = originalHash === row.sha256;
      if (row.firmadoKey && row.firmadoSha256) {
        const signed = await storedBytes(row.firmadoKey);
        const signedHash = signed ? sha256Hex(signed) : '';
        integro = integro && signedHash === row.firmadoSha256;
        return { integro, sha256: row.firmadoSha256, calculado: signedHash };
      }
      return { integro, sha256: row.sha256, calculado: originalHash };
    },

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
        const pet = await pets.findLive(tx.handle, row.petId);
        const sent = await messages.send(tx.handle, {
          personaId: person.id,
          para: { nombre: person.nombre, email: recipient.email, telefono: recipient.telefono },
          canal,
          plantilla: SIGNING_TEMPLATES[row.tipo as DocumentType].enviar,
          variables: { 'persona.nombre': person.nombre, 'mascota.nombre': pet?.nombre ?? '', enlace: url },
          relacion: { entidad: 'documento', id: link.documentId },
          actor: userActor(actor),
        });
        whatsappUrl = sent?.url;
      });
      return { url, venceEn: venceEn.toISOString(), ...(whatsappUrl && { whatsappUrl }) };
    },

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

export type DocumentsService = ReturnType<typeof createDocumentsService>;
