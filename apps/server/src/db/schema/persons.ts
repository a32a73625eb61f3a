import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { user } from './users';

/*
 * People outside the staff (DESIGN section 10): adopters, foster homes, volunteers, rescuers, members, sponsors,
 * donors; one record per person, owned by the persons module. Contact values are kept normalised (e-mail trimmed
 * and lower-cased, phone in E.164, lib/contact.ts) so that linking compares them as they are stored.
 */
export const person = pgTable(
  'person',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nombre: text().notNull(),
    apellidos: text().notNull().default(''),
    /** Normalised e-mail, or null. */
    email: text(),
    /** E.164 phone, or null. */
    telefono: text(),
    documento: text().notNull().default(''),
    /** NIF, NIE or CIF with its check character verified, normalised (12345678Z), or null (DESIGN section 15). */
    nif: text(),
    ciudad: text().notNull().default(''),
    direccion: text().notNull().default(''),
    /** Spanish postcode, 5 digits (01000 to 52999), or null; for a person resident abroad (`pais`), their postcode as written. */
    codigoPostal: text(),
    /**
     * The country of residence (ISO 3166-1 alpha-2) of a person resident abroad, or null for a resident of Spain. The
     * modelo 182 declares a non-resident donor with the province code 99 (DESIGN section 15).
     */
    pais: text(),
    /** adoptante | acogida | voluntario | rescatador | socio | padrino | donante */
    roles: jsonb().$type<string[]>().notNull().default([]),
    /** The organisation's own fields (DESIGN section 21): `{ [clave]: value }`, checked against `custom_field`. */
    campos: jsonb().$type<Record<string, string | number | boolean | string[]>>().notNull().default({}),
    bloqueado: boolean().notNull().default(false),
    motivoBloqueo: text().notNull().default(''),
    consentimientoEmail: boolean().notNull().default(false),
    consentimientoEmailEn: timestamp({ withTimezone: true }),
    consentimientoEmailFuente: text().notNull().default(''),
    consentimientoWhatsapp: boolean().notNull().default(false),
    consentimientoWhatsappEn: timestamp({ withTimezone: true }),
    consentimientoWhatsappFuente: text().notNull().default(''),
    /** Set when the identity was removed (irreversible). */
    anonimizadaEn: timestamp({ withTimezone: true }),
    /** Incremented by every save; a save based on an older one is refused (409). */
    version: integer().notNull().default(1),
    /** The folded first word of `nombre`: what the linking rule compares. */
    nombreClave: text().generatedAlwaysAs((): SQL => sql`split_part(refugio_fold(btrim(${person.nombre})), ' ', 1)`),
    /** Accent- and case-folded name, surname, e-mail, phone and document, searched by the list (trigram index). */
    searchText: text().generatedAlwaysAs(
      (): SQL =>
        sql`refugio_fold(${person.nombre} || ' ' || ${person.apellidos} || ' ' || coalesce(${person.email}, '') || ' ' || coalesce(${person.telefono}, '') || ' ' || ${person.documento})`,
    ),
    ...timestamps,
  },
  (t) => [
    index('person_email').on(t.email),
    index('person_telefono').on(t.telefono),
    index('person_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // A field's uses (`campos @> …`, `campos ? clave`).
    index('person_campos_gin').using('gin', t.campos),
    index('person_updated').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Two persons that may be one (the same e-mail or phone under another first name): `personaA < personaB`. Staff
 * merge them or dismiss the pair (`descartadoEn`); a dismissed pair is not proposed again.
 */
export const personDuplicate = pgTable(
  'person_duplicate',
  {
    personaA: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    personaB: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** mismo_email | mismo_telefono | nombre_parecido */
    motivos: jsonb().$type<string[]>().notNull().default([]),
    descartadoEn: timestamp({ withTimezone: true }),
    descartadoPor: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.personaA, t.personaB] }),
    index('person_duplicate_b').on(t.personaB),
    check('person_duplicate_order', sql`${t.personaA} < ${t.personaB}`),
  ],
);
