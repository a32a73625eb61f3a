import {
  HANDOVER_RULED_SPECIES,
  HONEYPOT_FIELD,
  type Message,
  PET_TYPES,
  SURRENDER_MESSAGE_TEMPLATES,
  type SentMessage,
  type ShelterCapacity,
  type SurrenderMessageDraft,
  type SurrenderMessageInput,
  type SurrenderMessageKey,
  surrenderMessageTexts,
  type SessionUser,
  SURRENDER_STEPS,
  type Surrender,
  type SurrenderFields,
  type SurrenderList,
  type SurrenderNotesInput,
  type SurrenderState,
  type SurrenderStateInput,
  normaliseFiscalId,
  surrenderMessages,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { SurrenderPhoto } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { removePublicFiles, storePublicPhoto } from '../../media/public-photo-form';
import { SURRENDER_FOLDER } from '../../media/storage-keys';
import type { StorageProvider } from '../../storage/storage-provider';
import { type HistoryPort, publicActor, userActor } from '../history/history.port';
import type { DocumentsPort } from '../documents/documents.port';
import type { MessagesPort } from '../messages/messages.port';
import type { MovementsPort } from '../movements/movements.port';
import type { TemplatesPort } from '../templates/templates.port';
import type { PersonsPort } from '../persons/persons.port';
import type { PetActor, PetsPort } from '../pets/pets.port';
import { type SurrenderRow, type SurrendersRepository, createSurrendersRepository } from './surrenders.repository';
import type { Database } from '../../db/client';

/** Thrown when the honeypot is filled: the route answers like a success and nothing is kept. */
export class HoneypotFilled extends Error {}

export interface SurrendersDeps {
  repo: SurrendersRepository;
  history: Pick<HistoryPort, 'record'>;
  persons: Pick<PersonsPort, 'normaliseContact' | 'link' | 'identityOf'>;
  pets: Pick<PetsPort, 'reservePetId' | 'createDraft' | 'stagePhotos' | 'addPhotos' | 'setMainImage' | 'lockForChange'>;
  movements: Pick<MovementsPort, 'apply' | 'today'>;
  documents: Pick<DocumentsPort, 'prepareSurrender' | 'surrenderDocument' | 'attachSurrender'>;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  /** The shelter's places per species written on "Configuración" (the organisation's settings). */
  capacity: () => Promise<ShelterCapacity>;
  /** The organisation's NIF written on "Configuración" (null when none): the contract names it. */
  organizationNif: () => Promise<string | null>;
  /** The templates the messages to the owner start from (filled in with the request's data). */
  templates: Pick<TemplatesPort, 'render'>;
  /** The messages to the owner: written in the request's transaction with its history event. */
  messages: Pick<MessagesPort, 'send' | 'aboutEntity'>;
}

function toSurrender(row: SurrenderRow, documentoId: number | null, documentoPersona: string | null, organizacionSinNif: boolean): Surrender {
  return {
    id: row.id,
    estado: row.estado as Surrender['estado'],
    nombre: row.nombre,
    email: row.email,
    telefono: row.telefono,
    documento: row.documento,
    documentoPersona,
    nombreAnimal: row.nombreAnimal,
    especie: row.especie as Surrender['especie'],
    sexo: row.sexo as Surrender['sexo'],
    edad: row.edad,
    microchip: row.microchip,
    motivo: row.motivo,
    urgencia: row.urgencia as Surrender['urgencia'],
    fotos: row.fotos.map((f, indice) => ({ indice, width: f.width, height: f.height })),
    notas: row.notas,
    motivoDecision: row.motivoDecision,
    personaId: row.personaId,
    mascotaId: row.petId,
    documentoId,
    organizacionSinNif,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What Ley 7/2023 art. 58 asks before the transfer of a dog, cat or ferret: its microchip (409 naming the cause). */
function handoverBlock(row: SurrenderRow): string | null {
  if (!HANDOVER_RULED_SPECIES.includes(row.especie) || row.microchip.trim() !== '') return null;
  return `${row.nombreAnimal} no tiene microchip: la Ley 7/2023 (art. 58) no permite la cesión de un perro, un gato o un hurón sin él. Anota el microchip antes de aceptar la cesión.`;
}

/**
 * Surrender requests (DESIGN section 19): the public submission with its photos, the staff's list with the shelter's
 * counts per species, the steps between states with their history, and the animal's entry (the pet created once, its
 * `ingreso` movement from `cesion`, its photos, and the owner linked as a person with the role `cedente`).
 */
export function createSurrendersService({
  repo,
  history,
  persons,
  pets,
  movements,
  documents,
  storage,
  log,
  capacity,
  organizationNif,
  templates,
  messages,
}: SurrendersDeps) {
  /**
   * What the linked person's record holds as identity document when it is not the request's DNI/NIE ('' when it holds
   * none): a public form never replaces it, staff see the difference. null: it matches, or there is no person yet.
   */
  async function personDocumentDiffering(row: SurrenderRow): Promise<string | null> {
    if (row.personaId === null || row.documento === '') return null;
    const person = await persons.identityOf(repo.handle, row.personaId);
    if (!person || person.anonimizada) return null;
    const held = [person.documento.trim(), person.nif ?? ''].filter((v) => v !== '');
    if (held.some((v) => normaliseFiscalId(v) === row.documento)) return null;
    return held[0] ?? '';
  }

  /** The request with its live contract's id, the person's differing document, and whether the contract lacks the NIF. */
  async function toDto(row: SurrenderRow, nif?: string | null): Promise<Surrender> {
    const [doc, differing, orgNif] = await Promise.all([
      documents.surrenderDocument(repo.handle, row.id),
      personDocumentDiffering(row),
      nif === undefined ? organizationNif() : nif,
    ]);
    return toSurrender(row, doc?.id ?? null, differing, orgNif === null || orgNif.trim() === '');
  }

  /** The contract's facts: the request as it is now (read again in the contract's transaction). */
  const forContract = async (executor: Database, id: number) => (await createSurrendersRepository(executor).find(id)) ?? null;

  async function requireRow(id: number): Promise<SurrenderRow> {
    const row = await repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', { message: surrenderMessages.notFound });
    return row;
  }

  function refuseStep(from: SurrenderState, to: SurrenderState): void {
    if (!SURRENDER_STEPS[from].includes(to)) throw new AppError('CONFLICT', { message: surrenderMessages.stepNotAllowed(from, to) });
  }

  /** The animal enters: files first (photos copied under a reserved pet id), then one transaction under the row's lock. */
  async function admitAnimal(actor: PetActor, row: SurrenderRow, input: SurrenderStateInput): Promise<void> {
    const petId = await pets.reservePetId(repo.handle);
    const staged = await pets.stagePhotos(petId, row.fotos, () => new AppError('CONFLICT', { message: surrenderMessages.photoNotFound }));
    try {
      await repo.transaction(async (tx) => {
        const locked = await tx.find(row.id, { lock: true });
        if (!locked) throw new AppError('NOT_FOUND', { message: surrenderMessages.notFound });
        if (locked.version !== input.version) throw new AppError('CONFLICT', { message: surrenderMessages.stale });
        refuseStep(locked.estado as SurrenderState, 'ingresada');
        const who = userActor(actor);
        const { personaId } = await persons.link(
          tx.handle,
          {
            nombre: locked.nombre,
            email: locked.email || null,
            telefono: locked.telefono || null,
            // The DNI/NIE sent: kept on a new person (document and NIF); a document the person holds is never replaced.
            ...(locked.documento ? { documento: locked.documento, nif: locked.documento } : {}),
          },
          'cedente',
          who,
        );
        const day = await movements.today(tx.handle);
        await pets.createDraft(
          tx.handle,
          {
            nombre: locked.nombreAnimal,
            edad: locked.edad,
            tipo: locked.especie,
            genero: locked.sexo,
            // The form does not ask the size: staff correct it on the pet's record.
            tamano: 'mediano',
            discapacidad: false,
            personalidad: '',
            historia: locked.motivo,
            tags: [],
            fechaIngreso: day,
            procedencia: 'cesion',
            procedenciaDetalle: `Solicitud de cesión ${locked.id}`,
            microchip: locked.microchip || null,
          },
          actor,
          petId,
        );
        await documents.attachSurrender(tx.handle, locked.id, { petId, personaId }, who);
        await pets.addPhotos(tx.handle, petId, staged, actor);
        const main = staged.images[0];
        if (main) await pets.setMainImage(tx.handle, petId, main.nombre, actor);
        const before = await pets.lockForChange(tx.handle, petId);
        await movements.apply(
          tx.handle,
          before!,
          { tipo: 'ingreso', fecha: day, procedencia: 'cesion', procedenciaDetalle: `Solicitud de cesión ${locked.id}` },
          actor,
          day,
        );
        const motivo = input.motivo ?? '';
        const updated = await tx.update(locked.id, input.version, {
          estado: 'ingresada',
          petId,
          personaId,
          decididoPor: actor.id,
          ...(motivo ? { motivoDecision: motivo } : {}),
        });
        if (!updated) throw new AppError('CONFLICT', { message: surrenderMessages.stale });
        await history.record(tx.handle, {
          actor: who,
          entidad: 'cesion',
          entidadId: locked.id,
          accion: 'estado',
          cambios: { estado: [locked.estado, 'ingresada'], mascotaId: [null, petId], personaId: [locked.personaId, personaId] },
        });
      });
    } catch (error) {
      await staged.discard();
      throw error;
    }
  }

  return {
    /** One photo checked by content, decoded in the public lane, re-encoded, stored with its thumbnail. */
    storePhoto: (folder: string, n: number, data: Buffer): Promise<SurrenderPhoto> =>
      storePublicPhoto(storage, `${SURRENDER_FOLDER}${folder}`, n, data),
    removeFiles: (keys: string[]): Promise<void> => removePublicFiles(storage, log, keys, 'a surrender photo'),

    /** The text fields admitted before any photo is read: the honeypot, and the contact normalised (400 when invalid). */
    admit(fields: SurrenderFields): SurrenderFields {
      if (fields[HONEYPOT_FIELD]) throw new HoneypotFilled();
      const contact = persons.normaliseContact({ email: fields.email, telefono: fields.telefono });
      return { ...fields, email: contact.email ?? '', telefono: contact.telefono ?? '' };
    },

    /** Keeps a public submission (its photos already stored), with its history event by the public. */
    async submit(fields: SurrenderFields, fotos: SurrenderPhoto[]): Promise<{ id: number }> {
      return repo.transaction(async (tx) => {
        const row = await tx.insert({
          nombre: fields.nombre,
          email: fields.email,
          telefono: fields.telefono,
          documento: fields.documento,
          nombreAnimal: fields.nombreAnimal,
          especie: fields.especie,
          sexo: fields.sexo,
          edad: fields.edad,
          microchip: fields.microchip,
          motivo: fields.motivo,
          urgencia: fields.urgencia,
          fotos,
        });
        await history.record(tx.handle, {
          actor: publicActor(fields.nombre),
          entidad: 'cesion',
          entidadId: row.id,
          accion: 'crear',
          cambios: {
            estado: [null, 'nueva'],
            especie: [null, fields.especie],
            nombreAnimal: [null, fields.nombreAnimal],
            urgencia: [null, fields.urgencia],
            fotos: [null, fotos.length],
          },
        });
        return { id: row.id };
      });
    },

    /**
     * Requests by urgency then date, with the pets in the shelter per species beside the places written for it: every
     * species with pets or with places, in the pets' order (a species no longer offered, with pets, after them).
     */
    async list(estado: SurrenderState | undefined): Promise<SurrenderList> {
      const [rows, counts, places, nif] = await Promise.all([repo.list(estado), repo.inShelterBySpecies(), capacity(), organizationNif()]);
      const inShelter = new Map(counts.map((c) => [c.especie, c.enRefugio]));
      const known: readonly string[] = PET_TYPES;
      const summary = [
        ...PET_TYPES.map((especie) => ({ especie, enRefugio: inShelter.get(especie) ?? 0, capacidad: places[especie] })).filter(
          (c) => c.enRefugio > 0 || c.capacidad !== null,
        ),
        ...counts.filter((c) => !known.includes(c.especie)).map((c) => ({ ...c, capacidad: null })),
      ];
      return { items: await Promise.all(rows.map((row) => toDto(row, nif))), capacidad: summary };
    },

    async get(id: number): Promise<Surrender> {
      return toDto(await requireRow(id));
    },

    /** Prepares (again) the `contrato_cesion` of an accepted request; an unsigned earlier one is annulled. */
    async prepareContract(actor: SessionUser, id: number): Promise<{ documentoId: number }> {
      await requireRow(id);
      return documents.prepareSurrender(actor, id, forContract);
    },

    /**
     * The owner signed the contract (in person or through `/firmar`): the animal enters, in the name of the member
     * of staff present or of the one who prepared it. Nothing when it already entered or left `aceptada` meanwhile.
     */
    async admitSigned(actor: PetActor, id: number): Promise<void> {
      const row = await repo.find(id);
      if (!row || row.estado !== 'aceptada') return;
      await admitAnimal(actor, row, { estado: 'ingresada', version: row.version });
    },

    /** One step of the request; any step not in SURRENDER_STEPS and a stale version answer 409. */
    async changeState(actor: SessionUser, id: number, input: SurrenderStateInput): Promise<Surrender> {
      const current = await requireRow(id);
      if (current.version !== input.version) throw new AppError('CONFLICT', { message: surrenderMessages.stale });
      refuseStep(current.estado as SurrenderState, input.estado);
      if ((input.estado === 'rechazada' || input.estado === 'retirada') && !input.motivo)
        throw new AppError('VALIDATION_ERROR', {
          message: surrenderMessages.reasonForClosing,
          fieldErrors: { motivo: surrenderMessages.reasonForClosing },
        });
      if (input.estado === 'aceptada') {
        const block = handoverBlock(current);
        if (block) throw new AppError('CONFLICT', { message: block });
      }
      if (input.estado === 'ingresada') {
        await admitAnimal(actor, current, input);
        return toDto(await requireRow(id));
      }
      const row = await repo.transaction(async (tx) => {
        const locked = await tx.find(id, { lock: true });
        if (!locked) throw new AppError('NOT_FOUND', { message: surrenderMessages.notFound });
        if (locked.version !== input.version) throw new AppError('CONFLICT', { message: surrenderMessages.stale });
        refuseStep(locked.estado as SurrenderState, input.estado);
        const motivo = input.motivo ?? '';
        const updated = await tx.update(id, input.version, {
          estado: input.estado,
          decididoPor: actor.id,
          ...(motivo ? { motivoDecision: motivo } : {}),
        });
        if (!updated) throw new AppError('CONFLICT', { message: surrenderMessages.stale });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'cesion',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: [locked.estado, input.estado], ...(motivo ? { motivoDecision: [locked.motivoDecision, motivo] } : {}) },
        });
        return updated;
      });
      if (input.estado === 'aceptada') {
        // Accepting prepares the surrender contract; when it cannot (a template left broken), staff prepare it again.
        try {
          await documents.prepareSurrender(actor, id, forContract);
        } catch (error) {
          log.warn({ err: error, cesionId: id }, 'the surrender contract could not be prepared on acceptance');
        }
      }
      return toDto(row);
    },

    /** The staff's notes of a request (`version`: stale -> 409). */
    async saveNotes(actor: SessionUser, id: number, input: SurrenderNotesInput): Promise<Surrender> {
      await requireRow(id);
      const row = await repo.transaction(async (tx) => {
        const locked = await tx.find(id, { lock: true });
        if (!locked) throw new AppError('NOT_FOUND', { message: surrenderMessages.notFound });
        const updated = await tx.update(id, input.version, { notas: input.notas });
        if (!updated) throw new AppError('CONFLICT', { message: surrenderMessages.stale });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'cesion',
          entidadId: id,
          accion: 'modificar',
          cambios: { notas: [locked.notas, input.notas] },
        });
        return updated;
      });
      return toDto(row);
    },

    /**
     * The message to the owner as staff see it before sending: `plantilla` (by default the one of the request's state,
     * none for `nueva` and `ingresada`) filled in with the owner's and the animal's names and the request's number.
     */
    async draftMessage(id: number, plantilla: SurrenderMessageKey | undefined): Promise<SurrenderMessageDraft> {
      const row = await requireRow(id);
      const canales = { email: row.email !== '', whatsapp: row.telefono !== '' };
      const key = plantilla ?? (SURRENDER_MESSAGE_TEMPLATES as Partial<Record<string, SurrenderMessageKey>>)[row.estado] ?? null;
      if (!key) return { plantilla: null, asunto: '', cuerpo: '', canales };
      const rendered = await templates.render(repo.handle, key, {
        'persona.nombre': row.nombre,
        'mascota.nombre': row.nombreAnimal,
        'solicitud.numero': row.id,
      });
      return { plantilla: key, asunto: rendered.asunto, cuerpo: rendered.cuerpo, canales };
    },

    /**
     * Staff write to the owner about the request, by e-mail (sent by the server's job) or WhatsApp (answers the
     * click-to-chat link; kept as registered), the text as they left it. The message and the request's history event
     * commit together.
     */
    async sendMessage(actor: SessionUser, id: number, input: SurrenderMessageInput): Promise<SentMessage> {
      const row = await requireRow(id);
      if (input.canal === 'email' && row.email === '') throw new AppError('VALIDATION_ERROR', { message: surrenderMessageTexts.noEmail });
      if (input.canal === 'whatsapp' && row.telefono === '') throw new AppError('VALIDATION_ERROR', { message: surrenderMessageTexts.noPhone });
      if (input.canal === 'email' && input.asunto === '')
        throw new AppError('VALIDATION_ERROR', {
          message: surrenderMessageTexts.subjectRequired,
          fieldErrors: { asunto: surrenderMessageTexts.subjectRequired },
        });
      const who = userActor(actor);
      return repo.transaction(async (tx) => {
        const sent = await messages.send(tx.handle, {
          personaId: row.personaId,
          para: { nombre: row.nombre, email: row.email || null, telefono: row.telefono || null },
          canal: input.canal,
          texto: { asunto: input.asunto, cuerpo: input.cuerpo },
          ...(input.plantilla ? { dePlantilla: input.plantilla } : {}),
          relacion: { entidad: 'cesion', id },
          actor: who,
        });
        if (!sent) throw new AppError('VALIDATION_ERROR', { message: surrenderMessageTexts.bodyRequired });
        await history.record(tx.handle, {
          actor: who,
          entidad: 'cesion',
          entidadId: id,
          accion: 'enviar',
          cambios: {
            mensajeId: [null, sent.mensaje.id],
            canal: [null, input.canal],
            plantilla: [null, input.plantilla ?? null],
            asunto: [null, sent.mensaje.asunto],
          },
        });
        return sent;
      });
    },

    /** What was written to the owner about the request, the most recent first. */
    async messages(id: number): Promise<{ items: Message[] }> {
      await requireRow(id);
      return { items: await messages.aboutEntity(repo.handle, { entidad: 'cesion', id }) };
    },

    /** The storage key of one photo (or its thumbnail) of a request: staff only. */
    async photo(id: number, indice: number, miniatura: boolean): Promise<{ key: string; contentType: string }> {
      const row = await requireRow(id);
      const photo = row.fotos[indice];
      if (!photo) throw new AppError('NOT_FOUND', { message: surrenderMessages.photoNotFound });
      return miniatura ? { key: photo.thumbKey, contentType: 'image/webp' } : { key: photo.key, contentType: photo.contentType };
    },
  };
}

export type SurrendersService = ReturnType<typeof createSurrendersService>;
