import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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

/*
 * Authentication tables, in the shape better-auth (with its admin plugin) expects, plus the staff fields of
 * SPEC section 3. Column names are snake_case in the database (Drizzle `casing`), camelCase in TypeScript.
 */

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const user = pgTable('user', {
  id: text().primaryKey(),
  /** SPEC `name`. */
  name: text().notNull(),
  /** SPEC `mail`. */
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  lastname: text().notNull().default(''),
  permisos: text().notNull().default('equipo-web'),
  color: text().notNull().default('#3B82F6'),
  /** SPEC `rol`: 'Administrador' | 'Equipo'. better-auth's admin plugin calls it `role`. */
  role: text().notNull().default('Equipo'),
  banned: boolean().notNull().default(false),
  banReason: text(),
  banExpires: timestamp({ withTimezone: true }),
  /** Set when an administrator chose the password (new user, reset): the user must pick their own first. */
  mustChangePassword: boolean().notNull().default(false),
  ...timestamps,
});

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.identifier)],
);

/** better-auth's rate-limit counters, kept in the database so every instance shares them. */
export const rateLimit = pgTable('rate_limit', {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: bigint({ mode: 'number' }).notNull(),
  lastRequest: bigint({ mode: 'number' }).notNull(),
});

/**
 * Request budgets shared by every instance when no Redis is configured (plugins/budgets.ts): one row per
 * budget, caller and fixed window, e.g. `user:<id>:29380211`. Expired rows are swept by the app.
 */
export const requestBudget = pgTable('request_budget', {
  key: text().primaryKey(),
  count: integer().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

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
    tamano: text().notNull(),
    fechaIngreso: timestamp({ mode: 'string' }),
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
    check('pet_tamano', sql`${t.tamano} IN ('chico', 'mediano', 'grande')`),
    check('pet_estado', sql`${t.estado} IN ('borrador', 'programada', 'publicada')`),
    check('pet_esterilizado', sql`${t.esterilizado} IN ('si', 'no', 'desconocido')`),
    uniqueIndex('pet_live_microchip')
      .on(t.microchip)
      .where(sql`${t.deletedAt} IS NULL AND ${t.microchip} IS NOT NULL`),
    check('pet_ubicacion', sql`${t.ubicacion} IN ('refugio', 'acogida', 'adoptado', 'trasladado', 'fallecido')`),
    // After a transfer or a death the pet is never public: whatever path writes it, it stays a draft.
    check('pet_retirada_borrador', sql`${t.ubicacion} NOT IN ('trasladado', 'fallecido') OR ${t.estado} = 'borrador'`),
    index('pet_ubicacion_persona').on(t.ubicacionPersonaId),
  ],
);

/**
 * How many live (not deleted) pets there are of each type, size, publication state and adoption flag: a
 * maintained aggregate (trigger `pet_count_maintain`) so the dashboard reads a few dozen rows instead of
 * counting every pet.
 */
export const petCount = pgTable(
  'pet_count',
  {
    tipo: text().notNull(),
    tamano: text().notNull(),
    estado: text().notNull(),
    adoptado: boolean().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tipo, t.tamano, t.estado, t.adoptado] })],
);

/**
 * Intakes and adoptions per month (trigger `pet_month_maintain`): `mes` is the first day of the month, of
 * fecha_ingreso for intakes (a wall date already) and of adoptado_en in the organisation's time zone for
 * adoptions. The zone is the one in `org_setting`; the server rebuilds these rows when ORG_TIME_ZONE changes.
 */
export const petMonth = pgTable('pet_month', {
  mes: date({ mode: 'string' }).primaryKey(),
  ingresos: integer().notNull().default(0),
  adopciones: integer().notNull().default(0),
});

/** Adoptions per month by whole days from intake to adoption: the median is read from this histogram. */
export const petAdoptionDays = pgTable(
  'pet_adoption_days',
  {
    mes: date({ mode: 'string' }).notNull(),
    dias: integer().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mes, t.dias] })],
);

/** Requests by table and state (trigger `request_count_maintain` on adoption_request and publication_request). */
export const requestCount = pgTable(
  'request_count',
  {
    tabla: text().notNull(),
    estado: text().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tabla, t.estado] })],
);

/** Settings the database itself needs (the triggers read the organisation's time zone here). */
export const orgSetting = pgTable('org_setting', {
  clave: text().primaryKey(),
  valor: text().notNull(),
});

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
    ciudad: text().notNull().default(''),
    direccion: text().notNull().default(''),
    /** adoptante | acogida | voluntario | rescatador | socio | padrino | donante */
    roles: jsonb().$type<string[]>().notNull().default([]),
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

/*
 * Adoption requests (Formularios de Solicitud; DESIGN sections 5 and 7): applications from the public pet
 * page, reviewed by staff. Status: nueva -> en_revision -> aprobada | rechazada, or retirada from an open state.
 */
export const adoptionRequest = pgTable(
  'adoption_request',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    estado: text().notNull().default('nueva'),
    nombre: text().notNull(),
    email: text().notNull(),
    telefono: text().notNull(),
    edad: integer().notNull(),
    ciudad: text().notNull(),
    direccion: text().notNull(),
    /** casa | departamento | otro */
    vivienda: text().notNull(),
    viviendaPropia: boolean().notNull(),
    /** Whether the landlord allows pets; required when the home is rented, null when owned. */
    permiteMascotas: boolean(),
    patio: boolean().notNull(),
    personasEnCasa: integer().notNull(),
    ninosEnCasa: integer().notNull(),
    horasSolo: integer().notNull(),
    otrasMascotas: text().notNull().default(''),
    experiencia: text().notNull().default(''),
    motivo: text().notNull().default(''),
    aceptaVisita: boolean().notNull(),
    aceptaPrivacidad: boolean().notNull(),
    /** The person the application is linked to (DESIGN section 10); null only before the backfill ran. */
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    /** 'persona_bloqueada' when the applicant's person was blocked at submit; shown to staff only. */
    alerta: text(),
    /**
     * Another contact that staff confirmed for everything about this application (contract, codes, follow-ups,
     * reminders); while `contactoConfirmadoEn` is null the application's own e-mail and phone are used.
     */
    contactoEmail: text(),
    contactoTelefono: text(),
    contactoConfirmadoEn: timestamp({ withTimezone: true }),
    contactoConfirmadoPor: text(),
    /** Incremented by every move; a move based on an older one is refused (409). */
    version: integer().notNull().default(1),
    /** Accent- and case-folded applicant name, e-mail and phone, searched by the staff list (trigram index). */
    searchText: text().generatedAlwaysAs(
      (): SQL => sql`refugio_fold(${adoptionRequest.nombre} || ' ' || ${adoptionRequest.email} || ' ' || ${adoptionRequest.telefono})`,
    ),
    ...timestamps,
  },
  (t) => [
    index('adoption_request_estado').on(t.estado, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('adoption_request_pet').on(t.petId, t.estado),
    index('adoption_request_created').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('adoption_request_persona').on(t.personaId),
    index('adoption_request_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The duplicate guard: the same e-mail for the same pet within a day.
    index('adoption_request_duplicate').on(t.petId, sql`lower(${t.email})`, t.createdAt),
    check('adoption_request_estado_valid', sql`${t.estado} IN ('nueva', 'en_revision', 'aprobada', 'rechazada', 'retirada')`),
    check('adoption_request_vivienda_valid', sql`${t.vivienda} IN ('casa', 'departamento', 'otro')`),
    check('adoption_request_edad_adult', sql`${t.edad} >= 18`),
    check('adoption_request_horas_solo', sql`${t.horasSolo} BETWEEN 0 AND 24`),
  ],
);

/** The history of an adoption request: every status move and every staff note, with author and time. */
export const adoptionRequestEvent = pgTable(
  'adoption_request_event',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => adoptionRequest.id, { onDelete: 'cascade' }),
    /** 'estado' (a move from deEstado to aEstado, with an optional note) or 'nota' (a staff note). */
    tipo: text().notNull(),
    deEstado: text(),
    aEstado: text(),
    nota: text().notNull().default(''),
    authorId: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('adoption_request_event_request').on(t.requestId, t.createdAt),
    check('adoption_request_event_tipo', sql`${t.tipo} IN ('estado', 'nota')`),
  ],
);

/*
 * Intake from outside rescuers (DESIGN sections 5 and 7): a package (Paquete) is a named offer; a registration
 * link is issued under a package to a named recipient; each public submission becomes a publication request.
 */
export const paquete = pgTable(
  'paquete',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nombre: text().notNull(),
    descripcion: text().notNull().default(''),
    /** How many pets one link may register. */
    cupo: integer().notNull(),
    /** How many days a link stays valid. */
    diasVigencia: integer().notNull(),
    archivedAt: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [check('paquete_cupo', sql`${t.cupo} >= 1`), check('paquete_dias_vigencia', sql`${t.diasVigencia} >= 1`)],
);

export const enlaceRegistro = pgTable(
  'enlace_registro',
  {
    /** An unguessable token (at least 128 random bits, base64url): the link id in /registro-mascota/{linkId}. */
    id: text().primaryKey(),
    paqueteId: integer()
      .notNull()
      .references(() => paquete.id, { onDelete: 'restrict' }),
    destinatario: text().notNull(),
    email: text().notNull().default(''),
    telefono: text().notNull().default(''),
    nota: text().notNull().default(''),
    /** Copied from the package when issued, so later package edits don't change issued links. */
    cupo: integer().notNull(),
    usados: integer().notNull().default(0),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    revocadoEn: timestamp({ withTimezone: true }),
    /** The recipient's person, when the link was issued with contact data. */
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('enlace_registro_paquete').on(t.paqueteId),
    index('enlace_registro_persona').on(t.personaId),
    index('enlace_registro_created').on(t.createdAt.desc().nullsFirst()),
    check('enlace_registro_usados', sql`${t.usados} >= 0 AND ${t.usados} <= ${t.cupo}`),
  ],
);

/** A stored file of a publication request, under its own storage folder until approved. */
export type PublicationRequestMedia = {
  kind: 'principal' | 'imagen' | 'video';
  key: string;
  nombre: string;
  bytes: number;
  contentType: string;
  /** Images only: what the pet_image row needs when the request is approved. */
  width?: number;
  height?: number;
  contentHash?: string;
};

/** A public pet registration waiting for staff (SolicitudPublicacion): pendiente -> aprobada | rechazada. */
export const publicationRequest = pgTable(
  'publication_request',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    estado: text().notNull().default('pendiente'),
    /** The link it came through; null when submitted without one. */
    enlaceId: text().references(() => enlaceRegistro.id, { onDelete: 'set null' }),
    nombre: text().notNull(),
    edad: text().notNull(),
    tipo: text().notNull(),
    genero: text().notNull(),
    tamano: text().notNull(),
    discapacidad: boolean().notNull().default(false),
    personalidad: text().notNull().default(''),
    historia: text().notNull().default(''),
    tags: jsonb().$type<string[]>().notNull().default([]),
    contactoNombre: text().notNull(),
    contactoEmail: text().notNull(),
    contactoTelefono: text().notNull().default(''),
    /** The submitter's person (DESIGN section 10); null only before the backfill ran. */
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    media: jsonb().$type<PublicationRequestMedia[]>().notNull().default([]),
    motivoRechazo: text(),
    /** The draft pet created by approving it. */
    mascotaId: integer().references(() => pet.id, { onDelete: 'set null' }),
    decididoPor: text().references(() => user.id, { onDelete: 'set null' }),
    decididoEn: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('publication_request_estado').on(t.estado, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('publication_request_enlace').on(t.enlaceId),
    index('publication_request_persona').on(t.personaId),
    check('publication_request_estado_valid', sql`${t.estado} IN ('pendiente', 'aprobada', 'rechazada')`),
    check('publication_request_tipo', sql`${t.tipo} IN ('Perro', 'Gato', 'Conejo')`),
    check('publication_request_genero', sql`${t.genero} IN ('macho', 'hembra')`),
    check('publication_request_tamano', sql`${t.tamano} IN ('chico', 'mediano', 'grande')`),
  ],
);

/*
 * Durable jobs (DESIGN section 9, src/jobs/): work that happens later or on a clock. A worker claims a `queued`
 * job whose time has come (FOR UPDATE SKIP LOCKED) and holds it under a lease it renews while it runs; a job
 * whose lease ran out (its worker died) is claimed again. A failed run is retried after a growing delay until
 * `maxAttempts`, then the job stays `failed`, visible to administrators. `uniqueKey` makes an enqueue happen
 * once (a scheduled job's period: `name@period start`).
 */
export const job = pgTable(
  'job',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    payload: jsonb().$type<unknown>().notNull().default({}),
    /** 'queued' | 'running' | 'done' | 'failed' */
    state: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While `running`: the worker holds the job until then, and renews it while it works. */
    lockedUntil: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    uniqueKey: text(),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('job_unique_key').on(t.uniqueKey),
    // What a worker looks for: the next due queued job, or a running one whose lease ran out.
    index('job_claimable')
      .on(t.state, t.runAt)
      .where(sql`state IN ('queued', 'running')`),
    index('job_failed')
      .on(t.updatedAt)
      .where(sql`state = 'failed'`),
    check('job_state', sql`state IN ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * A public registration whose files are being stored (21.8): the request-media sweep leaves its folder alone
 * while `lastSeenAt` (renewed while the upload runs) is recent. Removed once the request row points at the files.
 */
export const uploadInProgress = pgTable('upload_in_progress', {
  folder: text().primaryKey(),
  lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The history of every change to a shelter record (DESIGN section 9), one row per change, written in the same
 * transaction as the change by the history module (modules/history). Never updated or deleted by the application;
 * no foreign keys, so an event outlives its record (a deleted user, a purged pet).
 */
export const historyEvent = pgTable(
  'history_event',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    en: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** usuario | publico | enlace | sistema */
    actorTipo: text().notNull(),
    actorId: text(),
    /** The actor's name when the change was made (kept as it was then). */
    actorNombre: text(),
    entidad: text().notNull(),
    entidadId: text().notNull(),
    /** crear | modificar | eliminar | restaurar | estado | fusionar | enviar | firmar | anonimizar */
    accion: text().notNull(),
    /** { campo: [antes, despues] }; secrets are masked, never stored. */
    cambios: jsonb().$type<Record<string, [unknown, unknown]>>(),
    requestId: text(),
  },
  (t) => [
    index('history_event_entity').on(t.entidad, t.entidadId, t.en.desc(), t.id.desc()),
    index('history_event_actor').on(t.actorId, t.en.desc(), t.id.desc()),
    index('history_event_en').on(t.en.desc(), t.id.desc()),
    check('history_event_actor_tipo', sql`${t.actorTipo} IN ('usuario', 'publico', 'enlace', 'sistema')`),
    check(
      'history_event_accion',
      sql`${t.accion} IN ('crear', 'modificar', 'eliminar', 'restaurar', 'estado', 'fusionar', 'enviar', 'firmar', 'anonimizar')`,
    ),
  ],
);

/**
 * Care records (DESIGN section 11): vaccines, deworming, tests, treatments, surgeries, sterilisation, check-ups
 * and weights, planned (`fechaProgramada`) or done (`fechaRealizada`). Written by the care module only; a delete
 * removes the row and keeps its content in the history.
 */
export const careRecord = pgTable(
  'care_record',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    tipo: text().notNull(),
    nombre: text().notNull(),
    fechaProgramada: date({ mode: 'string' }),
    fechaRealizada: date({ mode: 'string' }),
    repetirCadaDias: integer(),
    dosis: text().notNull().default(''),
    lote: text().notNull().default(''),
    veterinario: text().notNull().default(''),
    resultado: text().notNull().default(''),
    pesoKg: doublePrecision(),
    /** Cost in euro cents. */
    costeCentimos: integer(),
    notas: text().notNull().default(''),
    protocoloId: integer().references(() => careProtocol.id, { onDelete: 'set null' }),
    /**
     * The done record whose 'Hecho' planned this one (its repetition): undoing that 'Hecho' removes this one
     * while it is still planned and untouched.
     */
    plannedFromId: integer().references((): AnyPgColumn => careRecord.id, { onDelete: 'set null' }),
    /**
     * The pet is in the shelter (not deleted, not adopted): kept by the trigger care_record_pet_state on pet, so
     * that "what is due" reads one partial index without joining every pet.
     */
    mascotaActiva: boolean().notNull().default(true),
    version: integer().notNull().default(1),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('care_record_pet').on(t.petId),
    index('care_record_planned_from').on(t.plannedFromId),
    // What is due: planned, not done, pet in the shelter, by date (GET /api/salud/pendientes and the counts).
    index('care_record_due')
      .on(t.fechaProgramada, t.id)
      .where(sql`${t.fechaRealizada} IS NULL AND ${t.mascotaActiva}`),
    index('care_record_due_tipo')
      .on(t.tipo, t.fechaProgramada, t.id)
      .where(sql`${t.fechaRealizada} IS NULL AND ${t.mascotaActiva}`),
    check(
      'care_record_tipo',
      sql`${t.tipo} IN ('vacuna', 'desparasitacion_interna', 'desparasitacion_externa', 'test', 'tratamiento', 'cirugia', 'esterilizacion', 'revision', 'peso')`,
    ),
    check('care_record_fecha', sql`${t.fechaProgramada} IS NOT NULL OR ${t.fechaRealizada} IS NOT NULL`),
  ],
);

/** Files attached to a care record (PDF, JPEG, PNG, WebP), stored under salud/{petId}/ and served to staff only. */
export const careAttachment = pgTable(
  'care_attachment',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recordId: integer()
      .notNull()
      .references(() => careRecord.id, { onDelete: 'cascade' }),
    petId: integer().notNull(),
    /** The file's name as sent (sanitised), shown to staff and used when downloading. */
    nombre: text().notNull(),
    /** Storage key (server-generated). */
    clave: text().notNull().unique(),
    tipo: text().notNull(),
    bytes: integer().notNull(),
    contentHash: text().notNull(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('care_attachment_record').on(t.recordId)],
);

/** Per-species care protocols: steps with a day offset from the start and an optional repetition. */
export const careProtocol = pgTable('care_protocol', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  nombre: text().notNull(),
  tipoMascota: text().notNull(),
  nota: text().notNull().default(''),
  pasos: jsonb().$type<{ tipo: string; nombre: string; diasDesdeInicio: number; repetirCadaDias: number | null }[]>().notNull(),
  predeterminado: boolean().notNull().default(false),
  activo: boolean().notNull().default(true),
  version: integer().notNull().default(1),
  ...timestamps,
});

/**
 * Message templates edited by administrators (DESIGN section 10), owned by `modules/templates`. A key without a
 * row uses the Spanish default of `@refugio/contracts` (active); a saved key keeps its text here.
 */
export const messageTemplate = pgTable('message_template', {
  clave: text().primaryKey(),
  asunto: text().notNull(),
  cuerpo: text().notNull(),
  activa: boolean().notNull().default(true),
  version: integer().notNull().default(1),
  updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * Every message written to someone outside the staff or to a member of staff (DESIGN section 10), owned by
 * `modules/messages`: the text as it was sent (rendered when created), who it went to, and how it went.
 */
/** A stored file an e-mail carries: its storage key, the name the reader sees and its type. */
export type MessageAttachment = { key: string; nombre: string; contentType: string };

export const message = pgTable(
  'message',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The person it was written to (persons module); null for staff notices and unlinked recipients. */
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    /** email | whatsapp */
    canal: text().notNull(),
    plantilla: text(),
    paraNombre: text().notNull(),
    paraEmail: text(),
    paraTelefono: text(),
    asunto: text().notNull(),
    /** The plain-text part (for WhatsApp, the text). */
    cuerpo: text().notNull(),
    /** The HTML part of an e-mail. */
    html: text(),
    /** Stored files sent with the e-mail (a signed contract), read from storage at each attempt. */
    adjuntos: jsonb().$type<MessageAttachment[]>().notNull().default([]),
    /** pendiente | enviado | fallido | sin_configurar | registrado */
    estado: text().notNull(),
    intentos: integer().notNull().default(0),
    error: text(),
    relacionEntidad: text(),
    relacionId: text(),
    creadoPor: text().references(() => user.id, { onDelete: 'set null' }),
    creadoEn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    enviadoEn: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('message_persona').on(t.personaId, t.creadoEn.desc(), t.id.desc()),
    index('message_estado').on(t.estado, t.creadoEn.desc(), t.id.desc()),
    index('message_relacion').on(t.relacionEntidad, t.relacionId),
    check('message_canal', sql`${t.canal} IN ('email', 'whatsapp')`),
    check('message_estado_valido', sql`${t.estado} IN ('pendiente', 'enviado', 'fallido', 'sin_configurar', 'registrado')`),
  ],
);

/** What each member of staff wants to be told by e-mail (owned by `modules/messages`); no row: nothing. */
export const staffNotice = pgTable('staff_notice', {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  solicitudes: boolean().notNull().default(false),
  registros: boolean().notNull().default(false),
  /** Told when an adopter answers a check-in with "necesito ayuda" (followups module). */
  seguimientos: boolean().notNull().default(false),
  ...timestamps,
});

/**
 * Where each pet went and when (DESIGN section 12), owned by the movements module: ingreso | acogida | adopcion |
 * devolucion | traslado | fallecimiento. A placement (`acogida`, `adopcion`) is open until a `devolucion` closes
 * it (`cerradaPor`); at most one is open per pet (partial unique index).
 */
export const movement = pgTable(
  'movement',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    tipo: text().notNull(),
    fecha: date({ mode: 'string' }).notNull(),
    personaId: integer().references(() => person.id, { onDelete: 'restrict' }),
    motivo: text().notNull().default(''),
    notas: text().notNull().default(''),
    /** For an open placement: null; once returned, the id of the `devolucion` that closed it. */
    cerradaPor: integer(),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movement_pet').on(t.petId, t.fecha, t.id),
    index('movement_persona').on(t.personaId),
    uniqueIndex('movement_one_open_placement')
      .on(t.petId)
      .where(sql`${t.tipo} IN ('acogida', 'adopcion') AND ${t.cerradaPor} IS NULL`),
    check('movement_tipo', sql`${t.tipo} IN ('ingreso', 'acogida', 'adopcion', 'devolucion', 'traslado', 'fallecimiento')`),
  ],
);

/** A person's foster-home profile (DESIGN section 12), owned by the movements module. */
export const fosterProfile = pgTable('foster_profile', {
  personaId: integer()
    .primaryKey()
    .references(() => person.id, { onDelete: 'cascade' }),
  capacidad: integer().notNull(),
  /** Perro | Gato | Conejo */
  especies: jsonb().$type<string[]>().notNull().default([]),
  /** chico | mediano | grande */
  tamanos: jsonb().$type<string[]>().notNull().default([]),
  conNinos: boolean().notNull().default(false),
  conPerros: boolean().notNull().default(false),
  conGatos: boolean().notNull().default(false),
  noDisponible: jsonb().$type<{ desde: string; hasta: string }[]>().notNull().default([]),
  notas: text().notNull().default(''),
  version: integer().notNull().default(1),
  ...timestamps,
});

/**
 * A foster's portal link (DESIGN section 12), owned by the foster-portal module: only the SHA-256 of the token is
 * kept. One active link per person: a new link revokes the previous one.
 */
export const fosterPortalLink = pgTable(
  'foster_portal_link',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    revocadoEn: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('foster_portal_link_token').on(t.tokenHash), index('foster_portal_link_persona').on(t.personaId)],
);

/** A photo of a foster's news: stored under novedades/{folder}/ with its thumbnail. */
export type FosterNewsPhoto = {
  key: string;
  thumbKey: string;
  bytes: number;
  width: number;
  height: number;
  contentHash: string;
  contentType: string;
};

/** News a foster sent through the portal; nothing of it reaches the pet until staff accept it. */
export const fosterNews = pgTable(
  'foster_news',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer().references(() => fosterPortalLink.id, { onDelete: 'set null' }),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    texto: text().notNull().default(''),
    pesoKg: doublePrecision(),
    cuidadoId: integer().references(() => careRecord.id, { onDelete: 'set null' }),
    fotos: jsonb().$type<FosterNewsPhoto[]>().notNull().default([]),
    bytes: integer().notNull().default(0),
    /** pendiente | aceptada | rechazada */
    estado: text().notNull().default('pendiente'),
    decididoPor: text().references(() => user.id, { onDelete: 'set null' }),
    decididoEn: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('foster_news_estado').on(t.estado, t.createdAt),
    index('foster_news_link').on(t.linkId, t.createdAt),
    index('foster_news_persona').on(t.personaId, t.createdAt),
    check('foster_news_estado_check', sql`${t.estado} IN ('pendiente', 'aceptada', 'rechazada')`),
  ],
);

/** Where the signature goes on a document's last page, in PDF points from the page's bottom-left corner. */
export type SignatureArea = { page: number; x: number; y: number; width: number; height: number };

/**
 * A document (DESIGN section 13): the adoption contract of an approved request or the acta of a return, its PDF kept in storage with its
 * SHA-256, and once signed the signed copy (a new key, never overwritten) with its own hash and the evidence.
 */
export const document = pgTable(
  'document',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** contrato_adopcion | acta_devolucion */
    tipo: text().notNull(),
    /** borrador | enviado | firmado | anulado */
    estado: text().notNull().default('borrador'),
    /** A contract's approved request (null for an acta). */
    solicitudId: integer().references(() => adoptionRequest.id, { onDelete: 'restrict' }),
    /** An acta's return movement (`devolucion` with a person; null for a contract). */
    movimientoId: integer().references(() => movement.id, { onDelete: 'restrict' }),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'restrict' }),
    personaId: integer()
      .notNull()
      .references(() => person.id, { onDelete: 'restrict' }),
    titulo: text().notNull(),
    storageKey: text().notNull(),
    sha256: text().notNull(),
    bytes: integer().notNull(),
    firmaArea: jsonb().$type<SignatureArea>().notNull(),
    firmadoKey: text(),
    firmadoSha256: text(),
    firmadoEn: timestamp({ withTimezone: true }),
    /** The signer's full name as typed, and the e-mail the code went to (remote) or the person's (in person). */
    firmanteNombre: text(),
    firmanteEmail: text(),
    firmaPresencial: boolean(),
    presenteId: text().references(() => user.id, { onDelete: 'set null' }),
    presenteNombre: text(),
    firmaIp: text(),
    firmaNavegador: text(),
    anuladoEn: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_solicitud').on(t.solicitudId),
    index('document_persona').on(t.personaId),
    index('document_pet').on(t.petId),
    // At most one live contract (not annulled) per request: a second "Preparar contrato" annuls the first.
    uniqueIndex('document_live_per_request')
      .on(t.solicitudId, t.tipo)
      .where(sql`${t.estado} <> 'anulado'`),
    check('document_estado_check', sql`${t.estado} IN ('borrador', 'enviado', 'firmado', 'anulado')`),
    // At most one live acta (not annulled) per return: preparing again annuls the unsigned one.
    uniqueIndex('document_live_per_movement')
      .on(t.movimientoId)
      .where(sql`${t.estado} <> 'anulado' AND ${t.movimientoId} IS NOT NULL`),
    index('document_movimiento').on(t.movimientoId),
    check('document_tipo_check', sql`${t.tipo} IN ('contrato_adopcion', 'acta_devolucion')`),
    check(
      'document_origin_check',
      sql`(${t.tipo} = 'contrato_adopcion' AND ${t.solicitudId} IS NOT NULL) OR (${t.tipo} = 'acta_devolucion' AND ${t.movimientoId} IS NOT NULL)`,
    ),
    check('document_signed_check', sql`${t.estado} <> 'firmado' OR (${t.firmadoKey} IS NOT NULL AND ${t.firmadoSha256} IS NOT NULL)`),
  ],
);

/** A link to sign a document remotely: the token's hash only; a new link replaces (revokes) the earlier one. */
export const documentLink = pgTable(
  'document_link',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer()
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    revocadoEn: timestamp({ withTimezone: true }),
    /** Wrong codes typed; the fifth locks the link. */
    fallos: integer().notNull().default(0),
    bloqueadoEn: timestamp({ withTimezone: true }),
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_link_token').on(t.tokenHash), index('document_link_document').on(t.documentId)],
);

/** A 6-digit code e-mailed for a link (hashed); the latest one counts, older ones are replaced. */
export const documentCode = pgTable(
  'document_code',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    linkId: integer()
      .notNull()
      .references(() => documentLink.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    enviadoA: text().notNull(),
    venceEn: timestamp({ withTimezone: true }).notNull(),
    usadoEn: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_code_link').on(t.linkId, t.createdAt)],
);

/** The adoption fee, recorded (not charged), one per adoption request. */
export const adoptionFee = pgTable(
  'adoption_fee',
  {
    solicitudId: integer()
      .primaryKey()
      .references(() => adoptionRequest.id, { onDelete: 'restrict' }),
    /** Euro cents. */
    cuotaCentimos: integer().notNull(),
    metodoPago: text().notNull(),
    pagado: boolean().notNull().default(false),
    fechaPago: date({ mode: 'string' }),
    referencia: text().notNull().default(''),
    version: integer().notNull().default(1),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('adoption_fee_amount_check', sql`${t.cuotaCentimos} >= 0 AND ${t.cuotaCentimos} < 10000000`),
    check('adoption_fee_method_check', sql`${t.metodoPago} IN ('transferencia', 'bizum', 'efectivo', 'tarjeta', 'exento')`),
    check('adoption_fee_exempt_check', sql`${t.metodoPago} <> 'exento' OR ${t.cuotaCentimos} = 0`),
  ],
);

/** A photo an adopter sent with a check-in: stored under seguimientos/{folder}/ with its thumbnail. */
export type FollowupPhoto = FosterNewsPhoto;

/**
 * Follow-up after an adoption (DESIGN section 13), owned by the followups module: the check-ins (`seguimiento`)
 * planned when an adoption opens, answered from the adopter's phone through a link whose token only the SHA-256 of
 * is kept, and the adoption's obligations (sterilisation, the microchip's change of owner), reminded once.
 */
export const followup = pgTable(
  'followup',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The `adopcion` movement that planned it. */
    adopcionId: integer()
      .notNull()
      .references(() => movement.id, { onDelete: 'cascade' }),
    petId: integer()
      .notNull()
      .references(() => pet.id, { onDelete: 'cascade' }),
    personaId: integer().references(() => person.id, { onDelete: 'set null' }),
    /** seguimiento | esterilizacion | cambio_titularidad_microchip */
    tipo: text().notNull(),
    vence: date({ mode: 'string' }).notNull(),
    /** pendiente | enviado | respondido | hecho | anulado */
    estado: text().notNull().default('pendiente'),
    tokenHash: text(),
    enlaceVenceEn: timestamp({ withTimezone: true }),
    enviadoEn: timestamp({ withTimezone: true }),
    recordadoEn: timestamp({ withTimezone: true }),
    comoVa: text(),
    comentario: text().notNull().default(''),
    fotos: jsonb().$type<FollowupPhoto[]>().notNull().default([]),
    respondidoEn: timestamp({ withTimezone: true }),
    atendidoEn: timestamp({ withTimezone: true }),
    atendidoPor: text().references(() => user.id, { onDelete: 'set null' }),
    hechoEn: timestamp({ withTimezone: true }),
    hechoPor: text().references(() => user.id, { onDelete: 'set null' }),
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('followup_token').on(t.tokenHash),
    index('followup_estado_vence').on(t.estado, t.vence),
    index('followup_pet').on(t.petId),
    index('followup_persona').on(t.personaId),
    index('followup_adopcion').on(t.adopcionId),
    check('followup_tipo_check', sql`${t.tipo} IN ('seguimiento', 'esterilizacion', 'cambio_titularidad_microchip')`),
    check('followup_estado_check', sql`${t.estado} IN ('pendiente', 'enviado', 'respondido', 'hecho', 'anulado')`),
    check('followup_como_va_check', sql`${t.comoVa} IS NULL OR ${t.comoVa} IN ('bien', 'regular', 'necesito_ayuda')`),
  ],
);
