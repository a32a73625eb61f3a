import type { TimeZoneSource } from '../organization/organization.port';
import {
  ADOPTION_EXPORT_MAX_ROWS,
  ADOPTION_STATES,
  type AddAdoptionNoteInput,
  type AdoptionApplication,
  type ApplicationDuplicate,
  type ConfirmApplicationContactInput,
  type AdoptionRequest,
  type AdoptionRequestListItem,
  type AdoptionState,
  type ListAdoptionRequestsQuery,
  type ListAdoptionRequestsResponse,
  type MoveAdoptionRequestInput,
  adoptionMessages,
  adoptionStateLabels,
  canMove,
  housingLabels,
  petThumbnailUrl,
  staffNoticeTexts,
} from '@refugio/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isLockConflict } from '../../lib/db-errors';
import { type ExportColumn, type TableExport, pagesById } from '../../lib/table-export';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, publicActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { MovementsPort } from '../movements/movements.port';
import type { PersonsPort } from '../persons/persons.port';
import type { PetActor, PetsPort } from '../pets/pets.port';
import {
  type AdoptionEventRow,
  type AdoptionRequestQueries,
  type AdoptionRequestWithPet,
  type AdoptionRequestsRepository,
  type ListFilters,
  createAdoptionRequestsRepository,
} from './adoption-requests.repository';

/** The same e-mail may apply for the same pet once within this window. */
export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

function toListItem(row: AdoptionRequestWithPet): AdoptionRequestListItem {
  return {
    id: row.id,
    estado: row.estado as AdoptionState,
    nombre: row.nombre,
    email: row.email,
    telefono: row.telefono,
    ciudad: row.ciudad,
    personaId: row.personaId,
    alerta: row.alerta === 'persona_bloqueada' ? 'persona_bloqueada' : null,
    mascota: {
      id: row.pet.id,
      nombre: row.pet.nombre,
      tipo: row.pet.tipo,
      genero: row.pet.genero,
      miniatura: row.pet.imagenPrincipal ? petThumbnailUrl(row.pet.id, row.pet.imagenPrincipal) : null,
      adoptado: row.pet.adoptado ? '1' : '0',
      eliminada: row.pet.deletedAt !== null,
    },
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Where everything about the request goes: the contact staff confirmed, else the one the applicant gave. */
function contactOfRow(row: AdoptionRequestWithPet): AdoptionRequest['contacto'] {
  const confirmado = row.contactoConfirmadoEn !== null;
  const value = (v: string | null) => (v && v.trim() !== '' ? v : null);
  return {
    email: value(confirmado ? row.contactoEmail : row.email),
    telefono: value(confirmado ? row.contactoTelefono : row.telefono),
    confirmado,
    confirmadoEn: row.contactoConfirmadoEn?.toISOString() ?? null,
  };
}

function toEvent(row: AdoptionEventRow): AdoptionRequest['eventos'][number] {
  return {
    id: row.id,
    tipo: row.tipo as 'estado' | 'nota',
    deEstado: row.deEstado as AdoptionState | null,
    aEstado: row.aEstado as AdoptionState | null,
    nota: row.nota,
    autor: row.authorId ? { id: row.authorId, nombre: `${row.authorName ?? ''} ${row.authorLastname ?? ''}`.trim() } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The columns of the adoption-request export (.csv and .xlsx), with Spanish headers. */
const exportColumns: ExportColumn<AdoptionRequestWithPet>[] = [
  { header: 'Nº', value: (row) => row.id, width: 8 },
  { header: 'Fecha', value: (row) => row.createdAt, width: 17 },
  { header: 'Estado', value: (row) => adoptionStateLabels[row.estado as AdoptionState] ?? row.estado, width: 12 },
  { header: 'Nº de mascota', value: (row) => row.pet.id, width: 8 },
  { header: 'Mascota', value: (row) => row.pet.nombre },
  { header: 'Nombre', value: (row) => row.nombre, width: 24 },
  { header: 'Correo electrónico', value: (row) => row.email, width: 28 },
  { header: 'Teléfono', value: (row) => row.telefono },
  { header: 'Edad', value: (row) => row.edad, width: 6 },
  { header: 'Ciudad', value: (row) => row.ciudad },
  { header: 'Dirección', value: (row) => row.direccion, width: 28 },
  { header: 'Vivienda', value: (row) => housingLabels[row.vivienda as keyof typeof housingLabels] ?? row.vivienda },
  { header: 'Vivienda propia', value: (row) => row.viviendaPropia, width: 8 },
  { header: 'Permite mascotas', value: (row) => row.permiteMascotas, width: 8 },
  { header: 'Patio', value: (row) => row.patio, width: 8 },
  { header: 'Personas en casa', value: (row) => row.personasEnCasa, width: 8 },
  { header: 'Niños en casa', value: (row) => row.ninosEnCasa, width: 8 },
  { header: 'Horas solo', value: (row) => row.horasSolo, width: 8 },
  { header: 'Otras mascotas', value: (row) => row.otrasMascotas, width: 28 },
  { header: 'Experiencia', value: (row) => row.experiencia, width: 28 },
  { header: 'Motivo', value: (row) => row.motivo, width: 40 },
  { header: 'Acepta visita', value: (row) => row.aceptaVisita, width: 8 },
  { header: 'Acepta privacidad', value: (row) => row.aceptaPrivacidad, width: 8 },
];

export interface AdoptionRequestsDeps {
  repo: AdoptionRequestsRepository;
  /** The pet's row lock, through the pets port, inside this module's transaction. */
  pets: Pick<PetsPort, 'lockForChange'>;
  /** "Mark adopted" opens the pet's adoption (DESIGN section 12): through the movements port, in this transaction. */
  movements: Pick<MovementsPort, 'openAdoption'>;
  history: Pick<HistoryPort, 'record'>;
  /** The applicant's contact data normalised, and the application linked to a person (DESIGN section 10). */
  persons: Pick<PersonsPort, 'link' | 'normaliseContact' | 'duplicatesOf'>;
  /** Whether a pet is public right now (the catalogue's rule). */
  isPublicPet: (id: number) => Promise<boolean>;
  clock?: () => Date;
  /** The organisation's time zone (the saved one, else ORG_TIME_ZONE): the exports' dates and file names are its. */
  timeZone: TimeZoneSource;
  /** The applicant is told when the application arrives and each time its state changes (when the template is active). */
  messages?: MessagesPort;
}

/** The template that tells the applicant of each state. */
const STATE_TEMPLATE = {
  nueva: 'solicitud_recibida',
  en_revision: 'solicitud_en_revision',
  aprobada: 'solicitud_aprobada',
  rechazada: 'solicitud_rechazada',
  retirada: 'solicitud_retirada',
} as const satisfies Record<AdoptionState, string>;

/** Adoption requests: the public application and the staff's review (DESIGN sections 5 and 7). */
export function createAdoptionRequestsService({
  repo,
  pets,
  movements,
  history,
  persons,
  isPublicPet,
  clock = () => new Date(),
  timeZone,
  messages,
}: AdoptionRequestsDeps) {
  /**
   * Inside the change's transaction: the applicant is told of the request's state `estado` by e-mail (only when
   * its template is active); the message and its job commit with the change.
   */
  async function tellApplicant(tx: AdoptionRequestQueries & { handle: Parameters<HistoryPort['record']>[0] }, id: number, estado: AdoptionState) {
    if (!messages) return;
    const row = await tx.findById(id);
    if (!row) return;
    const contact = contactOfRow(row);
    await messages.send(tx.handle, {
      personaId: row.personaId,
      mascotaId: row.pet.id,
      para: { nombre: row.nombre, email: contact.email, telefono: contact.telefono },
      canal: 'email',
      plantilla: STATE_TEMPLATE[estado],
      variables: { 'mascota.nombre': row.pet.nombre, 'solicitud.estado': adoptionStateLabels[estado], 'solicitud.numero': row.id },
      relacion: { entidad: 'solicitud_adopcion', id },
      soloSiActiva: true,
    });
  }

  /**
   * Inside the caller's transaction (the pet's row already locked): every open request of the pet but `exceptId`
   * becomes `rechazada` with `note`, each with its event and its history. Answers how many it closed.
   */
  async function closeOpenRequests(
    tx: AdoptionRequestQueries & { handle: Parameters<HistoryPort['record']>[0] },
    actor: PetActor,
    petId: number,
    exceptId: number,
    note: string,
  ): Promise<number> {
    const open = await tx.lockOtherOpen(petId, exceptId);
    for (const other of open) {
      await tx.setState(other.id, 'rechazada');
      await tx.insertEvent({ requestId: other.id, tipo: 'estado', deEstado: other.estado, aEstado: 'rechazada', nota: note, authorId: actor.id });
      await history.record(tx.handle, {
        actor: userActor(actor),
        entidad: 'solicitud_adopcion',
        entidadId: other.id,
        accion: 'estado',
        cambios: { estado: [other.estado, 'rechazada'], nota: [null, note] },
      });
      await tellApplicant(tx, other.id, 'rechazada');
    }
    return open.length;
  }

  async function detail(r: AdoptionRequestQueries & { handle: Parameters<HistoryPort['record']>[0] }, id: number): Promise<AdoptionRequest> {
    const row = await r.findById(id);
    if (!row) throw new AppError('NOT_FOUND', { message: adoptionMessages.notFound });
    const [events, otrasAbiertas] = await Promise.all([r.events(id), r.countOtherOpen(row.petId, id)]);
    return {
      ...toListItem(row),
      edad: row.edad,
      direccion: row.direccion,
      vivienda: row.vivienda as AdoptionRequest['vivienda'],
      viviendaPropia: row.viviendaPropia,
      permiteMascotas: row.permiteMascotas,
      patio: row.patio,
      personasEnCasa: row.personasEnCasa,
      ninosEnCasa: row.ninosEnCasa,
      horasSolo: row.horasSolo,
      otrasMascotas: row.otrasMascotas,
      experiencia: row.experiencia,
      motivo: row.motivo,
      aceptaVisita: row.aceptaVisita,
      aceptaPrivacidad: row.aceptaPrivacidad,
      otrasAbiertas,
      contacto: contactOfRow(row),
      posiblesDuplicados: row.personaId === null ? [] : ((await persons.duplicatesOf(r.handle, row.personaId)) as ApplicationDuplicate[]),
      eventos: events.map(toEvent),
    };
  }

  return {
    /**
     * Stores an application for a public pet. A filled honeypot stores nothing and answers like a success
     * (id 0), so a bot learns nothing; the same e-mail for the same pet within a day answers 409.
     */
    async apply(input: AdoptionApplication): Promise<{ id: number; estado: 'nueva' }> {
      if (input.sitioWeb !== undefined && input.sitioWeb.trim() !== '') return { id: 0, estado: 'nueva' };
      if (!(await isPublicPet(input.mascotaId))) throw new AppError('NOT_FOUND', { message: adoptionMessages.petNotFound });
      const { sitioWeb: _honeypot, mascotaId, ...fields } = input;
      const contact = persons.normaliseContact({ email: fields.email, telefono: fields.telefono });
      const email = contact.email ?? fields.email.toLowerCase();
      const telefono = contact.telefono ?? fields.telefono;
      return repo.transaction(async (tx) => {
        await tx.lockApplicant(mascotaId, email);
        if (await tx.hasRecentApplication(mascotaId, email, new Date(clock().getTime() - DUPLICATE_WINDOW_MS))) {
          throw new AppError('CONFLICT', { message: adoptionMessages.duplicate });
        }
        // A blocked person's application is stored like any other and answered the same; staff see the alert.
        const { personaId, bloqueada } = await persons.link(
          tx.handle,
          // What the applicant gives that their person lacks is kept there too (city, address), never overwriting.
          { nombre: fields.nombre, email, telefono, ciudad: fields.ciudad, direccion: fields.direccion },
          'adoptante',
          publicActor(fields.nombre),
        );
        const row = await tx.insert({
          ...fields,
          email,
          telefono,
          personaId,
          alerta: bloqueada ? 'persona_bloqueada' : null,
          petId: mascotaId,
          permiteMascotas: fields.viviendaPropia ? null : (fields.permiteMascotas ?? null),
        });
        await tx.insertEvent({ requestId: row.id, tipo: 'estado', deEstado: null, aEstado: 'nueva', nota: '', authorId: null });
        await history.record(tx.handle, {
          actor: publicActor(fields.nombre),
          entidad: 'solicitud_adopcion',
          entidadId: row.id,
          accion: 'crear',
          cambios: { nombre: [null, fields.nombre], mascotaId: [null, mascotaId], estado: [null, 'nueva'] },
        });
        await tellApplicant(tx, row.id, 'nueva');
        if (messages) {
          const saved = await tx.findById(row.id);
          const texto = staffNoticeTexts.application(saved?.pet.nombre ?? '', fields.nombre);
          await messages.notifyStaff(tx.handle, 'solicitudes', texto, { entidad: 'solicitud_adopcion', id: row.id });
        }
        return { id: row.id, estado: 'nueva' as const };
      });
    },

    async list(query: ListAdoptionRequestsQuery): Promise<ListAdoptionRequestsResponse> {
      const [{ rows, total }, counts] = await Promise.all([repo.list(query), repo.countByState(query)]);
      return {
        items: rows.map(toListItem),
        total,
        page: query.page,
        pageSize: query.pageSize,
        counts: Object.fromEntries(ADOPTION_STATES.map((s) => [s, counts.get(s) ?? 0])) as ListAdoptionRequestsResponse['counts'],
      };
    },

    get: (id: number) => detail(repo, id),

    /**
     * Moves a request along the allowed paths, in one transaction. Approving can also mark the pet adopted (never
     * a deleted pet: 409) and close its other open requests (rechazada, with an automatic note).
     *
     * Locks are taken in one order, the pet's row first (as every change of the pet does), then the request's:
     * two moves of requests of the same pet queue on the pet instead of each holding a row the other needs (the
     * request counts' trigger row against a sibling's row lock). The one that waited then finds its request
     * changed and answers 409. Should PostgreSQL still pick a victim, that answer is a 409 too, never a 500.
     */
    async move(actor: SessionUser, id: number, input: MoveAdoptionRequestInput): Promise<AdoptionRequest> {
      const target = await repo.findById(id);
      if (!target) throw new AppError('NOT_FOUND', { message: adoptionMessages.notFound });
      try {
        return await repo.transaction(async (tx) => {
          await pets.lockForChange(tx.handle, target.petId);
          const current = await tx.findById(id, { forUpdate: true });
          if (!current) throw new AppError('NOT_FOUND', { message: adoptionMessages.notFound });
          if (current.version !== input.version) throw new AppError('CONFLICT', { message: adoptionMessages.stale });
          const from = current.estado as AdoptionState;
          if (!canMove(from, input.estado)) throw new AppError('CONFLICT', { message: adoptionMessages.forbiddenMove(from, input.estado) });
          const moved = await tx.setState(id, input.estado, input.version);
          if (!moved) throw new AppError('CONFLICT', { message: adoptionMessages.stale });
          await tx.insertEvent({ requestId: id, tipo: 'estado', deEstado: from, aEstado: input.estado, nota: input.nota ?? '', authorId: actor.id });
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'solicitud_adopcion',
            entidadId: id,
            accion: 'estado',
            cambios: { estado: [from, input.estado], ...(input.nota ? { nota: [null, input.nota] as [null, string] } : {}) },
          });
          await tellApplicant(tx, id, input.estado);
          if (input.estado === 'aprobada') {
            // The adoption opens for the applicant's person (without one when the request predates persons).
            if (input.marcarAdoptada) await movements.openAdoption(tx.handle, current.petId, current.personaId ?? null, actor);
            if (input.cerrarOtras) await closeOpenRequests(tx, actor, current.petId, id, adoptionMessages.autoClosedNote);
          }
          return detail(tx, id);
        });
      } catch (error) {
        if (isLockConflict(error)) throw new AppError('CONFLICT', { message: adoptionMessages.busy });
        throw error;
      }
    },

    /**
     * The pet was marked adopted from the pet list with "close its requests" (the pets port's announcement, in that
     * change's transaction, the pet's row locked): its open requests become `rechazada` with an automatic note, as
     * approving one does for the others. Answers how many it closed.
     */
    closeOpenOfAdoptedPet: (tx: Tx, petId: number, actor: PetActor): Promise<number> =>
      closeOpenRequests(createAdoptionRequestsRepository(tx), actor, petId, 0, adoptionMessages.closedPetAdoptedNote),

    /**
     * Staff confirm another contact for everything about the request (contract, codes, follow-ups, reminders),
     * instead of the one the applicant gave: an explicit action, kept in the request's history.
     */
    async confirmContact(actor: SessionUser, id: number, input: ConfirmApplicationContactInput): Promise<AdoptionRequest> {
      const contact = persons.normaliseContact({ email: input.email ?? null, telefono: input.telefono ?? null });
      return repo.transaction(async (tx) => {
        const current = await tx.findById(id, { forUpdate: true });
        if (!current) throw new AppError('NOT_FOUND', { message: adoptionMessages.notFound });
        const before = contactOfRow(current);
        await tx.confirmContact(id, { email: contact.email, telefono: contact.telefono, por: actor.id, en: clock() });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'solicitud_adopcion',
          entidadId: id,
          accion: 'modificar',
          cambios: {
            contactoEmail: [before.email, contact.email],
            contactoTelefono: [before.telefono, contact.telefono],
            contactoConfirmado: [before.confirmado, true],
          },
        });
        return detail(tx, id);
      });
    },

    async addNote(actor: SessionUser, id: number, input: AddAdoptionNoteInput): Promise<AdoptionRequest> {
      return repo.transaction(async (tx) => {
        if (!(await tx.findById(id))) throw new AppError('NOT_FOUND', { message: adoptionMessages.notFound });
        await tx.insertEvent({ requestId: id, tipo: 'nota', deEstado: null, aEstado: null, nota: input.nota, authorId: actor.id });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'solicitud_adopcion',
          entidadId: id,
          accion: 'modificar',
          cambios: { nota: [null, input.nota] },
        });
        return detail(tx, id);
      });
    },

    /**
     * The export of the list with the same filters (.csv or .xlsx, `table-export.ts`): Spanish headers, dates in
     * the organisation's time zone, at most ADOPTION_EXPORT_MAX_ROWS rows read in pages, never whole.
     */
    async exportTable(filters: ListFilters): Promise<TableExport<AdoptionRequestWithPet>> {
      return {
        columns: exportColumns,
        pages: () => pagesById((afterId, limit) => repo.exportPage(filters, afterId, limit), ADOPTION_EXPORT_MAX_ROWS),
        timeZone: await timeZone(),
      };
    },
  };
}

export type AdoptionRequestsService = ReturnType<typeof createAdoptionRequestsService>;
