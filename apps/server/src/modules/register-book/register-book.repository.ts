import type { RegisterBookLine, RegisterBookVerification } from '@refugio/contracts';
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { careRecord, movement, person, pet, registerBookLine } from '../../db/schema';
import { anyOf } from '../../db/any-of';
import { type FrozenLine, GENESIS, lineHash } from './chain';
import { type PetRecord, type Stay, type StayPerson, staysOf } from './stays';

/*
 * What the register book reads (DESIGN section 16): its own lines, and the pets, movements, care records and persons
 * the open lines and the stays are derived from (a read model; only their owners write those tables).
 */

const BOOK_CARE_TYPES = ['vacuna', 'tratamiento', 'desparasitacion_interna', 'desparasitacion_externa', 'cirugia', 'esterilizacion'];
const CHUNK = 5000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const dayOf = (value: Date | string) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/** The records of `petIds` (null: every pet), as the stays are derived from them. */
export async function loadRecords(executor: Database, petIds: readonly number[] | null): Promise<Map<number, PetRecord>> {
  const records = new Map<number, PetRecord>();
  const groups = petIds === null ? [null] : chunks([...new Set(petIds)]);
  for (const ids of groups) {
    if (ids?.length === 0) continue;
    const petRows = await executor
      .select({
        id: pet.id,
        tipo: pet.tipo,
        raza: pet.raza,
        genero: pet.genero,
        color: pet.color,
        microchip: pet.microchip,
        fechaNacimiento: pet.fechaNacimiento,
        fechaIngreso: pet.fechaIngreso,
        procedencia: pet.procedencia,
        procedenciaDetalle: pet.procedenciaDetalle,
        createdAt: pet.createdAt,
      })
      .from(pet)
      .where(ids ? anyOf(pet.id, ids) : undefined);
    for (const row of petRows) {
      records.set(row.id, { pet: { ...row, createdAt: dayOf(row.createdAt) }, movements: [], care: [], persons: new Map() });
    }
    const movementRows = await executor
      .select({
        id: movement.id,
        petId: movement.petId,
        tipo: movement.tipo,
        fecha: movement.fecha,
        personaId: movement.personaId,
        motivo: movement.motivo,
        veterinario: movement.veterinario,
        procedencia: movement.procedencia,
        procedenciaDetalle: movement.procedenciaDetalle,
        cerradaPor: movement.cerradaPor,
      })
      .from(movement)
      .where(ids ? anyOf(movement.petId, ids) : undefined);
    for (const row of movementRows) records.get(row.petId)?.movements.push(row);
    const careRows = await executor
      .select({
        petId: careRecord.petId,
        tipo: careRecord.tipo,
        nombre: careRecord.nombre,
        fecha: careRecord.fechaRealizada,
        veterinario: careRecord.veterinario,
      })
      .from(careRecord)
      .where(and(isNotNull(careRecord.fechaRealizada), inArray(careRecord.tipo, BOOK_CARE_TYPES), ids ? anyOf(careRecord.petId, ids) : undefined))
      .orderBy(asc(careRecord.fechaRealizada), asc(careRecord.id));
    for (const row of careRows) records.get(row.petId)?.care.push({ ...row, fecha: row.fecha ?? '' });
  }
  const personIds = [
    ...new Set(
      [...records.values()].flatMap((r) => r.movements.filter((m) => m.tipo !== 'ingreso' && m.personaId !== null).map((m) => m.personaId!)),
    ),
  ];
  const persons = new Map<number, StayPerson>();
  for (const ids of chunks(personIds)) {
    const rows = await executor
      .select({
        id: person.id,
        nombre: person.nombre,
        apellidos: person.apellidos,
        nif: person.nif,
        direccion: person.direccion,
        ciudad: person.ciudad,
        codigoPostal: person.codigoPostal,
      })
      .from(person)
      .where(anyOf(person.id, ids));
    for (const row of rows) {
      const lugar = [row.codigoPostal ?? '', row.ciudad].filter(Boolean).join(' ');
      persons.set(row.id, {
        nombre: [row.nombre, row.apellidos].filter(Boolean).join(' '),
        nif: row.nif ?? '',
        direccion: [row.direccion, lugar].filter(Boolean).join(', '),
      });
    }
  }
  for (const record of records.values()) {
    for (const m of record.movements)
      if (m.personaId !== null && persons.has(m.personaId)) record.persons.set(m.personaId, persons.get(m.personaId)!);
  }
  return records;
}

export type StoredLine = typeof registerBookLine.$inferSelect;

/** The line a stored row shows: frozen when closed, the stay's current data when open. */
export function lineOf(row: StoredLine, stay: Stay | undefined): RegisterBookLine {
  if (row.cerrada && row.contenido) return { ...(row.contenido as FrozenLine), hash: row.hash, cadena: row.cadena, hashAnterior: row.hashAnterior };
  const content = stay?.content;
  return {
    anio: row.anio,
    numero: row.numero,
    mascotaId: row.mascotaId,
    fechaEntrada: content?.fechaEntrada ?? row.fechaEntrada,
    procedencia: content?.procedencia ?? null,
    procedenciaDetalle: content?.procedenciaDetalle ?? '',
    especie: content?.especie ?? '',
    raza: content?.raza ?? '',
    sexo: content?.sexo ?? '',
    color: content?.color ?? '',
    microchip: content?.microchip ?? null,
    fechaNacimiento: content?.fechaNacimiento ?? null,
    fechaSalida: null,
    destino: null,
    destinatario: null,
    causaMuerte: null,
    vacunas: content?.vacunas ?? '',
    tratamientos: content?.tratamientos ?? '',
    veterinario: content?.veterinario ?? '',
    cerrada: false,
    hash: null,
    rectifica: null,
    cadena: null,
    hashAnterior: null,
  };
}

export function createRegisterBookRepository(executor: Database) {
  return {
    /** The book's lines of `anio` (undefined: every year), in order. */
    async lines(anio: number | undefined): Promise<RegisterBookLine[]> {
      const rows = await executor
        .select()
        .from(registerBookLine)
        .where(anio === undefined ? undefined : eq(registerBookLine.anio, anio))
        .orderBy(asc(registerBookLine.anio), asc(registerBookLine.numero));
      const openPets = rows.filter((r) => !r.cerrada).map((r) => r.mascotaId);
      const records = openPets.length ? await loadRecords(executor, openPets) : new Map<number, PetRecord>();
      const stays = new Map<string, Stay>();
      for (const record of records.values()) for (const stay of staysOf(record)) stays.set(`${record.pet.id}/${stay.entrada}`, stay);
      return rows.map((row) => lineOf(row, stays.get(`${row.mascotaId}/${row.entrada}`)));
    },

    /**
     * Checks the closed lines of `anio`: each one's hash against its content and the hash before it, and that the
     * chain runs through it (the previous line's hash, the next line's `hashAnterior`).
     */
    async verify(anio: number): Promise<RegisterBookVerification> {
      const own = await executor
        .select()
        .from(registerBookLine)
        .where(and(eq(registerBookLine.anio, anio), eq(registerBookLine.cerrada, true)))
        .orderBy(asc(registerBookLine.cadena));
      if (own.length === 0) return { integro: true, lineas: 0 };
      const places = own.flatMap((r) => [r.cadena! - 1, r.cadena! + 1]);
      const neighbours = new Map<number, { hash: string | null; hashAnterior: string | null }>();
      for (const ids of chunks(places)) {
        const rows = await executor
          .select({ cadena: registerBookLine.cadena, hash: registerBookLine.hash, hashAnterior: registerBookLine.hashAnterior })
          .from(registerBookLine)
          .where(anyOf(registerBookLine.cadena, ids));
        for (const row of rows) neighbours.set(row.cadena!, row);
      }
      for (const row of own) {
        const previous = row.cadena === 1 ? GENESIS : (neighbours.get(row.cadena! - 1)?.hash ?? null);
        const next = neighbours.get(row.cadena! + 1);
        const content = row.contenido as FrozenLine | null;
        const ok =
          content !== null &&
          content.anio === row.anio &&
          content.numero === row.numero &&
          previous !== null &&
          row.hashAnterior === previous &&
          lineHash(previous, content) === row.hash &&
          (next === undefined || next.hashAnterior === row.hash);
        if (!ok) return { integro: false, lineas: own.length, primeraRota: row.numero };
      }
      return { integro: true, lineas: own.length };
    },

    /** The stored lines of `petIds` (null: all), for the writer to reconcile with the stays. */
    async storedOf(petIds: readonly number[] | null): Promise<StoredLine[]> {
      if (petIds === null) return executor.select().from(registerBookLine).orderBy(asc(registerBookLine.id));
      return executor
        .select()
        .from(registerBookLine)
        .where(anyOf(registerBookLine.mascotaId, [...petIds]))
        .orderBy(asc(registerBookLine.id));
    },

    /** Whether any pet was ever written (deleted ones too). */
    async anyPet(): Promise<boolean> {
      return (await executor.select({ id: pet.id }).from(pet).limit(1)).length > 0;
    },

    /** The next `limit` pet ids above `after`, in order (deleted pets too: their stays stay in the book). */
    async petIdsAfter(after: number, limit: number): Promise<number[]> {
      const rows = await executor.select({ id: pet.id }).from(pet).where(gt(pet.id, after)).orderBy(asc(pet.id)).limit(limit);
      return rows.map((r) => r.id);
    },

    /** The last number given in each year. */
    async lastNumbers(): Promise<Map<number, number>> {
      const rows = await executor
        .select({ anio: registerBookLine.anio, numero: sql<number>`max(${registerBookLine.numero})`.mapWith(Number) })
        .from(registerBookLine)
        .groupBy(registerBookLine.anio);
      return new Map(rows.map((r) => [r.anio, r.numero]));
    },
  };
}
