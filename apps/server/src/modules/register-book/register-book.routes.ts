import {
  apiErrorBodySchema,
  registerBookQuerySchema,
  registerBookResponseSchema,
  registerBookVerificationSchema,
  registerBookVerifyQuerySchema,
} from '@refugio/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeXlsx } from '../../lib/table-export';
import { bookColumns, renderBookPdf } from './register-book-export';
import type { RegisterBookService } from './register-book.service';

const staff = { access: 'staff' as const };
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a file made here as a download, never cached (the JSON schema of the route describes the JSON only). */
function sendFile(reply: FastifyReply, type: string, name: string, bytes: Buffer) {
  return reply.type(type).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store').send(bytes);
}

/** The register book and its check (DESIGN section 16), for administrators and the team. Nothing here writes. */
export function registerBookRoutes(service: RegisterBookService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/libro-registro',
      {
        config: staff,
        schema: {
          tags: ['Libro de registro'],
          summary: 'Libro de registro de un año (JSON, PDF o Excel)',
          description:
            'Una línea por estancia de un animal (de su entrada a su salida), numeradas por año en orden de entrada y nunca renumeradas. ' +
            'Una línea se cierra cuando el animal sale (adopción, traslado, fallecimiento o devolución a su propietario) y su contenido ' +
            'queda congelado con su hash SHA-256 encadenado al de la línea cerrada anterior; una corrección posterior añade una línea ' +
            'de rectificación (`rectifica`). Un año sin datos devuelve el libro vacío; un año que no sea de cuatro cifras: 400. ' +
            '`formato=pdf`: A4 apaisado con el nombre de la organización, sus números de núcleo zoológico y de registro de entidades, ' +
            'y páginas numeradas; `formato=xlsx`: una hoja con las mismas columnas como texto.',
          querystring: registerBookQuerySchema,
          produces: ['application/json', 'application/pdf', XLSX],
          response: { 200: registerBookResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { anio, formato } = request.query;
        const book = await service.book(anio);
        if (formato === 'json') return book;
        if (formato === 'pdf') {
          const pdf = await renderBookPdf(anio, book.organizacion, book.lineas);
          return sendFile(reply, 'application/pdf', `libro-registro-${anio}.pdf`, pdf);
        }
        const xlsx = await writeXlsx(
          {
            columns: bookColumns,
            pages: async function* () {
              yield book.lineas;
            },
            timeZone: 'UTC',
          },
          `Libro ${anio}`,
        );
        return sendFile(reply, XLSX, `libro-registro-${anio}.xlsx`, xlsx);
      },
    );

    app.get(
      '/api/libro-registro/verificar',
      {
        config: staff,
        schema: {
          tags: ['Libro de registro'],
          summary: 'Comprobar la integridad del libro de un año',
          description:
            'Recalcula el hash de cada línea cerrada del año y comprueba que la cadena pasa por ella (el hash de la línea anterior y ' +
            'el `hashAnterior` de la siguiente). `integro: false` con `primeraRota`, el número de la primera línea que no coincide.',
          querystring: registerBookVerifyQuerySchema,
          response: { 200: registerBookVerificationSchema, ...errors },
        },
      },
      async (request) => service.verify(request.query.anio),
    );
  };
}
