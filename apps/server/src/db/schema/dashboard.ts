import { boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
