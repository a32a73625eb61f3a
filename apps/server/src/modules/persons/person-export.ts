import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '@refugio/contracts';
import { and, asc, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { person } from '../../db/schema';
import { type ExportColumn, pagesById, sendTableExport } from '../../lib/table-export';
import type { TimeZoneSource } from '../organization/organization.port';

/** At most this many persons in one export. */
export const PERSON_EXPORT_MAX_ROWS = 50_000;

type ExportedPerson = Pick<
  typeof person.$inferSelect,
  'id' | 'nombre' | 'apellidos' | 'email' | 'telefono' | 'documento' | 'nif' | 'direccion' | 'ciudad' | 'codigoPostal' | 'roles'
>;

/**
 * The columns of the persons' export, named as the import wizard reads them (DESIGN section 18): the file goes back
 * in without touching the mapping, and into the same organisation it matches every person (the linking rule of
 * section 10) and creates nothing.
 */
const columns: ExportColumn<ExportedPerson>[] = [
  { header: 'Nº', value: (row) => row.id, width: 8 },
  { header: 'Nombre', value: (row) => row.nombre, width: 18 },
  { header: 'Apellidos', value: (row) => row.apellidos, width: 24 },
  { header: 'Correo electrónico', value: (row) => row.email, width: 28 },
  { header: 'Teléfono', value: (row) => row.telefono, width: 16 },
  { header: 'DNI/NIE', value: (row) => row.documento, width: 12 },
  { header: 'NIF', value: (row) => row.nif, width: 12 },
  { header: 'Dirección', value: (row) => row.direccion, width: 30 },
  { header: 'Ciudad', value: (row) => row.ciudad, width: 16 },
  { header: 'Código postal', value: (row) => row.codigoPostal, width: 8 },
  { header: 'Roles', value: (row) => row.roles.join(', '), width: 24 },
];

async function exportPage(db: Database, afterId: number, limit: number): Promise<ExportedPerson[]> {
  return db
    .select({
      id: person.id,
      nombre: person.nombre,
      apellidos: person.apellidos,
      email: person.email,
      telefono: person.telefono,
      documento: person.documento,
      nif: person.nif,
      direccion: person.direccion,
      ciudad: person.ciudad,
      codigoPostal: person.codigoPostal,
      roles: person.roles,
    })
    .from(person)
    .where(and(isNull(person.anonimizadaEn), gt(person.id, afterId)))
    .orderBy(asc(person.id))
    .limit(limit);
}

/** `GET /api/personas.csv` and `.xlsx`: every person not anonymised, for moving the data elsewhere (or back). */
export function personExportRoutes({ db, timeZone }: { db: Database; timeZone: TimeZoneSource }): FastifyPluginAsyncZod {
  return async (app) => {
    for (const format of ['csv', 'xlsx'] as const) {
      app.get(
        `/api/personas.${format}`,
        {
          config: { access: 'staff' },
          schema: {
            tags: ['Personas'],
            summary: format === 'csv' ? 'Exportar las personas a CSV' : 'Exportar las personas a Excel, .xlsx',
            description:
              (format === 'csv'
                ? "UTF-8 con BOM, cada celda entre comillas y sin fórmulas (las que lo parecerían llevan ' delante). "
                : 'Una hoja con todas las celdas como texto. ') +
              'Las cabeceras son las que lee el asistente de importación, así que el archivo vuelve a importarse sin tocar la asignación ' +
              `(en la misma organización no crea nada: cada persona se reconoce por su nombre y su correo o teléfono). Para quien importa (administración y coordinación), sin las personas anonimizadas; como mucho ${PERSON_EXPORT_MAX_ROWS} filas.`,
            produces: [format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
            response: { 401: apiErrorBodySchema, 403: apiErrorBodySchema },
          },
        },
        async (_request, reply) =>
          sendTableExport(
            reply,
            {
              columns,
              pages: () => pagesById((afterId, limit) => exportPage(db, afterId, limit), PERSON_EXPORT_MAX_ROWS),
              timeZone: await timeZone(),
            },
            { format, base: 'personas', sheet: 'Personas' },
          ),
      );
    }
  };
}
