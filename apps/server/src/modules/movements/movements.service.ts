import {
  type FosterHome,
  type FosterProfile,
  type FosterProfileInput,
  type FosterSuggestion,
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
import { type Database, runInTransaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isLockConflict, isUniqueViolation } from '../../lib/db-errors';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, userActor } from '../history/history.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import { type PetsPort, isFinalLocation } from '../pets/pets.port';
import { conflict, dayIn, isPlacement } from './apply-movement';
import type { MovementsPort } from './movements.port';
import type { FosterProfileRow, MovementRow, MovementsRepository } from './movements.repository';

function toMovementDto(row: MovementRow, names: Map<number, string>, staff: Map<string, string>): Movement {
  return {
    id: row.id,
    tipo: row.tipo as MovementType,
    fecha: row.fecha,
    persona: row.personaId === null ? null : { id: row.personaId, nombre: names.get(row.personaId) ?? '' },
    motivo: row.motivo,
    veterinario: row.veterinario,
    procedencia: row.procedencia as Movement['procedencia'],
    procedenciaDetalle: row.procedenciaDetalle,
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
  /** The module's own port: the rules of a movement, applied once for the routes and for other modules. */
  port: Pick<MovementsPort, 'apply'>;
  pets: Pick<PetsPort, 'lockForChange' | 'placementFacts'>;
  persons: Pick<PersonsPort, 'contactOf' | 'namesOf' | 'addRole'>;
  history: Pick<HistoryPort, 'record'>;
  db: Database;
  /** The organisation's time zone (the saved one, else ORG_TIME_ZONE): "today" is its calendar day. */
  timeZone: TimeZoneSource;
  clock?: () => Date;
}

export function createMovementsService({ repo, port, pets, persons, history, db, timeZone, clock = () => new Date() }: MovementsServiceDeps) {
  const today = async (handle?: Database) => dayIn(await timeZone(handle), clock());

  async function homes(day: string) {
    const profiles = await repo.profiles();
    const ids = profiles.map((p) => p.personaId);
    const fosterings = await repo.openFosterings(ids);
    const facts = new Map((await pets.placementFacts(db, [...new Set(fosterings.map((m) => m.petId))])).map((f) => [f.id, f]));
    const names = await persons.namesOf(db, ids);
    const lastDates = await repo.lastFosteringDates(ids);
    // The latest news sent through the portal (waiting or accepted), as the organisation's day.
    const lastNews = await repo.lastNewsDates();
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
      const [pet] = await pets.placementFacts(db, [petId]);
      if (!pet || pet.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
      const rows = await repo.ofPet(petId);
      const personIds = rows.map((r) => r.personaId).filter((id): id is number => id !== null);
      const names = await persons.namesOf(db, pet.ubicacionPersonaId === null ? personIds : [...personIds, pet.ubicacionPersonaId]);
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
        await runInTransaction(db, async (tx) => {
          const before = await pets.lockForChange(tx, petId);
          if (!before || before.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
          if (before.version !== input.version) throw conflict(movementMessages.stale);
          await port.apply(tx, before, input, actor, await today(tx));
        });
      } catch (error) {
        if (isUniqueViolation(error) || isLockConflict(error)) throw conflict(movementMessages.placementOpen);
        throw error;
      }
      return this.list(petId);
    },

    async getProfile(personaId: number): Promise<FosterProfile> {
      if (!(await persons.contactOf(db, personaId))) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
      const row = await repo.profile(personaId);
      if (!row) throw new AppError('NOT_FOUND', { message: fosterMessages.noProfile });
      return toProfileDto(row);
    },

    /** Creates or replaces the profile (stale `version`: 409); the person gets the role `acogida`. */
    async putProfile(actor: SessionUser, personaId: number, input: FosterProfileInput): Promise<FosterProfile> {
      const { version, ...values } = input;
      const row = await repo.transaction(async (tx) => {
        const person = await persons.contactOf(tx.handle, personaId);
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
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'persona',
          entidadId: personaId,
          accion: 'modificar',
          cambios: { fichaAcogida: [summary(existing), summary(saved)] },
        });
        await persons.addRole(tx.handle, personaId, 'acogida', userActor(actor));
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
      const [pet] = await pets.placementFacts(db, [petId]);
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
export { dayIn } from './apply-movement';
