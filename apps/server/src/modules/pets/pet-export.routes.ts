import { PET_EXPORT_MAX_ROWS, apiErrorBodySchema, listPetsQuerySchema } from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTableExport } from '../../lib/table-export';
import type { PetExport } from './pet-export';
import { gatherCustomFieldQuery } from './pets.routes';

const CONTENT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The pet list as a download: `GET /api/mascotas.csv` and `GET /api/mascotas.xlsx`, with the list's filters. */
export function petExportRoutes(petExport: PetExport): FastifyPluginAsyncZod {
  return async (app) => {
    const query = listPetsQuerySchema.omit({ sort: true, order: true, page: true, pageSize: true });
    for (const format of ['csv', 'xlsx'] as const) {
      app.get(
        `/api/mascotas.${format}`,
        {
          config: { access: 'staff' },
          schema: {
            tags: ['Mascotas'],
            summary:
              format === 'csv'
                ? 'Exportar la lista de mascotas a CSV (mismos filtros)'
                : 'Exportar la lista de mascotas a Excel, .xlsx (mismos filtros)',
            description:
              (format === 'csv'
                ? "UTF-8 con BOM, encabezados en español, cada celda entre comillas y sin fórmulas (las que lo parecerían llevan ' delante). "
                : 'Una hoja con encabezados en español y todas las celdas como texto. ') +
              `Fechas en la zona horaria de la organización (también la del nombre del archivo); como mucho ${PET_EXPORT_MAX_ROWS} filas. Una columna por cada campo propio de los animales, con su nombre de encabezado (los archivados también, marcados «(archivado)»: un valor guardado nunca se pierde).`,
            querystring: query,
            produces: [CONTENT_TYPES[format]],
            response: { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
          },
          preValidation: gatherCustomFieldQuery,
        },
        async (request, reply) => sendTableExport(reply, await petExport.exportTable(request.query), { format, base: 'mascotas', sheet: 'Mascotas' }),
      );
    }
  };
}
