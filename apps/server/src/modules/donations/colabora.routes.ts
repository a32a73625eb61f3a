import {
  apiErrorBodySchema,
  colaboraInputSchema,
  colaboraPageSchema,
  colaboraResultSchema,
  confirmPendingInputSchema,
  feeIdParamsSchema,
  feeSchema,
  giftConfirmInputSchema,
  giftIdParamsSchema,
  giftSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ColaboraService } from './colabora.service';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** The public page `/colabora` (DESIGN section 15) and the administrators' confirmation of what it stores. */
export function colaboraRoutes(service: ColaboraService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/public/colabora',
      {
        config: { access: 'public' },
        schema: {
          tags: ['Público'],
          summary: 'Lo que muestra la página Colabora',
          description:
            'El nombre de la organización, si está acogida a la Ley 49/2002, los textos de la orden de domiciliación SEPA y del aviso de privacidad ' +
            '(las plantillas colabora_mandato y colabora_privacidad, con sus textos por defecto), los importes sugeridos y los animales del catálogo público que se pueden apadrinar.',
          response: { 200: colaboraPageSchema },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-cache');
        return service.page();
      },
    );

    app.post(
      '/api/public/colabora',
      {
        // Strangers submit from phones: PUBLIC_SUBMISSIONS_PER_HOUR per address on top of the general budget.
        config: { access: 'public', budget: 'publicSubmission', crossSite: true },
        bodyLimit: 16 * 1024,
        schema: {
          tags: ['Público'],
          summary: 'Hacerse socio, apadrinar o donar una vez, por domiciliación SEPA',
          description:
            'JSON. Crea (o vincula, por la regla de DESIGN 10) la persona con su NIF y código postal, y una cuota pendiente (socio, padrino) o un donativo pendiente (donativo), ' +
            'con el mandato SEPA firmado hoy y una referencia nueva; el equipo lo confirma. Socio y padrino necesitan la periodicidad; el padrino, un animal del catálogo público (otro: 404). ' +
            'consentimientoMandato y privacidad deben ser true. Datos no válidos: 400 con `fieldErrors`. La respuesta lleva el IBAN enmascarado. ' +
            'El campo `sitioWeb` es una trampa para robots: si llega con texto, responde 201 con `id` 0 y no guarda nada.',
          body: colaboraInputSchema,
          response: { 201: colaboraResultSchema, 400: apiErrorBodySchema, 404: apiErrorBodySchema, 413: apiErrorBodySchema, 415: apiErrorBodySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.join(request.body)),
    );

    app.post(
      '/api/cuotas/:id/confirmar',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['Cuotas'],
          summary: 'Confirmar una cuota pendiente (de la página Colabora)',
          description:
            'La cuota pasa de pendiente a activa. Ya activa, de baja, o con una versión que ya no es la actual: 409. Para rechazarla, dala de baja (POST /api/cuotas/{id}/baja).',
          params: feeIdParamsSchema,
          body: confirmPendingInputSchema,
          response: { 200: feeSchema, ...errors },
        },
      },
      async (request) => service.confirmFee(request.user!, request.params.id, request.body.version),
    );

    app.post(
      '/api/donativos/:id/confirmar',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['Donativos'],
          summary: 'Confirmar un donativo único pendiente (de la página Colabora), una vez cobrado',
          description:
            'El donativo pasa de pendiente a registrado, con la fecha del cobro (no futura; sin ella, la del día en que se prometió). Ya registrado, anulado, o con una versión que ya no es la actual: 409. ' +
            'Para rechazarlo, anúlalo (POST /api/donativos/{id}/anular).',
          params: giftIdParamsSchema,
          body: giftConfirmInputSchema,
          response: { 200: giftSchema, ...errors },
        },
      },
      async (request) => service.confirmGift(request.user!, request.params.id, request.body),
    );
  };
}
