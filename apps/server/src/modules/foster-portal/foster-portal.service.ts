import {
  FOSTER_NEWS_LIMITS,
  FOSTER_PORTAL_LINK_DAYS,
  type FosterNews,
  type HistoryActor,
  type FosterNewsState,
  type PortalLink,
  type PortalLinkState,
  type PortalView,
  type SessionUser,
  dayInZone,
  fosterPortalMessages,
  listWords,
  longDay,
  personMessages,
  petMessages,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { TimeZoneSource } from '../organization/organization.port';
import type { FosterNewsPhoto } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { linkTokenHash, newLinkToken } from '../../lib/link-token';
import { NEWS_FOLDER, thumbnailKey } from '../../media/storage-keys';
import { removePublicFiles, storePublicPhoto } from '../../media/public-photo-form';
import type { StorageProvider } from '../../storage/storage-provider';
import type { CarePort } from '../care/care.port';
import { type HistoryPort, linkActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { MovementsPort } from '../movements/movements.port';
import type { PersonsPort } from '../persons/persons.port';
import type { PetsPort } from '../pets/pets.port';
import type { FosterPortalRepository, FosterNewsRow, PortalLinkRow } from './foster-portal.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const notFound = () => new AppError('NOT_FOUND', { message: fosterPortalMessages.notFound });
/** The first name as the person gave it, whole ("María José"): a compound name is never cut to its first word. */
const firstName = (nombre: string) => nombre.trim().replace(/\s+/g, ' ');

export interface FosterPortalDeps {
  db: Database;
  repo: FosterPortalRepository;
  pets: Pick<PetsPort, 'findLive' | 'lockForChange' | 'stagePhotos' | 'addPhotos'>;
  care: Pick<CarePort, 'recordName' | 'plannedOf' | 'recordWeight' | 'markDone'>;
  movements: Pick<MovementsPort, 'petsFosteredBy'>;
  persons: Pick<PersonsPort, 'contactOf'>;
  history: Pick<HistoryPort, 'record'>;
  storage: StorageProvider;
  messages: MessagesPort;
  log: FastifyBaseLogger;
  publicUrl: string;
  timeZone: TimeZoneSource;
  /** The organisation's name as saved on "Configuración" (or ORG_NAME), shown at the head of the portal. */
  organizationName?: () => Promise<string | null>;
  /** Spends one request of a link's hourly budget (shared by every instance); false when it is spent. */
  linkRequests: (linkId: number) => boolean;
  clock?: () => Date;
}

/** The foster portal (DESIGN section 12): links, what a link shows, the news it sends and their review. */
export function createFosterPortalService({
  db,
  repo,
  pets,
  care,
  movements,
  persons,
  history,
  storage,
  messages,
  log,
  publicUrl,
  timeZone,
  organizationName,
  linkRequests,
  clock = () => new Date(),
}: FosterPortalDeps) {
  const today = async (handle?: Parameters<TimeZoneSource>[0]) => dayInZone(clock(), await timeZone(handle));
  function spendRequest(linkId: number): void {
    if (!linkRequests(linkId)) throw new AppError('RATE_LIMITED', { message: fosterPortalMessages.requests });
  }

  /** The link of a token; unknown, revoked and expired answer the same 404 after the same single lookup. */
  async function linkOf(token: string): Promise<PortalLinkRow> {
    const tokenHash = linkTokenHash(token);
    const link = tokenHash ? await repo.activeLink(tokenHash, clock()) : undefined;
    if (!link) throw notFound();
    spendRequest(link.id);
    return link;
  }

  /** Refuses (429) when the link already sent its news or bytes of the last 24 hours. */
  async function checkDailyBudget(executor: Pick<FosterPortalRepository, 'sentSince'>, linkId: number): Promise<void> {
    const sent = await executor.sentSince(linkId, new Date(clock().getTime() - DAY_MS));
    if (sent.count >= FOSTER_NEWS_LIMITS.newsPerDay || sent.bytes >= FOSTER_NEWS_LIMITS.bytesPerDay)
      throw new AppError('RATE_LIMITED', { message: fosterPortalMessages.budget });
  }

  async function fosteredPets(executor: Database, personaId: number) {
    const ids = await movements.petsFosteredBy(executor, personaId);
    const found = await Promise.all(ids.map((id) => pets.findLive(executor, id)));
    return found.filter((p): p is NonNullable<typeof p> => p !== undefined && p.deletedAt === null);
  }

  async function toDto(rows: FosterNewsRow[]): Promise<FosterNews[]> {
    const out: FosterNews[] = [];
    for (const row of rows) {
      const pet = await pets.findLive(db, row.petId);
      const person = await persons.contactOf(db, row.personaId);
      const cuidado = row.cuidadoId ? await care.recordName(db, row.cuidadoId) : undefined;
      out.push({
        id: row.id,
        estado: row.estado as FosterNewsState,
        mascota: { id: row.petId, nombre: pet?.nombre ?? '' },
        persona: { id: row.personaId, nombre: person ? `${person.nombre} ${person.apellidos}`.trim() : '' },
        texto: row.texto,
        pesoKg: row.pesoKg,
        cuidado: cuidado ? { id: cuidado.id, nombre: cuidado.nombre, tipo: cuidado.tipo } : null,
        fotos: row.fotos.map((_, indice) => ({
          indice,
          url: `/api/novedades/${row.id}/fotos/${indice}`,
          miniatura: `/api/novedades/${row.id}/fotos/${indice}?miniatura=1`,
        })),
        creadoEn: row.createdAt.toISOString(),
        decididoEn: row.decididoEn ? row.decididoEn.toISOString() : null,
      });
    }
    return out;
  }

  return {
    /** A new link for the person (the previous one stops working), sent by e-mail or answered as WhatsApp `url`. */
    async createLink(actor: SessionUser, personaId: number, canal: 'email' | 'whatsapp' | undefined): Promise<PortalLink> {
      const person = await persons.contactOf(db, personaId);
      if (!person || person.anonimizada) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
      if (canal === 'email' && !person.email) throw new AppError('VALIDATION_ERROR', { message: fosterPortalMessages.noContact });
      if (canal === 'whatsapp' && !person.telefono) throw new AppError('VALIDATION_ERROR', { message: fosterPortalMessages.noPhone });
      const { token, tokenHash } = newLinkToken();
      const venceEn = new Date(clock().getTime() + FOSTER_PORTAL_LINK_DAYS * DAY_MS);
      const url = `${publicUrl}/portal/${token}`;
      let whatsappUrl: string | undefined;
      await repo.transaction(async (tx) => {
        // Under the person's lock: two new links at once leave one working, not both.
        await tx.lockLinksOf(personaId);
        const revoked = await tx.revokeOf(personaId, clock());
        for (const id of revoked)
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'enlace_portal',
            entidadId: id,
            accion: 'estado',
            cambios: { revocado: [false, true] },
          });
        const link = await tx.insertLink({ personaId, tokenHash, venceEn, createdBy: actor.id });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'enlace_portal',
          entidadId: link.id,
          accion: 'crear',
          cambios: { personaId: [null, personaId], venceEn: [null, venceEn.toISOString()] },
        });
        if (canal) {
          const pets = await fosteredPets(tx.handle, personaId);
          const sent = await messages.send(tx.handle, {
            personaId,
            para: { nombre: person.nombre, email: person.email, telefono: person.telefono },
            canal,
            plantilla: 'acogida_enlace',
            variables: {
              'persona.nombre': person.nombre,
              // 'Luna y Coco'; empty before any pet is placed (the message then names none).
              'mascota.nombre': listWords(pets.map((p) => p.nombre)),
              enlace: url,
              vencimiento: longDay(dayInZone(venceEn, await timeZone(tx.handle))),
            },
            relacion: { entidad: 'enlace_portal', id: link.id },
            actor: userActor(actor),
          });
          whatsappUrl = sent?.url;
        }
      });
      return { url, venceEn: venceEn.toISOString(), ...(whatsappUrl && { whatsappUrl }) };
    },

    /** Whether the person has a link that still works, and until when: the person page offers "Revocar enlace" only then. */
    async linkState(personaId: number): Promise<PortalLinkState> {
      const person = await persons.contactOf(db, personaId);
      if (!person) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
      const link = await repo.activeLinkOf(personaId, clock());
      return { activo: Boolean(link), venceEn: link ? link.venceEn.toISOString() : null };
    },

    async revoke(actor: SessionUser, personaId: number): Promise<void> {
      const person = await persons.contactOf(db, personaId);
      if (!person) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
      await repo.transaction(async (tx) => {
        await tx.lockLinksOf(personaId);
        for (const id of await tx.revokeOf(personaId, clock()))
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'enlace_portal',
            entidadId: id,
            accion: 'estado',
            cambios: { revocado: [false, true] },
          });
      });
    },

    /** What the link shows: the first name, the pets placed with the person now and their care due. */
    async view(token: string): Promise<PortalView> {
      const link = await linkOf(token);
      const person = await persons.contactOf(db, link.personaId);
      if (!person || person.anonimizada) throw notFound();
      const pets = await fosteredPets(db, link.personaId);
      const planned = await care.plannedOf(
        db,
        pets.map((p) => p.id),
      );
      return {
        organizacion: { nombre: (await organizationName?.()) ?? null },
        persona: { nombre: firstName(person.nombre) },
        mascotas: pets.map((p) => ({
          id: p.id,
          nombre: p.nombre,
          foto: p.imagenPrincipal ? `/api/portal/${token}/mascotas/${p.id}/foto` : null,
          cuidados: planned.filter((c) => c.petId === p.id).map(({ id, nombre, tipo, fecha }) => ({ id, nombre, tipo, fecha })),
        })),
      };
    },

    /** The storage key of the thumbnail of a pet placed with the link's person now. */
    async petPhotoKey(token: string, petId: number): Promise<string> {
      const link = await linkOf(token);
      const pet = (await fosteredPets(db, link.personaId)).find((p) => p.id === petId);
      if (!pet?.imagenPrincipal) throw notFound();
      return thumbnailKey(pet.id, pet.imagenPrincipal);
    },

    /** Checks a news item's fields before any file is stored: the link, the pet placed now, the care, the daily budget. */
    async admitNews(token: string, fields: { mascotaId: number; cuidadoId?: number | undefined }): Promise<PortalLinkRow> {
      const link = await linkOf(token);
      // Early, before any photo is read; counted again under the link's lock when the row is saved.
      await checkDailyBudget(repo, link.id);
      const pets = await movements.petsFosteredBy(db, link.personaId);
      if (!pets.includes(fields.mascotaId)) throw new AppError('NOT_FOUND', { message: fosterPortalMessages.petNotFound });
      if (fields.cuidadoId !== undefined) {
        const due = await care.plannedOf(db, [fields.mascotaId]);
        if (!due.some((c) => c.id === fields.cuidadoId)) throw new AppError('NOT_FOUND', { message: fosterPortalMessages.careNotFound });
      }
      return link;
    },

    /** One photo checked by content, decoded in the public lane, re-encoded, stored with its thumbnail. */
    storePhoto: (folder: string, n: number, data: Buffer): Promise<FosterNewsPhoto> => storePublicPhoto(storage, `${NEWS_FOLDER}${folder}`, n, data),

    /** The row, after its files: checked again in the transaction (the placement may have ended meanwhile). */
    async saveNews(
      link: PortalLinkRow,
      fields: { mascotaId: number; texto: string; pesoKg?: number | undefined; cuidadoId?: number | undefined },
      fotos: FosterNewsPhoto[],
    ): Promise<{ id: number }> {
      return repo.transaction(async (tx) => {
        // The link locked, then its news of the day counted: news sent at once are counted one after another.
        const locked = await tx.lockLink(link.id);
        if (!locked || locked.revocadoEn !== null || locked.venceEn <= clock()) throw notFound();
        await checkDailyBudget(tx, link.id);
        const pets = await movements.petsFosteredBy(tx.handle, link.personaId);
        if (!pets.includes(fields.mascotaId)) throw new AppError('NOT_FOUND', { message: fosterPortalMessages.petNotFound });
        const person = await persons.contactOf(tx.handle, link.personaId);
        const row = await tx.insertNews({
          linkId: link.id,
          personaId: link.personaId,
          petId: fields.mascotaId,
          texto: fields.texto,
          pesoKg: fields.pesoKg ?? null,
          cuidadoId: fields.cuidadoId ?? null,
          fotos,
          bytes: fotos.reduce((sum, f) => sum + f.bytes, 0),
        });
        await history.record(tx.handle, {
          actor: linkActor(person ? firstName(person.nombre) : ''),
          entidad: 'novedad_acogida',
          entidadId: row.id,
          accion: 'crear',
          cambios: { mascotaId: [null, fields.mascotaId], personaId: [null, link.personaId], fotos: [null, fotos.length] },
        });
        return { id: row.id };
      });
    },

    removeFiles: (keys: string[]): Promise<void> => removePublicFiles(storage, log, keys, 'a news photo'),

    list: async (estado: FosterNewsState): Promise<FosterNews[]> => toDto(await repo.news(estado)),

    async photo(id: number, indice: number, miniatura: boolean): Promise<{ key: string; contentType: string }> {
      const row = await repo.findNews(id);
      const photo = row?.fotos[indice];
      if (!photo) throw new AppError('NOT_FOUND', { message: fosterPortalMessages.newsNotFound });
      return miniatura ? { key: photo.thumbKey, contentType: 'image/webp' } : { key: photo.key, contentType: photo.contentType };
    },

    /**
     * Accepting: the chosen photos are copied under the pet first (no transaction open), then in one transaction
     * the weight becomes a `peso` record, the care record is marked done, the photos join the gallery, the news is
     * `aceptada`, each with its history. A failure removes the copies.
     */
    async accept(actor: SessionUser, id: number, indices: number[]): Promise<FosterNews> {
      const row = await repo.findNews(id);
      if (!row) throw new AppError('NOT_FOUND', { message: fosterPortalMessages.newsNotFound });
      if (row.estado !== 'pendiente') throw new AppError('CONFLICT', { message: fosterPortalMessages.alreadyDecided });
      const chosen = [...new Set(indices)];
      if (chosen.some((i) => !row.fotos[i]))
        throw new AppError('VALIDATION_ERROR', {
          message: fosterPortalMessages.photoIndexInvalid,
          fieldErrors: { fotos: fosterPortalMessages.photoIndexInvalid },
        });
      const staged = await pets.stagePhotos(
        row.petId,
        chosen.map((i) => row.fotos[i]!),
        () => new AppError('CONFLICT', { message: fosterPortalMessages.newsNotFound }),
      );
      try {
        await repo.transaction(async (tx) => {
          const pet = await pets.lockForChange(tx.handle, row.petId);
          if (!pet || pet.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
          const locked = await tx.lockNews(id);
          if (!locked || locked.estado !== 'pendiente') throw new AppError('CONFLICT', { message: fosterPortalMessages.alreadyDecided });
          const who: HistoryActor = userActor(actor);
          const day = dayInZone(locked.createdAt, await timeZone(tx.handle));
          const note = 'Según la casa de acogida (portal)';
          if (locked.pesoKg !== null) await care.recordWeight(tx.handle, locked.petId, day, locked.pesoKg, note, who);
          if (locked.cuidadoId !== null) await care.markDone(tx.handle, locked.cuidadoId, locked.petId, day, note, who);
          await pets.addPhotos(tx.handle, locked.petId, staged, actor);
          await tx.decide(id, 'aceptada', actor.id, clock());
          await history.record(tx.handle, {
            actor: who,
            entidad: 'novedad_acogida',
            entidadId: id,
            accion: 'estado',
            cambios: { estado: ['pendiente', 'aceptada'], fotos: [null, chosen.length] },
          });
        });
      } catch (error) {
        await staged.discard();
        throw error;
      }
      return (await toDto([(await repo.findNews(id))!]))[0]!;
    },

    async reject(actor: SessionUser, id: number): Promise<FosterNews> {
      await repo.transaction(async (tx) => {
        const locked = await tx.lockNews(id);
        if (!locked) throw new AppError('NOT_FOUND', { message: fosterPortalMessages.newsNotFound });
        if (locked.estado !== 'pendiente') throw new AppError('CONFLICT', { message: fosterPortalMessages.alreadyDecided });
        await tx.decide(id, 'rechazada', actor.id, clock());
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'novedad_acogida',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: ['pendiente', 'rechazada'] },
        });
      });
      return (await toDto([(await repo.findNews(id))!]))[0]!;
    },

    pendingCount: () => repo.pendingCount(),
    today,
  };
}

export type FosterPortalService = ReturnType<typeof createFosterPortalService>;
