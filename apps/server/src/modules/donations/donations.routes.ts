import {
  apiErrorBodySchema,
  feeIdParamsSchema,
  feeInputSchema,
  feeLeaveInputSchema,
  feeSchema,
  feesResponseSchema,
  giftAnnulInputSchema,
  giftIdParamsSchema,
  giftInputSchema,
  giftReturnInputSchema,
  giftSchema,
  giftsResponseSchema,
  listFeesQuerySchema,
  listGiftsQuerySchema,
  personIdParamsSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const admin = { access: 'admin' as const };
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const amounts =
  'Los importes son euros con dos decimales como mucho (un número, o un texto como «12,50» o «1.234,56»), guardados en céntimos exactos.';

/** Members' fees, sponsorships and the money received (DESIGN section 15), for administrators. */
export const donationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.donationsService;

  app.post(
    '/api/personas/:id/cuotas',
    {
      config: admin,
      schema: {
        tags: ['Cuotas'],
        summary: 'Dar de alta una cuota de socio o un apadrinamiento',
        description:
          `${amounts} La cuota queda activa y la persona pasa a tener el rol socio o padrino. Un padrino necesita una mascota no eliminada; ` +
          'la domiciliación necesita un IBAN válido y el mandato SEPA firmado (referencia y fecha de firma, no futura), y solo ella los admite. ' +
          'El IBAN se responde enmascarado. Persona inexistente: 404; anonimizada: 409.',
        params: personIdParamsSchema,
        body: feeInputSchema,
        response: { 201: feeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createFee(request.user!, request.params.id, request.body)),
  );

  app.post(
    '/api/cuotas/:id/baja',
    {
      config: admin,
      schema: {
        tags: ['Cuotas'],
        summary: 'Dar de baja una cuota',
        description: 'La fecha es el último día de la cuota, no anterior a su inicio. Ya de baja, o con una versión que ya no es la actual: 409.',
        params: feeIdParamsSchema,
        body: feeLeaveInputSchema,
        response: { 200: feeSchema, ...errors },
      },
    },
    async (request) => service.leaveFee(request.user!, request.params.id, request.body),
  );

  app.get(
    '/api/cuotas',
    {
      config: admin,
      schema: {
        tags: ['Cuotas'],
        summary: 'Cuotas de socios y apadrinamientos, las más recientes primero',
        querystring: listFeesQuerySchema,
        response: { 200: feesResponseSchema, ...errors },
      },
    },
    async (request) => service.listFees(request.query),
  );

  app.post(
    '/api/donativos',
    {
      config: admin,
      schema: {
        tags: ['Donativos'],
        summary: 'Registrar un donativo o un cobro',
        description:
          `${amounts} Sin persona es anónimo; con ella, pasa a tener el rol donante si no es ya socio ni padrino. ` +
          'La fecha no puede ser futura (en la zona horaria de la organización); la cuota, si se indica, ha de ser de esa persona.',
        body: giftInputSchema,
        response: { 201: giftSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createGift(request.user!, request.body)),
  );

  app.get(
    '/api/donativos',
    {
      config: admin,
      schema: {
        tags: ['Donativos'],
        summary: 'Donativos y cobros, los más recientes primero, con la suma de los que cumplen el filtro',
        description: 'importeTotal suma, en céntimos exactos, los donativos que cumplen el filtro sin contar los anulados ni los devueltos.',
        querystring: listGiftsQuerySchema,
        response: { 200: giftsResponseSchema, ...errors },
      },
    },
    async (request) => service.listGifts(request.query),
  );

  app.post(
    '/api/donativos/:id/anular',
    {
      config: admin,
      schema: {
        tags: ['Donativos'],
        summary: 'Anular un donativo (se conserva con estado anulado; nunca se borra)',
        description: 'Ya anulado o devuelto, o con una versión que ya no es la actual: 409.',
        params: giftIdParamsSchema,
        body: giftAnnulInputSchema,
        response: { 200: giftSchema, ...errors },
      },
    },
    async (request) => service.annulGift(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/donativos/:id/devolucion',
    {
      config: admin,
      schema: {
        tags: ['Donativos'],
        summary: 'Registrar la devolución de un cobro domiciliado',
        description: 'Solo para donativos cobrados por domiciliación; ya anulado o devuelto, o con una versión que ya no es la actual: 409.',
        params: giftIdParamsSchema,
        body: giftReturnInputSchema,
        response: { 200: giftSchema, ...errors },
      },
    },
    async (request) => service.returnGift(request.user!, request.params.id, request.body),
  );
};
