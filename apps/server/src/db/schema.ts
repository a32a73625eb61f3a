import { type SQL, sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** Accent- and case-folded text searched by the list (trigram index). */
    searchText: text().generatedAlwaysAs(
      (): SQL => sql`refugio_fold(${pet.nombre} || ' ' || ${pet.historia} || ' ' || ${pet.personalidad} || ' ' || ${pet.tags}::text)`,
    ),
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
    createdBy: text().references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('enlace_registro_paquete').on(t.paqueteId),
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
