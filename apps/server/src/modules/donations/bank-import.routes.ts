import {
  apiErrorBodySchema,
  bankImportConfirmInputSchema,
  bankImportIdParamsSchema,
  bankImportMessages,
  bankImportResultSchema,
  bankImportSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { readMultipartForm } from '../../lib/multipart-form';
import { MAX_STATEMENT_BYTES } from './bank-statements';

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

/** Bank statements into gifts (DESIGN section 15), for administrators: the dry run, then its confirmation. */
export const bankImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.donationsService;

  app.post(
    '/api/donativos/importar',
    {
      config: admin,
      schema: {
        tags: ['Donativos'],
        summary: 'Leer un extracto bancario (prueba: no guarda ningún donativo)',
        description:
          'Multipart, campo `archivo`: el CSV que exporta el banco (separado por `;` o `,`, fechas dd/mm/aaaa, importes 1.234,56, en UTF-8 o Windows-1252) ' +
          'o un fichero Norma 43; 10 MB como mucho. Responde los ingresos (abonos) con la persona que identifica el IBAN de una de sus cuotas, ' +
          'su NIF, teléfono o correo escritos en el concepto (nunca solo el nombre; si apuntan a más de una persona no hay coincidencia y `aviso` dice por qué), ' +
          'y su estado: nuevo, duplicado (ya registrado con la misma fecha, importe y referencia) o sin_persona. Los cargos no se listan: se cuentan en `ignorados`. ' +
          'Lo leído se guarda 24 horas para confirmarlo sin volver a subir el archivo. Lo que no es un extracto (un PDF, una imagen, texto sin columnas de fecha e importe, ' +
          'un archivo vacío) o no trae ingresos: 400, sin guardar nada. Los IBAN se responden enmascarados.',
        consumes: ['multipart/form-data'],
        response: { 200: bankImportSchema, ...errors },
      },
    },
    async (request) => {
      const { files } = await readMultipartForm(request, {
        fileFields: ['archivo'],
        maxFileBytes: MAX_STATEMENT_BYTES,
        maxFiles: 1,
        tooLargeMessage: bankImportMessages.fileTooBig,
        tooManyMessage: bankImportMessages.oneFileOnly,
      });
      const file = files[0];
      if (!file)
        throw new AppError('VALIDATION_ERROR', { message: bankImportMessages.fileMissing, fieldErrors: { archivo: bankImportMessages.fileMissing } });
      return service.previewImport(request.user!, file);
    },
  );

  app.post(
    '/api/donativos/importar/:id/confirmar',
    {
      config: admin,
      schema: {
        tags: ['Donativos'],
        summary: 'Guardar como donativos los ingresos elegidos de un extracto leído',
        description:
          'Sin `filas`: todos los ingresos nuevos que tienen persona. Con `filas`: esas filas, cada una como número o como `{ fila, personaId }` para asignarla ' +
          '(también una sin_persona) a una persona; una fila elegida sin persona ni coincidencia se guarda como donativo anónimo. Concepto: cuota o apadrinamiento ' +
          'si lo dice la cuota del IBAN o el texto del banco (también teaming), si no donativo; forma de pago bizum si el texto lo dice, si no transferencia. ' +
          'Cada donativo lleva su evento de historial («importado del extracto …, fila …»). Un movimiento ya registrado (misma fecha, importe y referencia) ' +
          'nunca se guarda dos veces, aunque dos personas confirmen a la vez: se cuenta en `duplicados`. Importación inexistente o caducada (24 horas): 404; ' +
          'fila que no es un ingreso del extracto, o persona inexistente o anonimizada: 400, sin guardar nada.',
        params: bankImportIdParamsSchema,
        body: bankImportConfirmInputSchema,
        response: { 200: bankImportResultSchema, ...errors },
      },
    },
    async (request) => service.confirmImport(request.user!, request.params.id, request.body),
  );
};
