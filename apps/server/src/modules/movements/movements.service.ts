import {
  type FosterHome,
  type FosterProfile,
  type FosterProfileInput,
  type FosterSuggestion,
  type HistoryValue,
  type ListFosterHomesQuery,
  type Movement,
  type MovementInput,
  type MovementType,
  type MovementsResponse,
  type PetLocation,
  countLabel,
  fosterMessages,
  movementMessages,
  personMessages,
  petMessages,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TimeZoneSource } from '../../lib/organization';
import { isLockConflict, isUniqueViolation } from '../../lib/db-errors';
import type { SessionUser } from '../../plugins/access';
import { createFosterPortalPort } from '../foster-portal/foster-portal.port';
import { followupsPort } from '../followups/followups.port';
import { type PersonHistoryField, historyPort, userActor } from '../history/history.port';
import { addRole, contactOf, namesOf } from '../persons/persons.port';
import { type LockedPetRow, type PetActor, type PetsPort, createPetsPort, isFinalLocation } from '../pets/pets.port';
import { createMovementsPort } from './movements.port';
import { type FosterProfileRow, type MovementRow, type MovementsRepository, createMovementsRepository } from './movements.repository';

/*
 * Where each pet is (DESIGN section 12). A movement and its effect on the pet (location, the spec's `adoptado`,
 * never public after a transfer or a death) commit together, under the pet's row lock, so two placements of one
 * pet are applied one after the other: the second finds the first open and answers 409.
 */

/** The day in the organisation's time zone, YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** What a movement does, as the rules take it (the route's input, or an approval's adoption). */
export interface MovementRequest {
  tipo: MovementType;
  fecha: string;
  personaId?: number | null | undefined;
  motivo?: string | undefined;
  notas?: string | undefined;
  /** An adoption marked from the list or approved on a request without a person: recorded without one. */
  personaOpcional?: boolean;
  /**
   * An open foster placement is returned first, on the same date (an adoption approved while the pet is fostered,
   * the foster home adopting, a move to another home); without it an open placement refuses the new one (409).
   */
  cerrarAcogida?: boolean;
}

const locationOf: Record<MovementType, string> = {
  ingreso: 'refugio',
  acogida: 'acogida',
  adopcion: 'adoptado',
  devolucion: 'refugio',
  traslado: 'trasladado',
  fallecimiento: 'fallecido',
};

type PersonChanges = Partial<Record<PersonHistoryField, [HistoryValue, HistoryValue]>>;

const isPlacement = (tipo: string) => tipo === 'acogida' || tipo === 'adopcion';

function conflict(message: string): AppError {
  return new AppError('CONFLICT', { message });
}
function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { message, fieldErrors: { [field]: message } });
}

/**
 * Applies one movement inside the caller's transaction, the pet's row already locked (`before`). Checks the rules,
 * writes the movement (closing the open placement on a return, a transfer or a death), the pet's location through
 * the pets port, and the history events on the pet and the person. Answers the new pet version.
 */
export async function applyMovement(
  handle: Database,
  before: LockedPetRow,
  request: MovementRequest,
  actor: PetActor,
  today: string,
): Promise<{ movement: MovementRow; version: number }> {
  const repo = createMovementsRepository(handle);
  const pets = createPetsPort(handle);
  if (request.fecha > today) throw invalid('fecha', movementMessages.dateInFuture);
  if (isFinalLocation(before.ubicacion)) throw conflict(movementMessages.finalLocation);
  const latest = await repo.latestOfPet(before.id);
  if (latest && request.fecha < latest.fecha) throw invalid('fecha', movementMessages.dateBeforePrevious(latest.fecha));
  let open = await repo.openPlacementOf(before.id);
  const events: { personaId: number; cambios: PersonChanges }[] = [];
  const historyActor = userActor(actor);

  let personaId: number | null = null;
  if (isPlacement(request.tipo)) {
    if (request.personaId == null) {
      if (!request.personaOpcional) throw invalid('personaId', movementMessages.personRequired);
    } else {
      const person = await contactOf(handle, request.personaId);
      if (!person) throw invalid('personaId', movementMessages.personNotFound);
      if (person.anonimizada) throw conflict(movementMessages.personAnonymised);
      personaId = person.id;
    }
    if (open && open.tipo === 'acogida' && request.cerrarAcogida) {
      const closing = await repo.insert({
        petId: before.id,
        tipo: 'devolucion',
        fecha: request.fecha,
        personaId: open.personaId,
        motivo: request.tipo === 'adopcion' ? 'Pasa a adopción' : 'Pasa a otra casa de acogida',
        notas: '',
        createdBy: actor.id,
      });
      await repo.close(open.id, closing.id);
      if (open.personaId !== null)
        events.push({ personaId: open.personaId, cambios: { movimiento: [null, 'devolucion'], mascota: [null, before.nombre] } });
      open = undefined;
    }
    if (open) throw conflict(movementMessages.placementOpen);
  }
  if (request.tipo === 'devolucion') {
    if (!request.motivo || request.motivo.trim() === '') throw invalid('motivo', movementMessages.reasonRequired);
    if (!open) throw conflict(movementMessages.nothingToReturn);
    personaId = open.personaId;
  }
  if (request.tipo === 'ingreso' && open) throw conflict(movementMessages.placementOpen);

  const row = await repo.insert({
    petId: before.id,
    tipo: request.tipo,
    fecha: request.fecha,
    personaId,
    motivo: request.motivo?.trim() ?? '',
    notas: request.notas?.trim() ?? '',
    createdBy: actor.id,
  });
  // A return closes the placement; a transfer or a death ends it too (the pet is not with that person any more).
  if (open && !isPlacement(request.tipo) && request.tipo !== 'ingreso') {
    await repo.close(open.id, row.id);
    if (request.tipo !== 'devolucion' && open.personaId !== null) {
      events.push({ personaId: open.personaId, cambios: { movimiento: [null, request.tipo], mascota: [null, before.nombre] } });
    }
  }
  if (personaId !== null) events.push({ personaId, cambios: { movimiento: [null, request.tipo], mascota: [null, before.nombre] } });
  // The follow-up of an adoption (DESIGN section 13): planned when it opens, what still waits ended when it closes.
  if (request.tipo === 'adopcion')
    await followupsPort.planAdoption(handle, { adopcionId: row.id, petId: before.id, personaId, fecha: request.fecha }, historyActor);
  if (open?.tipo === 'adopcion' && request.tipo !== 'adopcion') await followupsPort.endAdoption(handle, open.id, historyActor);

  const version = await pets.applyLocation(
    before.id,
    {
      ubicacion: locationOf[request.tipo],
      ubicacionPersonaId: isPlacement(request.tipo) ? personaId : null,
      ubicacionDesde: request.fecha,
      adoptado: request.tipo === 'adopcion',
      retirar: request.tipo === 'traslado' || request.tipo === 'fallecimiento',
      actorId: actor.id,
    },
    before,
    historyActor,
    {
      movimiento: [null, request.tipo],
      ...(personaId !== null ? { personaId: [null, personaId] as [null, number] } : {}),
      ...(request.motivo ? { motivo: [null, request.motivo.trim()] as [null, string] } : {}),
    },
  );
  for (const event of events) {
    await recordPersonEvent(handle, event.personaId, historyActor, event.cambios);
  }
  return { movement: row, version };
}

async function recordPersonEvent(handle: Database, personaId: number, actor: ReturnType<typeof userActor>, cambios: PersonChanges): Promise<void> {
  await historyPort.record(handle, { actor, entidad: 'persona', entidadId: personaId, accion: 'modificar', cambios });
}

function toMovementDto(row: MovementRow, names: Map<number, string>, staff: Map<string, string>): Movement {
  return {
    id: row.id,
    tipo: row.tipo as MovementType,
    fecha: row.fecha,
    persona: row.personaId === null ? null : { id: row.personaId, nombre: names.get(row.personaId) ?? '' },
    motivo: row.motivo,
    notas: row.notas,
    abierta: isPlacement(row.tipo) && row.cerradaPor === null,
    // Who recorded it, by name: never the account's internal id (a deleted account or an empty name shows nothing).
    creadoPor: (row.createdBy === null ? null : staff.get(row.createdBy)) || null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toProfileDto(row: FosterProfileRow): FosterProfile {
  return {
    personaId: row.personaId,
    capacidad: row.capacidad,
    especies: row.especies as FosterProfile['especies'],
    tamanos: row.tamanos as FosterProfile['tamanos'],
    conNinos: row.conNinos,
    conPerros: row.conPerros,
    conGatos: row.conGatos,
    noDisponible: row.noDisponible,
    notas: row.notas,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Accent- and case-folded text. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * What the pet's tags say it cannot live with: a tag that starts with "sin" or "no" and names children, dogs or
 * cats ("Sin niños", "No apto con gatos", "no perros").
 */
export function petNeeds(tags: string[]): { sinNinos: boolean; sinPerros: boolean; sinGatos: boolean } {
  const needs = { sinNinos: false, sinPerros: false, sinGatos: false };
  for (const tag of tags.map(fold)) {
    if (!/^(sin|no)\b/.test(tag)) continue;
    if (/\bnin[oa]s?\b/.test(tag)) needs.sinNinos = true;
    if (/\bperr[oa]s?\b/.test(tag)) needs.sinPerros = true;
    if (/\bgat[oa]s?\b/.test(tag)) needs.sinGatos = true;
  }
  return needs;
}

/** Not within any of its unavailable ranges on `day`. */
function availableOn(profile: Pick<FosterProfileRow, 'noDisponible'>, day: string): boolean {
  return !profile.noDisponible.some((r) => r.desde <= day && day <= r.hasta);
}

const accepts = (list: string[], value: string) => list.length === 0 || list.includes(value);

const speciesPlural: Record<string, string> = { Perro: 'perros', Gato: 'gatos', Conejo: 'conejos' };

export interface MovementsServiceDeps {
  repo: MovementsRepository;
  pets: Pick<PetsPort, 'transaction' | 'placementFacts'>;
  db: Database;
  /** The organisation's time zone (the saved one, else ORG_TIME_ZONE): "today" is its calendar day. */
  timeZone: TimeZoneSource;
  clock?: () => Date;
}

export function createMovementsService({ repo, pets, db, timeZone, clock = () => new Date() }: MovementsServiceDeps) {
  const today = async (handle?: Database) => dayIn(await timeZone(handle), clock());

  async function homes(day: string) {
    const profiles = await repo.profiles();
    const ids = profiles.map((p) => p.personaId);
    const fosterings = await repo.openFosterings(ids);
    const facts = new Map((await pets.placementFacts([...new Set(fosterings.map((m) => m.petId))])).map((f) => [f.id, f]));
    const names = await namesOf(db, ids);
    const lastDates = await repo.lastFosteringDates(ids);
    // The latest news sent through the portal (waiting or accepted), as the organisation's day.
    const lastNews = await createFosterPortalPort(db).lastNewsDates();
    const zone = await timeZone();
    return profiles
      .filter((profile) => names.has(profile.personaId))
      .map((profile) => {
        const mine = fosterings.filter((m) => m.personaId === profile.personaId);
        const ocupadas = mine.length;
        const home: FosterHome = {
          persona: { id: profile.personaId, nombre: names.get(profile.personaId)! },
          capacidad: profile.capacidad,
          ocupadas,
          mascotas: mine.map((m) => ({
            id: m.petId,
            nombre: facts.get(m.petId)?.nombre ?? '',
            tipo: facts.get(m.petId)?.tipo ?? '',
            desde: m.fecha,
          })),
          ultimaNovedad: lastNews.has(profile.personaId) ? dayIn(zone, new Date(lastNews.get(profile.personaId)!)) : null,
          disponibleHoy: ocupadas < profile.capacidad && availableOn(profile, day),
        };
        return { home, profile, ultimaAcogida: lastDates.get(profile.personaId) ?? null };
      });
  }

  return {
    async list(petId: number): Promise<MovementsResponse> {
      const [pet] = await pets.placementFacts([petId]);
      if (!pet || pet.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
      const rows = await repo.ofPet(petId);
      const personIds = rows.map((r) => r.personaId).filter((id): id is number => id !== null);
      const names = await namesOf(db, pet.ubicacionPersonaId === null ? personIds : [...personIds, pet.ubicacionPersonaId]);
      const placedWith = pet.ubicacionPersonaId === null ? undefined : names.get(pet.ubicacionPersonaId);
      const ubicacion: PetLocation = {
        tipo: pet.ubicacion as PetLocation['tipo'],
        ...(placedWith === undefined ? {} : { persona: { id: pet.ubicacionPersonaId!, nombre: placedWith } }),
        desde: pet.ubicacionDesde,
      };
      const staff = await repo.staffNames([...new Set(rows.map((r) => r.createdBy).filter((id): id is string => id !== null))]);
      return { ubicacion, movimientos: rows.map((r) => toMovementDto(r, names, staff)), version: pet.version };
    },

    /** `POST /api/mascotas/{id}/movimientos`: the rules of `applyMovement`, with the pet's version (stale: 409). */
    async record(actor: SessionUser, petId: number, input: MovementInput): Promise<MovementsResponse> {
      try {
        await pets.transaction(async (tx) => {
          const before = await tx.lockForChange(petId);
          if (!before || before.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
          if (before.version !== input.version) throw conflict(movementMessages.stale);
          await applyMovement(tx.handle, before, input, actor, await today(tx.handle));
        });
      } catch (error) {
        if (isUniqueViolation(error) || isLockConflict(error)) throw conflict(movementMessages.placementOpen);
        throw error;
      }
      return this.list(petId);
    },

    /**
     * The pet list's "mark adopted" (`POST /phpApi/mascota/{id}/adopcion`): '1' opens the adoption today for
     * `personaId` (without one when absent), '0' returns an open adoption ("Desmarcada como adoptada desde la
     * lista"). A stale `version` answers 409 and changes nothing.
     */
    async setAdoptedFromList(
      actor: SessionUser,
      petId: number,
      adoptado: boolean,
      version: number | undefined,
      personaId: number | null,
    ): Promise<void> {
      const port = createMovementsPort(timeZone, clock);
      try {
        await pets.transaction(async (tx) => {
          const before = await tx.lockForChange(petId);
          if (!before || before.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
          if (version !== undefined && version !== before.version) throw conflict(petMessages.stale);
          if (adoptado) await port.openAdoption(tx.handle, petId, personaId, actor);
          else await port.endAdoption(tx.handle, petId, movementMessages.returnedFromList, actor);
        });
      } catch (error) {
        if (isUniqueViolation(error) || isLockConflict(error)) throw conflict(movementMessages.placementOpen);
        throw error;
      }
    },

    async getProfile(personaId: number): Promise<FosterProfile> {
      if (!(await contactOf(db, personaId))) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
      const row = await repo.profile(personaId);
      if (!row) throw new AppError('NOT_FOUND', { message: fosterMessages.noProfile });
      return toProfileDto(row);
    },

    /** Creates or replaces the profile (stale `version`: 409); the person gets the role `acogida`. */
    async putProfile(actor: SessionUser, personaId: number, input: FosterProfileInput): Promise<FosterProfile> {
      const { version, ...values } = input;
      const row = await repo.transaction(async (tx) => {
        const person = await contactOf(tx.handle, personaId);
        if (!person) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
        if (person.anonimizada) throw conflict(personMessages.anonymised);
        const existing = await tx.profile(personaId, { forUpdate: true });
        let saved: FosterProfileRow | undefined;
        if (existing) {
          saved = await tx.updateProfile(personaId, values, version);
          if (!saved) throw conflict(fosterMessages.stale);
        } else {
          saved = await tx.insertProfile(personaId, values);
        }
        const summary = (p: Pick<FosterProfileRow, 'capacidad' | 'especies' | 'tamanos'> | undefined) =>
          p ? { capacidad: p.capacidad, especies: p.especies, tamanos: p.tamanos } : null;
        await historyPort.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'persona',
          entidadId: personaId,
          accion: 'modificar',
          cambios: { fichaAcogida: [summary(existing), summary(saved)] },
        });
        await addRole(tx.handle, personaId, 'acogida', userActor(actor));
        return saved;
      });
      return toProfileDto(row);
    },

    async listHomes(query: ListFosterHomesQuery): Promise<{ items: FosterHome[] }> {
      const all = await homes(await today());
      const items = all
        .filter(({ home, profile }) => {
          if (query.tipo && !accepts(profile.especies, query.tipo)) return false;
          if (query.tamano && !accepts(profile.tamanos, query.tamano)) return false;
          if (query.disponibles === '1' && !home.disponibleHoy) return false;
          if (query.disponibles === '0' && home.disponibleHoy) return false;
          return true;
        })
        .map(({ home }) => home)
        .sort((a, b) => a.persona.nombre.localeCompare(b.persona.nombre, 'es'));
      return { items };
    },

    /**
     * Homes with room today (not in an unavailable range) whose preferences accept the pet's species and size and
     * that live with no children, dogs or cats when the pet's tags ask for none: most free places first, then the
     * home that fostered least recently (never first).
     */
    async suggestions(petId: number): Promise<{ items: FosterSuggestion[] }> {
      const [pet] = await pets.placementFacts([petId]);
      if (!pet || pet.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
      if (isFinalLocation(pet.ubicacion)) return { items: [] };
      const needs = petNeeds(pet.tags);
      const candidates = (await homes(await today())).filter(({ home, profile }) => {
        if (!home.disponibleHoy) return false;
        if (!accepts(profile.especies, pet.tipo) || !accepts(profile.tamanos, pet.tamano)) return false;
        if ((needs.sinNinos && profile.conNinos) || (needs.sinPerros && profile.conPerros) || (needs.sinGatos && profile.conGatos)) return false;
        return !home.mascotas.some((m) => m.id === petId);
      });
      const items = candidates
        .map(({ home, ultimaAcogida }) => {
          const libres = home.capacidad - home.ocupadas;
          const motivos = [
            countLabel(libres, 'plaza libre', 'plazas libres'),
            `acepta ${speciesPlural[pet.tipo] ?? pet.tipo.toLowerCase()} de tamaño ${pet.tamano}`,
            ...(needs.sinNinos ? ['sin niños en casa'] : []),
            ...(needs.sinPerros ? ['sin perros en casa'] : []),
            ...(needs.sinGatos ? ['sin gatos en casa'] : []),
            ultimaAcogida ? `última acogida: ${ultimaAcogida}` : 'todavía no ha acogido',
          ];
          const motivosText = motivos.join('; ');
          return { ...home, libres, ultimaAcogida, motivos: motivosText.charAt(0).toUpperCase() + motivosText.slice(1) + '.' };
        })
        .sort(
          (a, b) =>
            b.libres - a.libres ||
            (a.ultimaAcogida ?? '').localeCompare(b.ultimaAcogida ?? '') ||
            a.persona.nombre.localeCompare(b.persona.nombre, 'es'),
        );
      return { items };
    },

    today,
  };
}

export type MovementsService = ReturnType<typeof createMovementsService>;
