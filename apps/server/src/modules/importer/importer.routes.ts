import {
  IMPORT_ZIP_MAX_BYTES,
  apiErrorBodySchema,
  importDryRunSchema,
  importIdParamsSchema,
  importMappingInputSchema,
  importMessages,
  importStatusSchema,
  importTypeSchema,
  importUploadSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { parseFields, readMultipartForm } from '../../lib/multipart-form';
import type { ImporterService } from './importer.service';

const admin = { access: 'admin' as const };
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  413: apiErrorBodySchema,
  415: apiErrorBodySchema,
};
const tipoField = z.object({ tipo: importTypeSchema });

/** The import wizard (DESIGN section 18), for administrators. */
export const importerRoutes =
  (service: ImporterService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/importaciones',
      {
        config: admin,
        schema: {
          tags: ['Importar'],
          summary: 'Subir una hoja de cálculo para importarla (no crea nada todavía)',
          description:
            'Multipart: `archivo` (.xlsx, o .csv en UTF-8 o Windows-1252 separado por `,` o `;`, con o sin BOM; 20 MB como mucho; o un .zip de ' +
            'hasta 200 MB con una sola hoja y las fotos que nombra su columna «Foto», cada una comprobada por su contenido) y `tipo` ' +
            '(mascotas, personas, cuidados —vacunas, desparasitaciones y pesos por fecha— o donativos: donante, fecha, importe, forma de pago, concepto y número de recibo). Responde las columnas (fila 1), una muestra de las primeras filas y la asignación ' +
            'sugerida por las cabeceras en español, las de la exportación CSV de Animal Shelter Manager (ANIMALNAME, ANIMALMICROCHIP, PERSONFIRSTNAME...) ' +
            'y la que se eligió antes para la misma cabecera. Un PDF o una imagen con otra extensión, un .xls o .xlsm (macros), un ZIP con rutas ../, enlaces simbólicos, ' +
            'demasiados archivos o que se descomprime en demasiado, más de 200 columnas o de 50 000 filas: 400, sin guardar nada. El archivo leído se guarda en la base de datos.',
          consumes: ['multipart/form-data'],
          response: { 200: importUploadSchema, ...errors },
        },
      },
      async (request) => {
        const { fields, files } = await readMultipartForm(request, {
          fileFields: ['archivo'],
          maxFileBytes: IMPORT_ZIP_MAX_BYTES,
          maxFiles: 1,
          tooLargeMessage: importMessages.fileTooBig,
          tooManyMessage: importMessages.oneFileOnly,
        });
        const { tipo } = parseFields(tipoField, fields);
        const file = files[0];
        if (!file)
          throw new AppError('VALIDATION_ERROR', { message: importMessages.fileMissing, fieldErrors: { archivo: importMessages.fileMissing } });
        return service.upload(request.user!, tipo, file);
      },
    );

    app.put(
      '/api/importaciones/:id/mapeo',
      {
        config: admin,
        schema: {
          tags: ['Importar'],
          summary: 'Elegir la asignación de columnas y ver la prueba (no guarda ningún registro)',
          description:
            '`mapeo`: columna -> dato (`nombre`, `tipo`, `genero`, `microchip`, `fechaIngreso`...; `` la deja fuera). Responde cuántas filas se crearían, ' +
            'actualizarían u omitirían, los errores por fila (`fila` como en la hoja: la cabecera es la 1; una fila con un error se salta entera) y los ' +
            'duplicados: una mascota por microchip, por su Nº en Refugio o por el código propio del archivo ya importado; una persona por nombre y correo o ' +
            'teléfono (DESIGN 10); un donativo por el número de recibo ya importado o, sin él, por el mismo donante, fecha e importe (el donante se busca ' +
            'por NIF y después por nombre y correo o teléfono; sin ninguno de ellos, el donativo es anónimo; sin forma de pago, transferencia; sin concepto, ' +
            'donativo). Importes como 12,50, 12.50 o 1.234,56 € se guardan en céntimos exactos; uno negativo, cero o que pueda leerse de dos maneras ' +
            '(1.234) se rechaza diciendo cómo escribirlo. Fechas imposibles (30/02), fechas que pueden leerse de dos maneras sin `formatoFecha`, microchips convertidos en número ' +
            '(9,41E+14) o sin sus ceros de delante se rechazan diciendo cómo corregirlos. La asignación se recuerda para la próxima hoja con esas cabeceras.',
          params: importIdParamsSchema,
          body: importMappingInputSchema,
          response: { 200: importDryRunSchema, ...errors },
        },
      },
      async (request) => service.setMapping(request.params.id, request.body),
    );

    app.post(
      '/api/importaciones/:id/confirmar',
      {
        config: admin,
        schema: {
          tags: ['Importar'],
          summary: 'Importar (trabajo en segundo plano)',
          description:
            'Importa con la última asignación probada, como trabajo duradero: sigue tras un reinicio y hace cada fila una sola vez. Cada registro creado dice ' +
            'en su historial «importado de {archivo}, fila {n}». Importar dos veces el mismo archivo no crea nada nuevo. Sin prueba previa, o ya confirmada: 409.',
          params: importIdParamsSchema,
          response: { 202: importStatusSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(202).send(await service.confirm(request.params.id)),
    );

    app.get(
      '/api/importaciones/:id',
      {
        config: admin,
        schema: {
          tags: ['Importar'],
          summary: 'Estado y progreso de una importación',
          params: importIdParamsSchema,
          response: { 200: importStatusSchema, ...errors },
        },
      },
      async (request) => service.status(request.params.id),
    );

    app.post(
      '/api/importaciones/:id/deshacer',
      {
        config: admin,
        schema: {
          tags: ['Importar'],
          summary: 'Deshacer una importación',
          description:
            'Quita lo que la importación creó y no ha cambiado desde entonces (las mascotas quedan eliminadas como al borrarlas de la lista; las personas ' +
            'se borran si nada las enlaza; el dinero nunca se borra: los donativos quedan anulados, con el motivo en su historial, y sus donantes nuevos se ' +
            'conservan); lo que cambió se conserva y se cuenta en `conservados`. Lo que completó en personas ya existentes no se deshace. ' +
            'Solo una importación terminada o fallida (si no, 409); de donativos, tampoco si alguno ya consta en un certificado de donaciones (409, sin cambiar nada).',
          params: importIdParamsSchema,
          response: { 200: importStatusSchema, ...errors },
        },
      },
      async (request) => service.undo(request.params.id),
    );
  };
