import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { person } from './persons';
import { user } from './users';

/*
 * Pets (SPEC section 3 plus publication state, version, authorship and soft delete). The wire names
 * (`nombre`, `tamano`, ...) are kept as the column names so that the route edge maps nothing.
 */
export const pet = pgTable(
  'pet',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nombre: text().notNull(),
    edad: text().notNull(),
    tipo: text().notNull(),
    genero: text().notNull(),
    /** chico | mediano | grande; '' when not known (an imported sheet that does not say). */
    tamano: text().notNull(),
    fechaIngreso: timestamp({ mode: 'string' }),
    /** Where it came from (DESIGN section 16): abandono | cesion | rescate | ...; null: sin indicar. */
    procedencia: text(),
    procedenciaDetalle: text().notNull().default(''),
    personalidad: text().notNull().default(''),
    historia: text().notNull().default(''),
    adoptado: boolean().notNull().default(false),
    /**
     * When the pet was marked adopted; kept by a database trigger (set when `adoptado` becomes true, cleared
     * when false), so every code path that marks a pet adopted keeps it right.
     */
    adoptadoEn: timestamp({ withTimezone: true }),
    discapacidad: boolean().notNull().default(false),
    tags: jsonb().$type<string[]>().notNull().default([]),
    /** The organisation's own fields (DESIGN section 21): `{ [clave]: value }`, checked against `custom_field`. */
    campos: jsonb().$type<Record<string, string | number | boolean | string[]>>().notNull().default({}),
    /** File name of the main image under productos/{id}/, or null. */
    imagenPrincipal: text(),
    estado: text().notNull().default('borrador'),
    publicarEn: timestamp({ withTimezone: true }),
    /** Incremented by every save; a save based on an older one is refused (409). */
    version: integer().notNull().default(1),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: text().references(() => user.id, { onDelete: 'set null' }),
    /**
     * Where the pet is (DESIGN section 12): refugio | acogida | adoptado | trasladado | fallecido, kept by the
     * movements through the pets port, with the person of the open placement and the date of the last movement.
     */
    ubicacion: text().notNull().default('refugio'),
    ubicacionPersonaId: integer().references((): AnyPgColumn => person.id, { onDelete: 'restrict' }),
    ubicacionDesde: date({ mode: 'string' }),
    /** Accent- and case-folded text searched by the list (trigram index). */
    searchText: text().generatedAlwaysAs(
      (): SQL => sql`refugio_fold(${pet.nombre} || ' ' || ${pet.historia} || ' ' || ${pet.personalidad} || ' ' || ${pet.tags}::text)`,
    ),
    // Identity (DESIGN section 11).
    raza: text().notNull().default(''),
    color: text().notNull().default(''),
    fechaNacimiento: date({ mode: 'string' }),
    fechaNacimientoAprox: boolean().notNull().default(false),
    /** 15 digits; unique among pets not deleted (index pet_live_microchip). */
    microchip: text(),
    esterilizado: text().notNull().default('desconocido'),
    fechaEsterilizacion: date({ mode: 'string' }),
    /** The latest weight record's kg, kept by the care module through the pets port (read-only on the wire). */
    pesoKg: doublePrecision(),
    ...timestamps,
  },
  (t) => [
    index('pet_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('pet_tags_gin').using('gin', t.tags),
    // The list's filter `campo.<clave>=<valor>` and a field's uses (`campos @> …`, `campos ? clave`).
    index('pet_campos_gin').using('gin', t.campos),
    // NULLS FIRST matches `ORDER BY updated_at DESC, id DESC` (PostgreSQL's default for DESC); Drizzle's
    // .desc() alone means NULLS LAST, which the planner cannot use for that order (bench/README.md).
    index('pet_live_updated_v2')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} IS NULL`),
    index('pet_live_tipo_v2')
      .on(t.tipo, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} IS NULL`),
    // The list's order by name (refugio_sort_key, migration 0011): the same expression as the repository's.
    index('pet_live_nombre_orden')
      .on(sql`refugio_sort_key(${t.nombre}) COLLATE "C"`, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    // What is not yet public, by publication date: Publicaciones Programadas and the scheduled counts.
    index('pet_live_unpublished')
      .on(t.estado, t.publicarEn)
      .where(sql`${t.deletedAt} IS NULL AND ${t.estado} <> 'publicada'`),
    check('pet_tipo', sql`${t.tipo} IN ('Perro', 'Gato', 'Conejo')`),
    check('pet_genero', sql`${t.genero} IN ('macho', 'hembra')`),
    check('pet_tamano', sql`${t.tamano} IN ('', 'chico', 'mediano', 'grande')`),
    check('pet_estado', sql`${t.estado} IN ('borrador', 'programada', 'publicada')`),
    check('pet_esterilizado', sql`${t.esterilizado} IN ('si', 'no', 'desconocido')`),
    check(
      'pet_procedencia',
      sql`${t.procedencia} IS NULL OR ${t.procedencia} IN ('abandono', 'cesion', 'rescate', 'extraviado', 'nacimiento', 'traslado', 'decomiso', 'otra')`,
    ),
    uniqueIndex('pet_live_microchip')
      .on(t.microchip)
      .where(sql`${t.deletedAt} IS NULL AND ${t.microchip} IS NOT NULL`),
    check('pet_ubicacion', sql`${t.ubicacion} IN ('refugio', 'acogida', 'adoptado', 'trasladado', 'fallecido')`),
    // After a transfer or a death the pet is never public: whatever path writes it, it stays a draft.
    check('pet_retirada_borrador', sql`${t.ubicacion} NOT IN ('trasladado', 'fallecido') OR ${t.estado} = 'borrador'`),
    index('pet_ubicacion_persona').on(t.ubicacionPersonaId),
  ],
);

/** Additional images of a pet, in the order staff choose. */
export const petImage = pgTable(
  'pet_image',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    /** File name under productos/{petId}/ (server-generated, never the client's). */
    nombre: text().notNull(),
    orden: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    /** SHA-256 of the stored bytes. */
    contentHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pet_image_file').on(t.petId, t.nombre),
    // One position per image: the next position is computed under the pet's row lock (pets.service.ts).
    unique('pet_image_pet_orden').on(t.petId, t.orden),
  ],
);

/**
 * The answer of a create sent with an `Idempotency-Key` header, stored in the create's own transaction: a retry
 * by the same person with the same key gets this answer instead of making a second record. `requestHash` tells
 * a retry from a different request under the same key. Kept 24 hours (swept with the orphan media).
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** `POST /phpApi/mascota/nueva`: the route the key was first used on. */
    route: text().notNull(),
    /** SHA-256 of the route, the text fields and the files' bytes. */
    requestHash: text().notNull(),
    response: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_key_created').on(t.createdAt)],
);
