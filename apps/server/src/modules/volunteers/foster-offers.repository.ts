import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fosterOffer, fosterProfile, movement, person, pet } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type FosterOfferRow = typeof fosterOffer.$inferSelect;

/** The pet as its card shows it (a read of the pets module's table). */
export interface OfferPet {
  id: number;
  nombre: string;
  tipo: string;
  genero: string;
  edad: string;
  tamano: string;
  personalidad: string;
  historia: string;
  imagenPrincipal: string | null;
  ubicacion: string;
  deletedAt: Date | null;
}

const petCard = {
  id: pet.id,
  nombre: pet.nombre,
  tipo: pet.tipo,
  genero: pet.genero,
  edad: pet.edad,
  tamano: pet.tamano,
  personalidad: pet.personalidad,
  historia: pet.historia,
  imagenPrincipal: pet.imagenPrincipal,
  ubicacion: pet.ubicacion,
  deletedAt: pet.deletedAt,
};

function queries(db: Database) {
  return {
    async pet(petId: number): Promise<OfferPet | undefined> {
      const [row] = await db.select(petCard).from(pet).where(eq(pet.id, petId));
      return row;
    },

    /**
     * The foster homes suggested for a pet: persons with the `acogida` role or a foster profile (identity kept, not
     * blocked) whose profile, when they have one, takes the pet's species and size and has room; with how many pets
     * they foster now and the periods they are not available.
     */
    async fosterHomes(forPet: { tipo: string; tamano: string }) {
      const acogiendo = sql<number>`(SELECT count(*) FROM ${movement} WHERE ${movement.personaId} = ${person.id} AND ${movement.tipo} = 'acogida' AND ${movement.cerradaPor} IS NULL)::int`;
      const rows = await db
        .select({
          id: person.id,
          nombre: person.nombre,
          apellidos: person.apellidos,
          email: person.email,
          telefono: person.telefono,
          consentimientoEmail: person.consentimientoEmail,
          consentimientoWhatsapp: person.consentimientoWhatsapp,
          noDisponible: fosterProfile.noDisponible,
          acogiendo,
        })
        .from(person)
        .leftJoin(fosterProfile, eq(fosterProfile.personaId, person.id))
        .where(
          and(
            or(sql`${person.roles} @> '["acogida"]'::jsonb`, sql`${fosterProfile.personaId} IS NOT NULL`),
            isNull(person.anonimizadaEn),
            eq(person.bloqueado, false),
            or(
              sql`${fosterProfile.personaId} IS NULL`,
              and(
                or(sql`${fosterProfile.especies} = '[]'::jsonb`, sql`${fosterProfile.especies} @> ${JSON.stringify([forPet.tipo])}::jsonb`),
                or(sql`${fosterProfile.tamanos} = '[]'::jsonb`, sql`${fosterProfile.tamanos} @> ${JSON.stringify([forPet.tamano])}::jsonb`),
                sql`${fosterProfile.capacidad} > ${acogiendo}`,
              ),
            ),
          ),
        )
        .orderBy(asc(person.nombre), asc(person.apellidos), asc(person.id))
        .limit(500);
      return rows.map((r) => ({ ...r, acogiendo: Number(r.acogiendo), noDisponible: r.noDisponible ?? [] }));
    },

    /** One person as a foster home (the role or a profile), or undefined. */
    async fosterHome(personaId: number) {
      const [row] = await db
        .select({ id: person.id })
        .from(person)
        .leftJoin(fosterProfile, eq(fosterProfile.personaId, person.id))
        .where(and(eq(person.id, personaId), or(sql`${person.roles} @> '["acogida"]'::jsonb`, sql`${fosterProfile.personaId} IS NOT NULL`)));
      return row;
    },

    /** The offers of a pet, newest first, with the person's name. */
    async offersOf(petId: number) {
      return db
        .select({ offer: fosterOffer, nombre: person.nombre, apellidos: person.apellidos })
        .from(fosterOffer)
        .innerJoin(person, eq(person.id, fosterOffer.personaId))
        .where(eq(fosterOffer.petId, petId))
        .orderBy(desc(fosterOffer.createdAt), desc(fosterOffer.id))
        .limit(500);
    },

    async offer(id: number): Promise<FosterOfferRow | undefined> {
      const [row] = await db.select().from(fosterOffer).where(eq(fosterOffer.id, id));
      return row;
    },

    /** Inside a transaction: the offer's row locked (answers and the placement are served one after the other). */
    async lockOffer(id: number): Promise<FosterOfferRow | undefined> {
      const [row] = await db.select().from(fosterOffer).where(eq(fosterOffer.id, id)).for('update');
      return row;
    },

    async activeOffer(tokenHash: string, now: Date): Promise<FosterOfferRow | undefined> {
      const [row] = await db
        .select()
        .from(fosterOffer)
        .where(and(eq(fosterOffer.tokenHash, tokenHash), isNull(fosterOffer.revocadoEn), gt(fosterOffer.venceEn, now)));
      return row;
    },

    /** Whether the pet was placed from one of its offers. */
    async placed(petId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: fosterOffer.id })
        .from(fosterOffer)
        .where(and(eq(fosterOffer.petId, petId), sql`${fosterOffer.colocadaEn} IS NOT NULL`))
        .limit(1);
      return Boolean(row);
    },

    async lockPetOffers(petId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`oferta_acogida:${petId}`}, 0))`);
    },

    async insertOffer(values: Omit<typeof fosterOffer.$inferInsert, 'id' | 'createdAt'>): Promise<FosterOfferRow> {
      const [row] = await db.insert(fosterOffer).values(values).returning();
      return row!;
    },

    async setOffer(id: number, values: Partial<Pick<FosterOfferRow, 'respuesta' | 'respondidaEn' | 'colocadaEn'>>): Promise<void> {
      await db.update(fosterOffer).set(values).where(eq(fosterOffer.id, id));
    },
  };
}

export function createFosterOffersRepository(db: Database): Transactional<ReturnType<typeof queries>> {
  return transactional(db, queries);
}
export type FosterOffersRepository = ReturnType<typeof createFosterOffersRepository>;
