import {
  type ListPublicationRequestsQuery,
  type PublicationRequest,
  type PublicationRequestListItem,
  type RegistrationFields,
  type ApproveRequestInput,
  formatFechaIngreso,
  intakeMessages,
  staffNoticeTexts,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicationRequestMedia } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, linkActor, publicActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { PersonsPort } from '../persons/persons.port';
import type { PetsPort } from '../pets/pets.port';
import { invalidLinkError } from './links.service';
import type { RequestRow, RequestsRepository } from './requests.repository';
import { requestThumbnailKey } from '../../media/request-storage-keys';

const mediaUrl = (id: number, index: number) => `/api/solicitudes-publicacion/${id}/media/${index}`;
const thumbUrl = (id: number, index: number) => `/api/solicitudes-publicacion/${id}/media/${index}/miniatura`;

function toListItem(row: RequestRow): PublicationRequestListItem {
  const firstImage = row.media.findIndex((m) => m.kind === 'principal');
  const anyImage = firstImage >= 0 ? firstImage : row.media.findIndex((m) => m.kind === 'imagen');
  return {
    id: row.id,
    estado: row.estado as PublicationRequestListItem['estado'],
    nombre: row.nombre,
    edad: row.edad,
    tipo: row.tipo,
    genero: row.genero,
    tamano: row.tamano,
    contactoNombre: row.contactoNombre,
    contactoEmail: row.contactoEmail,
    contactoTelefono: row.contactoTelefono,
    personaId: row.personaId,
    enlaceId: row.enlaceId,
    destinatario: row.destinatario,
    paqueteId: row.paqueteId,
    paqueteNombre: row.paqueteNombre,
    thumbnailUrl: anyImage >= 0 ? thumbUrl(row.id, anyImage) : null,
    imagenes: row.media.filter((m) => m.kind !== 'video').length,
    videos: row.media.filter((m) => m.kind === 'video').length,
    mascotaId: row.mascotaId,
    motivoRechazo: row.motivoRechazo,
    decididoEn: row.decididoEn?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDetail(row: RequestRow): PublicationRequest {
  return {
    ...toListItem(row),
    discapacidad: row.discapacidad ? '1' : '0',
    personalidad: row.personalidad,
    historia: row.historia,
    tags: row.tags,
    media: row.media.map((m, index) => ({
      index,
      kind: m.kind,
      nombre: m.nombre,
      bytes: m.bytes,
      contentType: m.contentType,
      url: mediaUrl(row.id, index),
      thumbnailUrl: m.kind === 'video' ? null : thumbUrl(row.id, index),
    })),
    decididoPor: row.decididoPor,
    decididoPorNombre: row.decididoPorNombre,
  };
}

/** How often an upload in progress renews its mark (the sweep's grace period is an hour). */
const UPLOAD_HEARTBEAT_MS = 60_000;

/** Publication requests: public submissions (with or without a link) and the staff review queue. */
export function createPublicationRequestsService({
  repo,
  pets,
  log,
  history,
  messages,
  persons,
}: {
  repo: RequestsRepository;
  /** An approval's new pet and its media are written by the pets module, in the approval's transaction. */
  pets: Pick<PetsPort, 'reservePetId' | 'createDraft' | 'stagePhotos' | 'stageVideos' | 'addPhotos' | 'setMainImage'>;
  log: FastifyBaseLogger;
  history: Pick<HistoryPort, 'record'>;
  /** The rescuer is told when the registration arrives, is approved or rejected (when the template is active). */
  messages?: MessagesPort;
  /** The submitter's contact normalised, and the registration linked to a person (DESIGN section 10). */
  persons: Pick<PersonsPort, 'link' | 'normaliseContact'>;
}) {
  /** Inside the change's transaction: the rescuer is told by e-mail (only when the key's template is active). */
  async function tellRescuer(
    handle: Parameters<MessagesPort['send']>[0],
    row: Pick<RequestRow, 'id' | 'nombre' | 'contactoNombre' | 'contactoEmail' | 'contactoTelefono'> & { personaId?: number | null },
    plantilla: 'registro_recibido' | 'registro_aprobado' | 'registro_rechazado',
    motivo?: string,
  ): Promise<void> {
    if (!messages) return;
    await messages.send(handle, {
      personaId: row.personaId ?? null,
      para: { nombre: row.contactoNombre, email: row.contactoEmail, telefono: row.contactoTelefono || null },
      canal: 'email',
      plantilla,
      variables: { 'mascota.nombre': row.nombre, 'registro.numero': row.id, ...(motivo ? { 'registro.motivo': motivo } : {}) },
      relacion: { entidad: 'solicitud_publicacion', id: row.id },
      soloSiActiva: true,
    });
  }

  async function requireRow(id: number): Promise<RequestRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND', { message: intakeMessages.requestNotFound });
    return row;
  }

  /** A file the request points at is gone (it should not happen; the sweep keeps a pending request's files): 409. */
  function mediaMissing(): AppError {
    log.warn('a file of a publication request is missing');
    return new AppError('CONFLICT', { message: intakeMessages.requestMediaMissing });
  }

  /**
   * Copies a request's media under the pet `petId` (no row yet), through the pets module that owns the pet's files:
   * its images (with their thumbnails) staged for the gallery, the main image among them, and its videos.
   */
  async function stageMediaForPet(row: RequestRow, petId: number) {
    const images = row.media.filter((item) => item.kind !== 'video');
    const photos = await pets.stagePhotos(
      petId,
      images.map((item) => ({
        key: item.key,
        thumbKey: requestThumbnailKey(item.key),
        contentType: item.contentType,
        width: item.width ?? 0,
        height: item.height ?? 0,
        bytes: item.bytes,
        contentHash: item.contentHash ?? '',
      })),
      mediaMissing,
    );
    let videos: { discard(): Promise<void> };
    try {
      videos = await pets.stageVideos(
        petId,
        row.media.filter((item) => item.kind === 'video'),
        mediaMissing,
      );
    } catch (error) {
      await photos.discard();
      throw error;
    }
    const mainIndex = images.findIndex((item) => item.kind === 'principal');
    return {
      mainImage: mainIndex === -1 ? undefined : photos.images[mainIndex]!.nombre,
      gallery: { images: photos.images.filter((_, i) => i !== mainIndex) },
      discard: async () => {
        await photos.discard();
        await videos.discard();
      },
    };
  }

  /**
   * Marks a submission's folder as an upload in progress, renewed every minute until the returned function
   * ends it: the request-media sweep never takes the files of an upload still running, however long it takes.
   */
  async function trackUpload(folder: string): Promise<() => Promise<void>> {
    await repo.markUpload(folder, new Date());
    const heartbeat = setInterval(() => {
      repo.markUpload(folder, new Date()).catch((error: unknown) => log.warn({ err: error, folder }, 'could not renew an upload mark'));
    }, UPLOAD_HEARTBEAT_MS);
    heartbeat.unref();
    return async () => {
      clearInterval(heartbeat);
      await repo.unmarkUpload(folder).catch((error: unknown) => log.warn({ err: error, folder }, 'could not remove an upload mark'));
    };
  }

  return {
    trackUpload,

    /** The submitter's e-mail lower-cased and phone in E.164; an invalid one answers 400 on its field, before any file is read. */
    normaliseContact<F extends Pick<RegistrationFields, 'contactoEmail' | 'contactoTelefono'>>(fields: F): F {
      const contact = persons.normaliseContact(
        { email: fields.contactoEmail, telefono: fields.contactoTelefono },
        { email: 'contactoEmail', telefono: 'contactoTelefono' },
      );
      return { ...fields, contactoEmail: contact.email ?? fields.contactoEmail, contactoTelefono: contact.telefono ?? '' };
    },

    /**
     * Saves a submission whose files are already stored. In one transaction the link (if any) gives up one
     * place, atomically, and the request row is inserted; when the link can no longer take it, nothing is
     * saved and `onRefused` removes the files.
     */
    async submit(fields: RegistrationFields, media: PublicationRequestMedia[], onRefused: () => Promise<void>): Promise<{ id: number }> {
      const enlaceId = fields.enlaceId ?? null;
      let refused: string | undefined;
      try {
        const id = await repo.transaction(async ({ handle, requests, links }) => {
          if (enlaceId && !(await links.consume(enlaceId))) {
            // Lost the race for the last place, or the link changed since the form's fields were checked.
            const row = await links.findById(enlaceId);
            refused = intakeMessages.linkInvalid[!row ? 'no_existe' : row.estado === 'activo' ? 'sin_cupo' : row.estado];
            throw invalidLinkError(refused);
          }
          const link = enlaceId ? await links.findById(enlaceId) : undefined;
          const actor = link ? linkActor(link.destinatario) : publicActor(fields.contactoNombre);
          const { personaId } = await persons.link(
            handle,
            { nombre: fields.contactoNombre, email: fields.contactoEmail, telefono: fields.contactoTelefono },
            'rescatador',
            // The person's own record is made by the submitter, whatever link they used.
            publicActor(fields.contactoNombre),
          );
          const created = await requests.insert({
            personaId,
            enlaceId,
            nombre: fields.nombre,
            edad: fields.edad,
            tipo: fields.tipo,
            genero: fields.genero,
            tamano: fields.tamano,
            discapacidad: fields.discapacidad === '1',
            personalidad: fields.personalidad,
            historia: fields.historia,
            tags: fields.tags,
            contactoNombre: fields.contactoNombre,
            contactoEmail: fields.contactoEmail,
            contactoTelefono: fields.contactoTelefono,
            media,
          });
          await history.record(handle, {
            actor,
            entidad: 'solicitud_publicacion',
            entidadId: created,
            accion: 'crear',
            cambios: { nombre: [null, fields.nombre], ...(link ? { enlace: [null, link.destinatario] as [null, string] } : {}) },
          });
          await tellRescuer(handle, { id: created, personaId, ...fields }, 'registro_recibido');
          if (messages) {
            const texto = staffNoticeTexts.registration(fields.nombre, fields.contactoNombre);
            await messages.notifyStaff(handle, 'registros', texto, { entidad: 'solicitud_publicacion', id: created });
          }
          return created;
        });
        return { id };
      } catch (error) {
        await onRefused();
        throw error;
      }
    },

    async list(query: ListPublicationRequestsQuery) {
      const { rows, total } = await repo.list(query);
      return { items: rows.map(toListItem), total, page: query.page, pageSize: query.pageSize };
    },

    async get(id: number): Promise<PublicationRequest> {
      return toDetail(await requireRow(id));
    },

    /** The storage key and content type of one file of a request (staff only). */
    async media(id: number, index: number, thumbnail: boolean): Promise<{ key: string; contentType: string }> {
      const row = await requireRow(id);
      const item = row.media[index];
      if (!item || (thumbnail && item.kind === 'video')) throw new AppError('NOT_FOUND', { message: intakeMessages.mediaNotFound });
      return thumbnail ? { key: requestThumbnailKey(item.key), contentType: 'image/webp' } : { key: item.key, contentType: item.contentType };
    },

    /**
     * Creates the pet as a `borrador` with the request's media, and marks the request approved with a link to
     * it. Files first, outside any transaction: the pet's id is reserved and the media copied under its keys;
     * then one short transaction locks the request's row, checks it is still pending, and writes the pet, its
     * images and the decision. Approving twice, or a rejected request, answers 409, and two approvals racing
     * cannot both create a pet (the loser's copies are removed, as on any failure). A file of the request that
     * is gone answers 409 too.
     */
    async approve(actor: SessionUser, id: number, input: ApproveRequestInput = {}): Promise<{ mascotaId: number }> {
      const row = await requireRow(id);
      if (row.estado !== 'pendiente') throw new AppError('CONFLICT', { message: intakeMessages.requestAlreadyDecided });
      const petId = await pets.reservePetId(repo.handle);
      const media = await stageMediaForPet(row, petId);
      try {
        return await repo.transaction(async ({ handle, requests }) => {
          const locked = await requests.lockById(id);
          if (!locked) throw new AppError('NOT_FOUND', { message: intakeMessages.requestNotFound });
          if (locked.estado !== 'pendiente') throw new AppError('CONFLICT', { message: intakeMessages.requestAlreadyDecided });
          await pets.createDraft(
            handle,
            {
              nombre: row.nombre,
              edad: row.edad,
              tipo: row.tipo,
              genero: row.genero,
              tamano: row.tamano,
              discapacidad: row.discapacidad,
              personalidad: row.personalidad,
              historia: row.historia,
              tags: row.tags,
              fechaIngreso: formatFechaIngreso(row.createdAt) || null,
              procedencia: input.procedencia || null,
              procedenciaDetalle: input.procedenciaDetalle ?? '',
            },
            actor,
            petId,
          );
          await pets.addPhotos(handle, petId, media.gallery, actor);
          if (media.mainImage) await pets.setMainImage(handle, petId, media.mainImage, actor);
          if (!(await requests.decide(id, { estado: 'aprobada', decididoPor: actor.id, mascotaId: petId }))) {
            throw new AppError('CONFLICT', { message: intakeMessages.requestAlreadyDecided });
          }
          await history.record(handle, {
            actor: userActor(actor),
            entidad: 'solicitud_publicacion',
            entidadId: id,
            accion: 'estado',
            cambios: { estado: ['pendiente', 'aprobada'], mascotaId: [null, petId] },
          });
          await tellRescuer(handle, locked, 'registro_aprobado');
          return { mascotaId: petId };
        });
      } catch (error) {
        await media.discard();
        throw error;
      }
    },

    /** Rejects a pending request with a reason; its files are deleted by the sweep after the retention period. */
    async reject(actor: SessionUser, id: number, motivo: string): Promise<PublicationRequest> {
      await repo.transaction(async ({ handle, requests }) => {
        if (!(await requests.decide(id, { estado: 'rechazada', decididoPor: actor.id, motivoRechazo: motivo }))) {
          // Inside the transaction: on PGlite's one connection a read outside it would wait for it.
          if (!(await requests.findById(id))) throw new AppError('NOT_FOUND', { message: intakeMessages.requestNotFound });
          throw new AppError('CONFLICT', { message: intakeMessages.requestAlreadyDecided });
        }
        await history.record(handle, {
          actor: userActor(actor),
          entidad: 'solicitud_publicacion',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: ['pendiente', 'rechazada'], motivoRechazo: [null, motivo] },
        });
        const decided = await requests.findById(id);
        if (decided) await tellRescuer(handle, decided, 'registro_rechazado', motivo);
      });
      return toDetail(await requireRow(id));
    },
  };
}

export type PublicationRequestsService = ReturnType<typeof createPublicationRequestsService>;
