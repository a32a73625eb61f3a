import { DONATIONS_EXPORT_MAX_ROWS, apiErrorBodySchema, exportFeesQuerySchema, exportGiftsQuerySchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTableExport } from '../../lib/table-export';
import type { DonationsExport } from './donations-export';

const CONTENT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

function describeFormat(format: 'csv' | 'xlsx'): string {
  return (
    (format === 'csv'
      ? "UTF-8 con BOM, encabezados en español, cada celda entre comillas y sin fórmulas (las que lo parecerían llevan ' delante). "
      : 'Una hoja con encabezados en español y todas las celdas como texto. ') +
    'Importes en euros con coma decimal y dos decimales (1234,56), el IBAN enmascarado; fechas en la zona horaria de la organización ' +
    `(también la del nombre del archivo); como mucho ${DONATIONS_EXPORT_MAX_ROWS} filas.`
  );
}

/** The fees and gifts lists as downloads: `GET /api/cuotas.csv|.xlsx` and `GET /api/donativos.csv|.xlsx`, with the lists' filters. */
export function donationsExportRoutes(donationsExport: DonationsExport): FastifyPluginAsyncZod {
  return async (app) => {
    for (const format of ['csv', 'xlsx'] as const) {
      const kind = format === 'csv' ? 'CSV' : 'Excel, .xlsx';
      app.get(
        `/api/cuotas.${format}`,
        {
          config: { access: 'admin' },
          schema: {
            tags: ['Cuotas'],
            summary: `Exportar las cuotas a ${kind} (mismos filtros que la lista)`,
            description: describeFormat(format),
            querystring: exportFeesQuerySchema,
            produces: [CONTENT_TYPES[format]],
            response: errors,
          },
        },
        async (request, reply) => sendTableExport(reply, await donationsExport.feesTable(request.query), { format, base: 'cuotas', sheet: 'Cuotas' }),
      );
      app.get(
        `/api/donativos.${format}`,
        {
          config: { access: 'admin' },
          schema: {
            tags: ['Donativos'],
            summary: `Exportar los donativos a ${kind} (mismos filtros que la lista)`,
            description: describeFormat(format),
            querystring: exportGiftsQuerySchema,
            produces: [CONTENT_TYPES[format]],
            response: errors,
          },
        },
        async (request, reply) =>
          sendTableExport(reply, await donationsExport.giftsTable(request.query), { format, base: 'donativos', sheet: 'Donativos' }),
      );
    }
  };
}
