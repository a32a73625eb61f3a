import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { certifiableGiftSql } from './donations.port';
import type { Database } from '../../db/client';
import { donationCertificate, gift, person } from '../../db/schema';
import { type Transactional, transactional } from '../../db/transactional';

export type CertificateRow = typeof donationCertificate.$inferSelect;

/** What a certificate says of the donor and what deciding to e-mail it needs (a read of the persons' table). */
export interface CertificateDonor {
  id: number;
  nombre: string;
  apellidos: string;
  nif: string | null;
  direccion: string;
  ciudad: string;
  codigoPostal: string | null;
  email: string | null;
  consentimientoEmail: boolean;
  anonimizada: boolean;
}

const donorColumns = {
  id: person.id,
  nombre: person.nombre,
  apellidos: person.apellidos,
  nif: person.nif,
  direccion: person.direccion,
  ciudad: person.ciudad,
  codigoPostal: person.codigoPostal,
  email: person.email,
  consentimientoEmail: person.consentimientoEmail,
  anonimizadaEn: person.anonimizadaEn,
};

const toDonor = ({ anonimizadaEn, ...row }: { anonimizadaEn: Date | null } & Omit<CertificateDonor, 'anonimizada'>): CertificateDonor => ({
  ...row,
  anonimizada: anonimizadaEn !== null,
});

/**
 * Deductible money received by `today` only (donations.port.ts): an annulled or returned gift, a direct debit whose
 * collection day has not come, and a payment with a consideration (not `deducible`) are not certified.
 */
const ofYear = (anio: number, today: string) => and(certifiableGiftSql(today), gte(gift.fecha, `${anio}-01-01`), lte(gift.fecha, `${anio}-12-31`));

function certificatesQueries(db: Database) {
  return {
    async donor(personaId: number): Promise<CertificateDonor | undefined> {
      const [row] = await db.select(donorColumns).from(person).where(eq(person.id, personaId));
      return row ? toDonor(row) : undefined;
    },

    /** The person's certifiable gifts of `anio` on `today`, oldest first. */
    async giftsOfYear(personaId: number, anio: number, today: string): Promise<{ fecha: string; importeCentimos: number }[]> {
      return db
        .select({ fecha: gift.fecha, importeCentimos: gift.importeCentimos })
        .from(gift)
        .where(and(eq(gift.personaId, personaId), ofYear(anio, today)))
        .orderBy(asc(gift.fecha), asc(gift.id));
    },

    /** Everyone with a certifiable gift in `anio` on `today`, by surname. */
    async donorsOfYear(anio: number, today: string): Promise<CertificateDonor[]> {
      const ids = db
        .selectDistinct({ id: gift.personaId })
        .from(gift)
        .where(and(isNotNull(gift.personaId), ofYear(anio, today)));
      const rows = await db
        .select(donorColumns)
        .from(person)
        .where(inArray(person.id, ids))
        .orderBy(asc(person.apellidos), asc(person.nombre), asc(person.id));
      return rows.map(toDonor);
    },

    /** The certificate of a person and year, created `programado` unless one exists (then undefined: never twice). */
    async reserve(personaId: number, anio: number, createdBy: string | null): Promise<CertificateRow | undefined> {
      const [row] = await db.insert(donationCertificate).values({ personaId, anio, createdBy }).onConflictDoNothing().returning();
      return row;
    },

    async find(id: number, options: { forUpdate?: boolean } = {}): Promise<CertificateRow | undefined> {
      const query = db.select().from(donationCertificate).where(eq(donationCertificate.id, id));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** Moves a `programado` certificate on; undefined when it was not `programado` any more. */
    async finish(
      id: number,
      values: { estado: 'enviado' | 'omitido'; archivo?: string; mensajeId?: number; importeCentimos?: number; motivo?: string },
    ): Promise<CertificateRow | undefined> {
      const [row] = await db
        .update(donationCertificate)
        .set(values)
        .where(and(eq(donationCertificate.id, id), eq(donationCertificate.estado, 'programado')))
        .returning();
      return row;
    },

    async ofPerson(personaId: number): Promise<CertificateRow[]> {
      return db.select().from(donationCertificate).where(eq(donationCertificate.personaId, personaId)).orderBy(asc(donationCertificate.anio));
    },

    /** Every stored certificate file a row points at (the orphan sweep keeps them). */
    async fileKeys(): Promise<Set<string>> {
      const rows = await db.select({ archivo: donationCertificate.archivo }).from(donationCertificate).where(isNotNull(donationCertificate.archivo));
      return new Set(rows.map((r) => r.archivo!));
    },

    /**
     * A merge of persons: `fromId`'s certificates become `toId`'s, but for a year `toId` has one already (one
     * certificate per person and year); those of `fromId` are dropped (their e-mails stay with the messages).
     */
    async moveCertificates(fromId: number, toId: number): Promise<void> {
      await db.execute(sql`
        UPDATE donation_certificate c SET persona_id = ${toId}
        WHERE c.persona_id = ${fromId}
          AND NOT EXISTS (SELECT 1 FROM donation_certificate o WHERE o.persona_id = ${toId} AND o.anio = c.anio)`);
      await db.delete(donationCertificate).where(eq(donationCertificate.personaId, fromId));
    },
  };
}

export type CertificatesRepository = Transactional<ReturnType<typeof certificatesQueries>>;

/** The only code that reads or writes the donors' certificates. */
export function createCertificatesRepository(db: Database): CertificatesRepository {
  return transactional(db, certificatesQueries);
}
