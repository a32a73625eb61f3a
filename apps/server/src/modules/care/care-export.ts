import { type CareType, apiErrorBodySchema, careTypeLabels } from '@refugio/contracts';
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { careRecord, pet } from '../../db/schema';
import { type ExportColumn, pagesById, sendTableExport } from '../../lib/table-export';
import type { TimeZoneSource } from '../organization/organization.port';

/** At most this many records in one export. */
export const CARE_EXPORT_MAX_ROWS = 200_000;

interface ExportedCare {
  id: number;
  petId: number;
  microchip: string | null;
  tipo: string;
  nombre: string;
  fecha: string | null;
  pesoKg: number | null;
  lote: string;
  veterinario: string;
  notas: string;
}

/**
 * The columns of the care export, named as the import wizard reads a care sheet (DESIGN section 18): the file goes
 * back in without touching the mapping, each record matched to its pet by microchip or Nº, and into the same
 * organisation it creates nothing (the pet has that record on that day already).
 */
const columns: ExportColumn<ExportedCare>[] = [
  { header: 'Nº', value: (row) => row.petId, width: 8 },
  { header: 'Microchip', value: (row) => row.microchip, width: 17 },
  { header: 'Tipo', value: (row) => careTypeLabels[row.tipo as CareType] ?? row.tipo, width: 22 },
  { header: 'Vacuna o producto', value: (row) => row.nombre, width: 24 },
  { header: 'Fecha', value: (row) => row.fecha, width: 12 },
  { header: 'Peso (kg)', value: (row) => (row.pesoKg === null ? null : String(row.pesoKg).replace('.', ',')), width: 8 },
  { header: 'Lote', value: (row) => row.lote, width: 12 },
  { header: 'Veterinario/a', value: (row) => row.veterinario, width: 20 },
  { header: 'Notas', value: (row) => row.notas, width: 40 },
];

async function exportPage(db: Database, afterId: number, limit: number): Promise<ExportedCare[]> {
  return db
    .select({
      id: careRecord.id,
      petId: careRecord.petId,
      microchip: pet.microchip,
      tipo: careRecord.tipo,
      nombre: careRecord.nombre,
      fecha: careRecord.fechaRealizada,
      pesoKg: careRecord.pesoKg,
      lote: careRecord.lote,
      veterinario: careRecord.veterinario,
      notas: careRecord.notas,
    })
    .from(careRecord)
    .innerJoin(pet, and(eq(pet.id, careRecord.petId), isNull(pet.deletedAt)))
    .where(and(isNotNull(careRecord.fechaRealizada), gt(careRecord.id, afterId)))
    .orderBy(asc(careRecord.id))
    .limit(limit);
}

/** `GET /api/salud.csv` and `.xlsx`: every done care record (vaccines, dewormings, weights...) of the pets not deleted. */
export function careExportRoutes({ db, timeZone }: { db: Database; timeZone: TimeZoneSource }): FastifyPluginAsyncZod {
  return async (app) => {
    for (const format of ['csv', 'xlsx'] as const) {
      app.get(
        `/api/salud.${format}`,
        {
          config: { access: 'staff' },
          schema: {
            tags: ['Salud'],
            summary: format === 'csv' ? 'Exportar los cuidados hechos a CSV' : 'Exportar los cuidados hechos a Excel, .xlsx',
            description:
              (format === 'csv'
                ? "UTF-8 con BOM, cada celda entre comillas y sin fórmulas (las que lo parecerían llevan ' delante). "
                : 'Una hoja con todas las celdas como texto. ') +
              'Vacunas, desparasitaciones, pesos y demás cuidados ya hechos, uno por fila, con el Nº y el microchip de la mascota. Las cabeceras son ' +
              'las que lee el asistente de importación (tipo «cuidados»): el archivo vuelve a importarse sin tocar la asignación, y en la misma ' +
              `organización no crea nada. Para quien importa (administración y coordinación); como mucho ${CARE_EXPORT_MAX_ROWS} filas.`,
            produces: [format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
            response: { 401: apiErrorBodySchema, 403: apiErrorBodySchema },
          },
        },
        async (_request, reply) =>
          sendTableExport(
            reply,
            { columns, pages: () => pagesById((afterId, limit) => exportPage(db, afterId, limit), CARE_EXPORT_MAX_ROWS), timeZone: await timeZone() },
            { format, base: 'cuidados', sheet: 'Cuidados' },
          ),
      );
    }
  };
}
