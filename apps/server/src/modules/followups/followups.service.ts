import {
  FOLLOWUP_LIMITS,
  type Followup,
  type FollowupAnswer,
  type FollowupAnswerFields,
  type FollowupList,
  type FollowupPublicView,
  type FollowupState,
  type FollowupType,
  type HistoryActor,
  type ListFollowupsQuery,
  type SentFollowup,
  type SessionUser,
  dayInZone,
  followupMessages,
  followupStaffNotice,
  longDay,
  obligationDescriptions,
  petMessages,
  petThumbnailUrl,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { FollowupPhoto } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { linkTokenHash, newLinkToken } from '../../lib/link-token';
import { FOLLOWUP_FOLDER, thumbnailKey } from '../../media/storage-keys';
import type { TimeZoneSource } from '../organization/organization.port';
import { removePublicFiles, storePublicPhoto } from '../../media/public-photo-form';
import type { StorageProvider } from '../../storage/storage-provider';
import { type HistoryPort, linkActor, systemActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { AdoptionRequestsPort } from '../adoption-requests/adoption-requests.port';
import type { PersonContact, PersonsPort } from '../persons/persons.port';
import type { PetsPort } from '../pets/pets.port';
import type { FollowupRow, FollowupsRepository } from './followups.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many items one run of the scheduled job sends or reminds at most (the next run takes the rest). */
const BATCH = 200;

/** The first name as the person gave it, whole ("María José"): a compound name is never cut to its first word. */
const firstName = (nombre: string) => nombre.trim().replace(/\s+/g, ' ');
const isObligation = (tipo: string) => tipo !== 'seguimiento';
const notFound = () => new AppError('NOT_FOUND', { message: followupMessages.notFound });
const linkNotFound = () => new AppError('NOT_FOUND', { message: followupMessages.linkNotFound });

export interface OrganizationFacts {
  nombre: string | null;
  telefono: string | null;
}

export interface FollowupsDeps {
  db: Database;
  repo: FollowupsRepository;
  pets: Pick<PetsPort, 'findLive' | 'lockForChange' | 'stagePhotos' | 'addPhotos' | 'addTag'>;
  persons: Pick<PersonsPort, 'contactOf' | 'namesOf'>;
  /** The contact of the application an adoption came from (the follow-up goes where the contract went). */
  applications: Pick<AdoptionRequestsPort, 'adoptionContact'>;
  history: Pick<HistoryPort, 'record'>;
  storage: StorageProvider;
  messages: MessagesPort;
  log: FastifyBaseLogger;
  publicUrl: string;
  timeZone: TimeZoneSource;
  organization: (handle?: Database) => Promise<OrganizationFacts>;
  /** Spends one request of a follow-up link's hourly budget (shared by every instance); false when it is spent. */
  linkRequests: (followupId: number) => boolean;
  clock?: () => Date;
}

/** Follow-up after an adoption (DESIGN section 13): the list, sending, the public answer, obligations, alerts. */
export function createFollowupsService({
  db,
  repo,
  pets,
  persons,
  applications,
  history,
  storage,
  messages,
  log,
  publicUrl,
  timeZone,
  organization,
  linkRequests,
  clock = () => new Date(),
}: FollowupsDeps) {
  const today = async (handle?: Database, at = clock()) => dayInZone(at, await timeZone(handle));
  function spendRequest(id: number): void {
    if (!linkRequests(id)) throw new AppError('RATE_LIMITED', { message: followupMessages.requests });
  }

  /** The check-in of a token: unknown and ended answer the same 404; an expired link 410 with the reason. */
  async function checkInOf(token: string): Promise<FollowupRow> {
    const tokenHash = linkTokenHash(token);
    const row = tokenHash ? await repo.byToken(tokenHash) : undefined;
    if (!row || row.estado === 'anulado' || row.tipo !== 'seguimiento') throw linkNotFound();
    spendRequest(row.id);
    if (!row.enlaceVenceEn || row.enlaceVenceEn.getTime() <= clock().getTime()) throw new AppError('GONE', { message: followupMessages.linkExpired });
    return row;
  }

  function answerOf(row: FollowupRow): Followup['respuesta'] {
    if (!row.respondidoEn || !row.comoVa) return null;
    return {
      comoVa: row.comoVa as FollowupAnswer,
      comentario: row.comentario,
      fotos: row.fotos.map((_, indice) => ({
        indice,
        url: `/api/seguimientos/${row.id}/fotos/${indice}`,
        miniatura: `/api/seguimientos/${row.id}/fotos/${indice}?miniatura=1`,
      })),
      respondidoEn: row.respondidoEn.toISOString(),
      atendidoEn: row.atendidoEn?.toISOString() ?? null,
    };
  }

  async function toDtos(rows: FollowupRow[], day: string): Promise<Followup[]> {
    const petIds = [...new Set(rows.map((r) => r.petId))];
    const petRows = new Map((await Promise.all(petIds.map((id) => pets.findLive(db, id)))).filter((p) => p !== undefined).map((p) => [p.id, p]));
    const names = await persons.namesOf(db, [...new Set(rows.map((r) => r.personaId).filter((id): id is number => id !== null))]);
    return rows.map((row) => {
      const pet = petRows.get(row.petId);
      return {
        id: row.id,
        tipo: row.tipo as FollowupType,
        mascota: { id: row.petId, nombre: pet?.nombre ?? '', foto: pet?.imagenPrincipal ? petThumbnailUrl(row.petId, pet.imagenPrincipal) : null },
        persona: row.personaId === null ? null : { id: row.personaId, nombre: names.get(row.personaId) ?? '' },
        vence: row.vence,
        estado: row.estado as FollowupState,
        vencido: (row.estado === 'pendiente' || row.estado === 'enviado') && row.vence < day,
        respuesta: answerOf(row),
        enviadoEn: row.enviadoEn?.toISOString() ?? null,
        recordadoEn: row.recordadoEn?.toISOString() ?? null,
        hechoEn: row.hechoEn?.toISOString() ?? null,
        version: row.version,
      };
    });
  }

  async function one(id: number): Promise<Followup> {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return (await toDtos([row], await today()))[0]!;
  }

  /**
   * Gives a check-in a fresh link (a previous one stops working) and writes the message `seguimiento` on `handle`:
   * by e-mail when `canal` is email, as a click-to-chat link for WhatsApp. Answers the link and the WhatsApp url,
   * or null when an automatic e-mail cannot go (no address, no consent, the template inactive).
   */
  /**
   * Where an adoption's check-ins and reminders go: the contact of the approved application it came from (the one
   * the applicant gave, or the one staff confirmed), else the person's (an adoption recorded without an application).
   */
  async function addressOf(
    handle: FollowupsRepository['handle'],
    row: Pick<FollowupRow, 'petId'>,
    person: PersonContact,
  ): Promise<{ email: string | null; telefono: string | null }> {
    const contact = await applications.adoptionContact(handle, row.petId, person.id);
    return contact ? { email: contact.email, telefono: contact.telefono } : { email: person.email, telefono: person.telefono };
  }

  async function sendCheckIn(
    tx: FollowupsRepository,
    row: FollowupRow,
    canal: 'email' | 'whatsapp',
    actor: HistoryActor,
    automatic: boolean,
  ): Promise<SentFollowup | null> {
    if (row.personaId === null) {
      if (automatic) return null;
      throw new AppError('VALIDATION_ERROR', { message: followupMessages.noPerson });
    }
    const person = await persons.contactOf(tx.handle, row.personaId);
    if (!person || person.anonimizada) {
      if (automatic) return null;
      throw new AppError('VALIDATION_ERROR', { message: followupMessages.noPerson });
    }
    const to = await addressOf(tx.handle, row, person);
    if (canal === 'email' && (!to.email || !person.consentimientos.email)) {
      if (automatic) return null;
      throw new AppError('VALIDATION_ERROR', { message: followupMessages.noEmail });
    }
    if (canal === 'whatsapp' && !to.telefono) throw new AppError('VALIDATION_ERROR', { message: followupMessages.noPhone });
    const pet = await pets.findLive(tx.handle, row.petId);
    const { token, tokenHash } = newLinkToken();
    const url = `${publicUrl}/seguimiento/${token}`;
    const sent = await messages.send(tx.handle, {
      personaId: row.personaId,
      mascotaId: row.petId,
      para: { nombre: person.nombre, email: to.email, telefono: to.telefono },
      canal,
      plantilla: 'seguimiento',
      variables: { 'persona.nombre': person.nombre, 'mascota.nombre': pet?.nombre ?? '', enlace: url },
      relacion: { entidad: 'seguimiento', id: row.id },
      actor,
      ...(automatic ? { soloSiActiva: true } : {}),
    });
    if (!sent) return null;
    const now = clock();
    const updated = await tx.update(
      row.id,
      { tokenHash, enlaceVenceEn: new Date(now.getTime() + FOLLOWUP_LIMITS.linkDays * DAY_MS), estado: 'enviado', enviadoEn: now },
      { estado: ['pendiente', 'enviado'] },
    );
    if (!updated) throw new AppError('CONFLICT', { message: followupMessages.stale });
    await history.record(tx.handle, {
      actor,
      entidad: 'seguimiento',
      entidadId: row.id,
      accion: 'enviar',
      cambios: { estado: [row.estado, 'enviado'], canal: [null, canal] },
    });
    return { url, ...(sent.url ? { whatsappUrl: sent.url } : {}) };
  }

  return {
    today,

    async list(query: ListFollowupsQuery): Promise<FollowupList> {
      const day = await today();
      const { rows, total } = await repo.list(query, day);
      return { items: await toDtos(rows, day), total, page: query.page, pageSize: query.pageSize };
    },

    get: one,

    /** "Enviar ahora": a check-in not answered nor ended gets a fresh link, by e-mail or as a WhatsApp link. */
    async sendNow(actor: SessionUser, id: number, canal: 'email' | 'whatsapp'): Promise<SentFollowup> {
      return repo.transaction(async (tx) => {
        const row = await tx.lock(id);
        if (!row) throw notFound();
        if (row.tipo !== 'seguimiento') throw new AppError('VALIDATION_ERROR', { message: followupMessages.notACheckIn });
        if (row.estado === 'anulado') throw new AppError('CONFLICT', { message: followupMessages.ended });
        if (row.estado === 'respondido') throw new AppError('CONFLICT', { message: followupMessages.answered });
        return (await sendCheckIn(tx, row, canal, userActor(actor), false))!;
      });
    },

    /** Closes an obligation (again: the same answer, nothing changes; a stale `version`: 409). */
    async markDone(actor: SessionUser, id: number, version: number | undefined): Promise<Followup> {
      await repo.transaction(async (tx) => {
        const row = await tx.lock(id);
        if (!row) throw notFound();
        if (!isObligation(row.tipo)) throw new AppError('VALIDATION_ERROR', { message: followupMessages.notAnObligation });
        if (row.estado === 'hecho') return;
        if (row.estado === 'anulado') throw new AppError('CONFLICT', { message: followupMessages.ended });
        if (version !== undefined && version !== row.version) throw new AppError('CONFLICT', { message: followupMessages.stale });
        await tx.update(id, { estado: 'hecho', hechoEn: clock(), hechoPor: actor.id });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'seguimiento',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: [row.estado, 'hecho'] },
        });
      });
      return one(id);
    },

    /** "Deshacer" of "Marcar hecho": the obligation is pending again. */
    async undoDone(actor: SessionUser, id: number): Promise<Followup> {
      await repo.transaction(async (tx) => {
        const row = await tx.lock(id);
        if (!row) throw notFound();
        if (!isObligation(row.tipo)) throw new AppError('VALIDATION_ERROR', { message: followupMessages.notAnObligation });
        if (row.estado !== 'hecho') return;
        await tx.update(id, { estado: 'pendiente', hechoEn: null, hechoPor: null });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'seguimiento',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: ['hecho', 'pendiente'] },
        });
      });
      return one(id);
    },

    /** Staff took care of an answer "necesito ayuda": it leaves "Pendientes" (again: nothing changes). */
    async markHandled(actor: SessionUser, id: number): Promise<Followup> {
      await repo.transaction(async (tx) => {
        const row = await tx.lock(id);
        if (!row) throw notFound();
        if (row.comoVa !== 'necesito_ayuda') throw new AppError('VALIDATION_ERROR', { message: followupMessages.notHelp });
        if (row.atendidoEn) return;
        await tx.update(id, { atendidoEn: clock(), atendidoPor: actor.id });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'seguimiento',
          entidadId: id,
          accion: 'estado',
          cambios: { atendido: [false, true] },
        });
      });
      return one(id);
    },

    async photo(id: number, indice: number, miniatura: boolean): Promise<{ key: string; contentType: string }> {
      const row = await repo.find(id);
      const photo = row?.fotos[indice];
      if (!photo) throw notFound();
      return miniatura ? { key: photo.thumbKey, contentType: 'image/webp' } : { key: photo.key, contentType: photo.contentType };
    },

    /**
     * "Añadir a la galería": the chosen photos of an answer are copied under the pet first (no transaction open),
     * then join its gallery in one transaction, with the pet's tag "Final feliz". A failure removes the copies.
     */
    async addToGallery(actor: SessionUser, id: number, indices: number[]): Promise<Followup> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      const chosen = [...new Set(indices)];
      if (!row.respondidoEn || chosen.some((i) => !row.fotos[i]))
        throw new AppError('VALIDATION_ERROR', {
          message: followupMessages.photoIndexInvalid,
          fieldErrors: { fotos: followupMessages.photoIndexInvalid },
        });
      const staged = await pets.stagePhotos(
        row.petId,
        chosen.map((i) => row.fotos[i]!),
        notFound,
      );
      try {
        await repo.transaction(async (tx) => {
          const pet = await pets.lockForChange(tx.handle, row.petId);
          if (!pet || pet.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
          await pets.addPhotos(tx.handle, row.petId, staged, actor);
          await pets.addTag(tx.handle, row.petId, FINAL_FELIZ, actor);
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'seguimiento',
            entidadId: id,
            accion: 'estado',
            cambios: { galeria: [null, chosen.length] },
          });
        });
      } catch (error) {
        await staged.discard();
        throw error;
      }
      return one(id);
    },

    /* ------------------------------------------------------------- the adopter's phone */

    /** What the link shows: the organisation, the adopter's first name, the pet, the question, whether answered. */
    async view(token: string): Promise<FollowupPublicView> {
      const row = await checkInOf(token);
      const person = row.personaId === null ? null : await persons.contactOf(db, row.personaId);
      if (!person || person.anonimizada) throw linkNotFound();
      const pet = await pets.findLive(db, row.petId);
      if (!pet || pet.deletedAt) throw linkNotFound();
      const org = await organization();
      return {
        organizacion: { nombre: org.nombre ?? '', telefono: org.telefono },
        persona: { nombre: firstName(person.nombre) },
        mascota: { nombre: pet.nombre, foto: pet.imagenPrincipal ? `/api/seguimiento/${token}/foto` : null },
        pregunta: followupMessages.question(pet.nombre),
        respondido: row.respondidoEn !== null,
      };
    },

    /** The storage key of the thumbnail of the link's pet. */
    async petPhotoKey(token: string): Promise<string> {
      const row = await checkInOf(token);
      const pet = await pets.findLive(db, row.petId);
      if (!pet?.imagenPrincipal || pet.deletedAt) throw linkNotFound();
      return thumbnailKey(pet.id, pet.imagenPrincipal);
    },

    /** Checks an answer before any file is stored: the link, not answered yet. */
    async admitAnswer(token: string): Promise<FollowupRow> {
      const row = await checkInOf(token);
      if (row.respondidoEn) throw new AppError('CONFLICT', { message: followupMessages.alreadyAnswered });
      return row;
    },

    /** One photo checked by content, decoded in the public lane, re-encoded, stored with its thumbnail. */
    storePhoto: (folder: string, n: number, data: Buffer): Promise<FollowupPhoto> =>
      storePublicPhoto(storage, `${FOLLOWUP_FOLDER}${folder}`, n, data),

    /**
     * The answer, after its files: checked again under the row's lock (two answers at once: the second 409s).
     * "necesito_ayuda" e-mails the staff who chose to be told, in the same transaction.
     */
    async saveAnswer(admitted: FollowupRow, fields: FollowupAnswerFields, fotos: FollowupPhoto[]): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await tx.lock(admitted.id);
        if (!row || row.estado === 'anulado' || row.tokenHash !== admitted.tokenHash) throw linkNotFound();
        if (row.respondidoEn) throw new AppError('CONFLICT', { message: followupMessages.alreadyAnswered });
        await tx.update(row.id, { estado: 'respondido', comoVa: fields.comoVa, comentario: fields.comentario, fotos, respondidoEn: clock() });
        const person = row.personaId === null ? null : await persons.contactOf(tx.handle, row.personaId);
        await history.record(tx.handle, {
          actor: linkActor(person ? firstName(person.nombre) : ''),
          entidad: 'seguimiento',
          entidadId: row.id,
          accion: 'estado',
          cambios: { estado: [row.estado, 'respondido'], comoVa: [null, fields.comoVa], fotos: [null, fotos.length] },
        });
        if (fields.comoVa === 'necesito_ayuda') {
          const pet = await pets.findLive(tx.handle, row.petId);
          const who = person ? `${person.nombre} ${person.apellidos}`.trim() : 'La familia adoptante';
          await messages.notifyStaff(tx.handle, 'seguimientos', followupStaffNotice(pet?.nombre ?? '', who, fields.comentario), {
            entidad: 'seguimiento',
            id: row.id,
          });
        }
      });
    },

    removeFiles: (keys: string[]): Promise<void> => removePublicFiles(storage, log, keys, 'a follow-up photo'),

    /* ------------------------------------------------------------- the scheduled job */

    /**
     * Sends each check-in whose day has come (in the organisation's time zone) by e-mail, and reminds each
     * obligation 7 days before its due date, once: each item is taken by a conditional update in its own
     * transaction with its message, so two runs at once never send one twice.
     */
    async sendDue(now: Date): Promise<{ enviados: number; recordados: number }> {
      const day = await today(undefined, now);
      let enviados = 0;
      let recordados = 0;
      for (const due of await repo.dueCheckIns(day, BATCH)) {
        try {
          const sent = await repo.transaction(async (tx) => {
            const row = await tx.lock(due.id);
            if (!row || row.estado !== 'pendiente') return null;
            return sendCheckIn(tx, row, 'email', systemActor, true);
          });
          if (sent) enviados++;
        } catch (error) {
          log.warn({ err: error, followup: due.id }, 'could not send a check-in');
        }
      }
      for (const due of await repo.dueReminders(day, FOLLOWUP_LIMITS.reminderDaysBefore, BATCH)) {
        try {
          const reminded = await repo.transaction(async (tx) => {
            const row = await tx.lock(due.id);
            if (!row || row.estado !== 'pendiente' || row.recordadoEn || row.personaId === null) return false;
            // Taken first: whatever follows, the reminder is never written twice.
            await tx.update(row.id, { recordadoEn: now }, { estado: ['pendiente'] });
            const person = await persons.contactOf(tx.handle, row.personaId);
            const to = person ? await addressOf(tx.handle, row, person) : null;
            const pet = await pets.findLive(tx.handle, row.petId);
            const sent =
              person && to && !person.anonimizada && to.email
                ? await messages.send(tx.handle, {
                    personaId: row.personaId,
                    mascotaId: row.petId,
                    para: { nombre: person.nombre, email: to.email, telefono: to.telefono },
                    canal: 'email',
                    plantilla: 'recordatorio_obligacion',
                    variables: {
                      'persona.nombre': person.nombre,
                      'mascota.nombre': pet?.nombre ?? '',
                      'obligacion.descripcion': obligationDescriptions[row.tipo as keyof typeof obligationDescriptions],
                      'obligacion.fecha': longDay(row.vence),
                    },
                    relacion: { entidad: 'seguimiento', id: row.id },
                    soloSiActiva: true,
                  })
                : null;
            await history.record(tx.handle, {
              actor: systemActor,
              entidad: 'seguimiento',
              entidadId: row.id,
              accion: 'enviar',
              cambios: { recordado: [false, sent !== null] },
            });
            return sent !== null;
          });
          if (reminded) recordados++;
        } catch (error) {
          log.warn({ err: error, followup: due.id }, 'could not remind an obligation');
        }
      }
      return { enviados, recordados };
    },

    /** "Pendientes": answers "necesito ayuda" not handled, obligations past due and not done. */
    async pendingCounts(): Promise<{ seguimientosAyuda: number; obligacionesVencidas: number }> {
      const counts = await repo.counts(await today());
      return { seguimientosAyuda: counts.ayuda, obligacionesVencidas: counts.vencidas };
    },
  };
}

/** The pet's tag that marks photos of its life after adoption ("finales felices"). */
export const FINAL_FELIZ = 'Final feliz';

export type FollowupsService = ReturnType<typeof createFollowupsService>;
