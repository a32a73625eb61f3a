import { type SQL, and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fee, gift, modelo182Presentacion, person, pet, user } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';
import { isPublicSql } from '../pets/pets.port';
import { anyOf } from '../../db/any-of';
import { certifiableGiftSql, receivedGiftSql } from './donations.port';

export type FeeRow = typeof fee.$inferSelect;
export type FeeInsert = Omit<typeof fee.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;
export type GiftRow = typeof gift.$inferSelect;
export type GiftInsert = Omit<typeof gift.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;
/** A presentation with the name of the user who recorded it (null: no longer a user). */
export type PresentationRow = typeof modelo182Presentacion.$inferSelect & { presentadaPor: string | null };
export type PresentationInsert = Omit<typeof modelo182Presentacion.$inferInsert, 'id' | 'createdAt'>;

/** What the person's record holds of what a public form may say differently (compared with `datosEnviados`). */
export interface PersonFiscal {
  nif: string | null;
  codigoPostal: string | null;
  direccion: string;
}

/**
 * A row with the names a list shows: the person's and the pet's, and the person's fiscal data (a read model of their
 * tables, DESIGN section 9).
 */
export type Named<R> = R & { personaNombre: string | null; mascotaNombre: string | null; personaFiscal?: PersonFiscal | null };

const personaFiscalSql = sql<PersonFiscal | null>`case when ${person.id} is null then null else json_build_object('nif', ${person.nif}, 'codigoPostal', ${person.codigoPostal}, 'direccion', ${person.direccion}) end`;
/** PGlite and node-postgres both parse json; a driver answering text is read here. */
const fiscalOf = (value: unknown): PersonFiscal | null =>
  typeof value === 'string' ? (JSON.parse(value) as PersonFiscal) : (value as PersonFiscal | null);

export interface FeeFilter {
  tipo?: string | undefined;
  estado?: string | undefined;
  petId?: number | undefined;
  personaId?: number | undefined;
  /** true: sponsorships waiting for staff's decision (their animal adopted or dead); false: the others. */
  requiereDecision?: boolean | undefined;
}

export interface GiftFilter {
  desde?: string | undefined;
  hasta?: string | undefined;
  personaId?: number | undefined;
  concepto?: string | undefined;
  estado?: string | undefined;
}

const personName = sql<string | null>`trim(${person.nombre} || ' ' || ${person.apellidos})`;

/** A donor of the modelo 182's year: the person's fiscal data and their totals by year, integer cents. */
export interface DonorOfYear {
  id: number;
  nombre: string;
  apellidos: string;
  nif: string | null;
  codigoPostal: string | null;
  pais: string | null;
  anonimizada: boolean;
  totalsByYear: Record<number, number>;
}

function feeWhere(filter: FeeFilter): SQL | undefined {
  return and(
    filter.tipo ? eq(fee.tipo, filter.tipo) : undefined,
    filter.estado ? eq(fee.estado, filter.estado) : undefined,
    filter.petId ? eq(fee.petId, filter.petId) : undefined,
    filter.personaId ? eq(fee.personaId, filter.personaId) : undefined,
    filter.requiereDecision === undefined
      ? undefined
      : filter.requiereDecision
        ? sql`(${fee.decisionPendiente} IS NOT NULL AND ${fee.estado} <> 'baja')`
        : sql`(${fee.decisionPendiente} IS NULL OR ${fee.estado} = 'baja')`,
  );
}

function giftWhere(filter: GiftFilter): SQL | undefined {
  return and(
    filter.desde ? gte(gift.fecha, filter.desde) : undefined,
    filter.hasta ? lte(gift.fecha, filter.hasta) : undefined,
    filter.personaId ? eq(gift.personaId, filter.personaId) : undefined,
    filter.concepto ? eq(gift.concepto, filter.concepto) : undefined,
    filter.estado ? eq(gift.estado, filter.estado) : undefined,
  );
}

/** The first key of the advisory lock a new mandate reference takes (the second is the reference's hash). */
const MANDATE_LOCK_KEY = 734_011;

function donationsQueries(db: Database) {
  return {
    /**
     * True when a fee or a /colabora gift already holds this mandate reference (case ignored): the organisation is
     * one creditor, and a reference names one mandate. Taken under a lock on the reference until the transaction
     * ends, so two creations of one reference at once cannot both pass.
     */
    async mandateReferenceInUse(referencia: string): Promise<boolean> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${MANDATE_LOCK_KEY}, hashtext(upper(${referencia})))`);
      const [feeHit] = await db
        .select({ id: fee.id })
        .from(fee)
        .where(sql`upper(${fee.mandatoReferencia}) = upper(${referencia})`)
        .limit(1);
      if (feeHit) return true;
      const [giftHit] = await db
        .select({ id: gift.id })
        .from(gift)
        .where(sql`upper(${gift.mandatoReferencia}) = upper(${referencia})`)
        .limit(1);
      return giftHit !== undefined;
    },

    async insertFee(values: FeeInsert): Promise<FeeRow> {
      const [row] = await db.insert(fee).values(values).returning();
      return row!;
    },

    async findFee(id: number, options: { forUpdate?: boolean } = {}): Promise<FeeRow | undefined> {
      const query = db.select().from(fee).where(eq(fee.id, id));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Sets the fee's leave when it is still at `version` and not left; undefined when not. */
    async leaveFee(id: number, version: number, values: { fecha: string; motivo: string; updatedBy: string }): Promise<FeeRow | undefined> {
      const [row] = await db
        .update(fee)
        .set({
          estado: 'baja',
          hasta: values.fecha,
          bajaFecha: values.fecha,
          bajaMotivo: values.motivo,
          updatedBy: values.updatedBy,
          version: sql`${fee.version} + 1`,
        })
        .where(and(eq(fee.id, id), eq(fee.version, version), sql`${fee.estado} <> 'baja'`))
        .returning();
      return row;
    },

    async namedFee(id: number): Promise<Named<FeeRow> | undefined> {
      const [row] = await db
        .select({ fee, personaNombre: personName, mascotaNombre: pet.nombre, personaFiscal: personaFiscalSql })
        .from(fee)
        .leftJoin(person, eq(person.id, fee.personaId))
        .leftJoin(pet, eq(pet.id, fee.petId))
        .where(eq(fee.id, id));
      return row
        ? { ...row.fee, personaNombre: row.personaNombre, mascotaNombre: row.mascotaNombre, personaFiscal: fiscalOf(row.personaFiscal) }
        : undefined;
    },

    /** A page of fees, newest first, with the number matching `filter` and what the active ones among them bring a year. */
    async listFees(filter: FeeFilter, page: number, pageSize: number): Promise<{ rows: Named<FeeRow>[]; total: number; yearlyCents: number }> {
      const where = feeWhere(filter);
      const rows = await db
        .select({ fee, personaNombre: personName, mascotaNombre: pet.nombre, personaFiscal: personaFiscalSql })
        .from(fee)
        .leftJoin(person, eq(person.id, fee.personaId))
        .leftJoin(pet, eq(pet.id, fee.petId))
        .where(where)
        .orderBy(desc(fee.desde), desc(fee.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      // What the active fees among them bring in a year, in cents, added up by the database in integers.
      const yearly = sql`${fee.importeCentimos} * case ${fee.periodicidad} when 'mensual' then 12 when 'trimestral' then 4 when 'semestral' then 2 else 1 end`;
      const [count] = await db
        .select({
          n: sql<number>`count(*)::int`,
          yearlyCents: sql<string>`coalesce(sum(${yearly}) filter (where ${fee.estado} = 'activa'), 0)::bigint::text`,
        })
        .from(fee)
        .where(where);
      return {
        rows: rows.map((r) => ({
          ...r.fee,
          personaNombre: r.personaNombre,
          mascotaNombre: r.mascotaNombre,
          personaFiscal: fiscalOf(r.personaFiscal),
        })),
        total: count?.n ?? 0,
        yearlyCents: Number(count?.yearlyCents ?? '0'),
      };
    },

    /** A page of the fees export: `filter`'s fees after `afterId`, by id (keyset paging, see `pagesById`). */
    async exportFeesPage(filter: FeeFilter, afterId: number, limit: number): Promise<Named<FeeRow>[]> {
      const rows = await db
        .select({ fee, personaNombre: personName, mascotaNombre: pet.nombre })
        .from(fee)
        .leftJoin(person, eq(person.id, fee.personaId))
        .leftJoin(pet, eq(pet.id, fee.petId))
        .where(and(feeWhere(filter), gt(fee.id, afterId)))
        .orderBy(asc(fee.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.fee, personaNombre: r.personaNombre, mascotaNombre: r.mascotaNombre }));
    },

    /** A page of the gifts export: `filter`'s gifts after `afterId`, by id. */
    async exportGiftsPage(filter: GiftFilter, afterId: number, limit: number): Promise<Named<GiftRow>[]> {
      const rows = await db
        .select({ gift, personaNombre: personName, mascotaNombre: pet.nombre })
        .from(gift)
        .leftJoin(person, eq(person.id, gift.personaId))
        .leftJoin(pet, eq(pet.id, gift.petId))
        .where(and(giftWhere(filter), gt(gift.id, afterId)))
        .orderBy(asc(gift.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.gift, personaNombre: r.personaNombre, mascotaNombre: r.mascotaNombre }));
    },

    async insertGift(values: GiftInsert): Promise<GiftRow> {
      const [row] = await db.insert(gift).values(values).returning();
      return row!;
    },

    async findGift(id: number, options: { forUpdate?: boolean } = {}): Promise<GiftRow | undefined> {
      const query = db.select().from(gift).where(eq(gift.id, id));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Moves a registered gift at `version` to `estado`; undefined when it changed meanwhile. */
    async closeGift(
      id: number,
      version: number,
      values: { estado: 'anulado' | 'devuelto'; anuladoMotivo?: string; devueltoEn?: Date; updatedBy: string },
    ): Promise<GiftRow | undefined> {
      const [row] = await db
        .update(gift)
        .set({ ...values, version: sql`${gift.version} + 1` })
        .where(
          and(
            eq(gift.id, id),
            eq(gift.version, version),
            values.estado === 'anulado' ? inArray(gift.estado, ['registrado', 'pendiente']) : eq(gift.estado, 'registrado'),
          ),
        )
        .returning();
      return row;
    },

    /** A pending fee at `version` becomes active; undefined when it changed meanwhile (or is not pending). */
    async confirmFee(id: number, version: number, updatedBy: string): Promise<FeeRow | undefined> {
      const [row] = await db
        .update(fee)
        .set({ estado: 'activa', updatedBy, version: sql`${fee.version} + 1` })
        .where(and(eq(fee.id, id), eq(fee.version, version), eq(fee.estado, 'pendiente')))
        .returning();
      return row;
    },

    /** A pending gift at `version` becomes registered on `fecha`; undefined when it changed meanwhile. */
    async confirmGift(id: number, version: number, fecha: string, updatedBy: string): Promise<GiftRow | undefined> {
      const [row] = await db
        .update(gift)
        .set({ estado: 'registrado', fecha, updatedBy, version: sql`${gift.version} + 1` })
        .where(and(eq(gift.id, id), eq(gift.version, version), eq(gift.estado, 'pendiente')))
        .returning();
      return row;
    },

    /**
     * The animals one may sponsor on /colabora: the public catalogue's pets (a read model of the pets' table, DESIGN
     * section 9), by name.
     */
    async sponsorablePets(limit: number): Promise<{ id: number; nombre: string; imagenPrincipal: string | null }[]> {
      return db
        .select({ id: pet.id, nombre: pet.nombre, imagenPrincipal: pet.imagenPrincipal })
        .from(pet)
        .where(isPublicSql)
        .orderBy(asc(pet.nombre), asc(pet.id))
        .limit(limit);
    },

    async isSponsorable(petId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: pet.id })
        .from(pet)
        .where(and(eq(pet.id, petId), isPublicSql))
        .limit(1);
      return row !== undefined;
    },

    async namedGift(id: number): Promise<Named<GiftRow> | undefined> {
      const [row] = await db
        .select({ gift, personaNombre: personName, mascotaNombre: pet.nombre, personaFiscal: personaFiscalSql })
        .from(gift)
        .leftJoin(person, eq(person.id, gift.personaId))
        .leftJoin(pet, eq(pet.id, gift.petId))
        .where(eq(gift.id, id));
      return row
        ? { ...row.gift, personaNombre: row.personaNombre, mascotaNombre: row.mascotaNombre, personaFiscal: fiscalOf(row.personaFiscal) }
        : undefined;
    },

    /** Sets whether a gift at `version` is deductible; undefined when it changed meanwhile. */
    async setDeductible(id: number, version: number, deducible: boolean, updatedBy: string): Promise<GiftRow | undefined> {
      const [row] = await db
        .update(gift)
        .set({ deducible, updatedBy, version: sql`${gift.version} + 1` })
        .where(and(eq(gift.id, id), eq(gift.version, version)))
        .returning();
      return row;
    },

    /**
     * A page of gifts, newest first, with the number matching `filter` and the sum in cents of the money received
     * among them by `today` (donations.port.ts: registered and dated today or before), added up by the database.
     */
    async listGifts(
      filter: GiftFilter,
      page: number,
      pageSize: number,
      today: string,
    ): Promise<{ rows: Named<GiftRow>[]; total: number; totalCents: number }> {
      const where = giftWhere(filter);
      const rows = await db
        .select({ gift, personaNombre: personName, mascotaNombre: pet.nombre, personaFiscal: personaFiscalSql })
        .from(gift)
        .leftJoin(person, eq(person.id, gift.personaId))
        .leftJoin(pet, eq(pet.id, gift.petId))
        .where(where)
        .orderBy(desc(gift.fecha), desc(gift.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [sums] = await db
        .select({
          n: sql<number>`count(*)::int`,
          cents: sql<string>`coalesce(sum(${gift.importeCentimos}) filter (where ${receivedGiftSql(today)}), 0)::bigint::text`,
        })
        .from(gift)
        .where(where);
      return {
        rows: rows.map((r) => ({
          ...r.gift,
          personaNombre: r.personaNombre,
          mascotaNombre: r.mascotaNombre,
          personaFiscal: fiscalOf(r.personaFiscal),
        })),
        total: sums?.n ?? 0,
        totalCents: Number(sums?.cents ?? '0'),
      };
    },

    /**
     * The modelo 182's read model: for each person who gave in `year` (deductible money received by `today`: not
     * annulled, not returned, not a debit whose collection day has not come; donations.port.ts), their totals in
     * integer cents for `year` and the three years before (what `recurrenceOf` may look at), added up by the
     * database, with the person's fiscal data (a read of the persons' table, DESIGN section 9). Anonymous gifts are
     * not declared and are left out.
     */
    async donorsOfYear(year: number, today: string): Promise<DonorOfYear[]> {
      const yearOf = sql<number>`extract(year from ${gift.fecha})::int`;
      const sums = await db
        .select({ personaId: gift.personaId, anio: yearOf, cents: sql<string>`sum(${gift.importeCentimos})::bigint::text` })
        .from(gift)
        .where(and(certifiableGiftSql(today), isNotNull(gift.personaId), gte(gift.fecha, `${year - 3}-01-01`), lte(gift.fecha, `${year}-12-31`)))
        .groupBy(gift.personaId, yearOf);
      const totals = new Map<number, Record<number, number>>();
      for (const row of sums) {
        const byYear = totals.get(row.personaId!) ?? {};
        byYear[row.anio] = Number(row.cents);
        totals.set(row.personaId!, byYear);
      }
      const ids = [...totals].filter(([, byYear]) => (byYear[year] ?? 0) > 0).map(([id]) => id);
      if (ids.length === 0) return [];
      const persons = await db
        .select({
          id: person.id,
          nombre: person.nombre,
          apellidos: person.apellidos,
          nif: person.nif,
          codigoPostal: person.codigoPostal,
          pais: person.pais,
          anonimizadaEn: person.anonimizadaEn,
        })
        .from(person)
        .where(anyOf(person.id, ids))
        .orderBy(asc(person.apellidos), asc(person.nombre), asc(person.id));
      return persons.map((p) => ({ ...p, anonimizada: p.anonimizadaEn !== null, totalsByYear: totals.get(p.id)! }));
    },

    /** The modelo 182 presentations of `anio`, oldest first. */
    async presentationsOf(anio: number): Promise<PresentationRow[]> {
      const rows = await db
        .select({ row: modelo182Presentacion, presentadaPor: sql<string | null>`nullif(trim(${user.name} || ' ' || ${user.lastname}), '')` })
        .from(modelo182Presentacion)
        .leftJoin(user, eq(user.id, modelo182Presentacion.createdBy))
        .where(eq(modelo182Presentacion.anio, anio))
        .orderBy(asc(modelo182Presentacion.id));
      return rows.map(({ row, presentadaPor }) => ({ ...row, presentadaPor }));
    },

    /** Every justificante ever presented (a new declaration's own number must be another). */
    async presentedJustificantes(): Promise<Set<string>> {
      const rows = await db.select({ j: modelo182Presentacion.justificante }).from(modelo182Presentacion);
      return new Set(rows.map((r) => r.j));
    },

    /** `presentadaPor`: the recording user's name, as the session knows it. */
    async insertPresentation(values: PresentationInsert, presentadaPor: string | null): Promise<PresentationRow> {
      const [row] = await db.insert(modelo182Presentacion).values(values).returning();
      return { ...row!, presentadaPor };
    },

    /** Serialises the presentations of one year until the transaction ends (two clicks record one). */
    async lockPresentations(anio: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(182, ${anio}::int)`);
    },

    /** An anonymisation: what public forms said of the person (NIF, postcode, address) goes from their fees and gifts. */
    async clearSubmittedData(personaId: number): Promise<void> {
      await db
        .update(fee)
        .set({ datosEnviados: null })
        .where(and(eq(fee.personaId, personaId), isNotNull(fee.datosEnviados)));
      await db
        .update(gift)
        .set({ datosEnviados: null })
        .where(and(eq(gift.personaId, personaId), isNotNull(gift.datosEnviados)));
    },

    /** A merge of persons: `fromId`'s fees become `toId`'s. */
    async moveFees(fromId: number, toId: number): Promise<void> {
      await db.update(fee).set({ personaId: toId }).where(eq(fee.personaId, fromId));
    },

    /** A merge of persons: `fromId`'s gifts become `toId`'s. */
    async moveGifts(fromId: number, toId: number): Promise<void> {
      await db.update(gift).set({ personaId: toId }).where(eq(gift.personaId, fromId));
    },

    async feesOfPerson(personaId: number): Promise<FeeRow[]> {
      return db.select().from(fee).where(eq(fee.personaId, personaId)).orderBy(asc(fee.desde), asc(fee.id));
    },

    async giftsOfPerson(personaId: number): Promise<GiftRow[]> {
      return db.select().from(gift).where(eq(gift.personaId, personaId)).orderBy(asc(gift.fecha), asc(gift.id));
    },

    async feeIdsOfPet(petId: number): Promise<number[]> {
      return (await db.select({ id: fee.id }).from(fee).where(eq(fee.petId, petId))).map((r) => r.id);
    },

    async giftIdsOfPet(petId: number): Promise<number[]> {
      return (await db.select({ id: gift.id }).from(gift).where(eq(gift.petId, petId))).map((r) => r.id);
    },

    async feeIdsOfPersons(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      return (await db.select({ id: fee.id }).from(fee).where(anyOf(fee.personaId, ids))).map((r) => r.id);
    },

    async giftIdsOfPersons(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      return (await db.select({ id: gift.id }).from(gift).where(anyOf(gift.personaId, ids))).map((r) => r.id);
    },
  };
}

export type DonationsRepository = Transactional<ReturnType<typeof donationsQueries>>;

/** The only code that reads or writes fees and gifts. */
export function createDonationsRepository(db: Database): DonationsRepository {
  return transactional(db, donationsQueries);
}
