import {
  apiErrorBodySchema,
  listRemesasQuerySchema,
  remesaIdParamsSchema,
  remesaInputSchema,
  remesaPreviewSchema,
  remesaSchema,
  remesasResponseSchema,
} from '@refugio/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const admin = { access: 'admin' as const };
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  422: apiErrorBodySchema,
};
const settings =
  'Sin el nombre de la organización, su NIF, el identificador de acreedor SEPA o el IBAN de abono en Configuración: 409 diciendo qué falta.';
const due =
  'Entran las cuotas domiciliadas activas (o de baja con su último día aún por llegar) de personas no anonimizadas a las que la fecha de cobro ' +
  'cae en un periodo (mensual, trimestral, semestral o anual, contado desde su inicio) que ninguna remesa anterior ha cobrado; ' +
  'los periodos que no se cobraron no se recuperan. FRST en el primer adeudo de un mandato, RCUR en los siguientes.';

/** Sends the bank file as a download: no response schema describes it. */
function sendXml(reply: FastifyReply, name: string, xml: string) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(xml);
}

/** SEPA direct-debit batches (DESIGN section 15), for administrators. */
export const remesasRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.donationsService;

  app.get(
    '/api/remesas/previsualizacion',
    {
      config: admin,
      schema: {
        tags: ['Remesas'],
        summary: 'Ver qué cuotas cobraría una remesa en una fecha, sin crearla',
        description: `${due} No guarda nada. Fecha inválida o anterior a hoy (zona horaria de la organización): 400. ${settings}`,
        querystring: remesaInputSchema,
        response: { 200: remesaPreviewSchema, ...errors },
      },
    },
    async (request) => service.previewRemesa(request.query.fechaCobro),
  );

  app.post(
    '/api/remesas',
    {
      config: admin,
      schema: {
        tags: ['Remesas'],
        summary: 'Emitir una remesa de recibos domiciliados (SEPA) para una fecha de cobro',
        description:
          `${due} En una sola transacción crea la remesa y, por cada cuota, un donativo registrado (concepto cuota, o apadrinamiento con su mascota; ` +
          'método domiciliación; su referencia es el identificador del adeudo), de modo que una devolución se registra con POST /api/donativos/{id}/devolucion. ' +
          'Un periodo de una cuota se cobra una sola vez aunque dos personas emitan remesas a la vez. ' +
          `Fecha inválida o anterior a hoy: 400. Ninguna cuota que cobrar: 422. ${settings} Una cuota cuyos datos no admite SEPA: 409 nombrándola, sin crear nada.`,
        body: remesaInputSchema,
        response: { 201: remesaSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createRemesa(request.user!, request.body.fechaCobro)),
  );

  app.get(
    '/api/remesas',
    {
      config: admin,
      schema: {
        tags: ['Remesas'],
        summary: 'Remesas emitidas, la fecha de cobro más reciente primero',
        querystring: listRemesasQuerySchema,
        response: { 200: remesasResponseSchema, ...errors },
      },
    },
    async (request) => service.listRemesas(request.query),
  );

  app.get(
    '/api/remesas/:id',
    {
      config: admin,
      schema: {
        tags: ['Remesas'],
        summary: 'Una remesa con sus cuotas (IBAN enmascarado) y el estado de cada cobro',
        params: remesaIdParamsSchema,
        response: { 200: remesaSchema, ...errors },
      },
    },
    async (request) => service.getRemesa(request.params.id),
  );

  app.get(
    '/api/remesas/:id/xml',
    {
      config: admin,
      schema: {
        tags: ['Remesas'],
        summary: 'Descargar el fichero SEPA (ISO 20022 pain.008.001.02, esquema CORE) de una remesa para el banco',
        description:
          'El único sitio donde los IBAN van enteros. Los datos del acreedor son los de Configuración cuando se emitió la remesa, así que el fichero es siempre el mismo.',
        params: remesaIdParamsSchema,
        produces: ['application/xml'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { name, xml } = await service.remesaXml(request.params.id);
      return sendXml(reply, name, xml);
    },
  );
};
