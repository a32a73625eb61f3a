import {
  apiErrorBodySchema,
  donationCertificateQuerySchema,
  feeIdParamsSchema,
  feePatchInputSchema,
  feePetInputSchema,
  feeSchema,
  personIdParamsSchema,
  sendCertificatesInputSchema,
  sendCertificatesResponseSchema,
} from '@refugio/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const admin = { access: 'admin' as const };
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** Sends a PDF made here as a download: no response schema describes it. */
function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** The donors' certificates and what staff change of a sponsorship (DESIGN section 15), for administrators. */
export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.donationsService;

  app.get(
    '/api/personas/:id/certificado-donaciones',
    {
      config: admin,
      schema: {
        tags: ['Fiscal'],
        summary: 'Certificado de donaciones de una persona y un año (PDF)',
        description:
          'Lo que pide el artículo 6 del Real Decreto 1270/2003: NIF, nombre y dirección de la entidad y que está acogida a la Ley 49/2002; ' +
          'NIF y nombre de quien dona; fecha e importe de cada donativo del año (sin los anulados ni los devueltos) y su total; ' +
          'que la donación es irrevocable; lugar y fecha de emisión. La entidad sin la Ley 49/2002 marcada en Configuración, sin NIF o ' +
          'sin nombre: 409. Persona sin NIF válido o anonimizada: 409; sin donativos ese año: 404. Año fuera de 2000 al actual: 400.',
        params: personIdParamsSchema,
        querystring: donationCertificateQuerySchema,
        produces: ['application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.certificatePdf(request.params.id, request.query.anio);
      return sendPdf(reply, fileName, pdf);
    },
  );

  app.post(
    '/api/certificados-donaciones/enviar',
    {
      config: admin,
      schema: {
        tags: ['Fiscal'],
        summary: 'Enviar por correo el certificado de donaciones de un año a cada donante',
        description:
          'Programa un envío por persona con donativos registrados ese año, NIF válido, correo y consentimiento para recibir correos ' +
          '(plantilla certificado_donaciones, con el PDF adjunto). Cada certificado se envía una sola vez: llamar de nuevo no repite ' +
          'los ya programados o enviados (yaProgramados). Responde 202 en cuanto quedan programados; los correos salen por la cola de ' +
          'trabajos, con reintentos. excluidos dice a quién no se envía y por qué.',
        body: sendCertificatesInputSchema,
        response: { 202: sendCertificatesResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await service.sendCertificates(request.user!, request.body.anio)),
  );

  app.patch(
    '/api/cuotas/:id',
    {
      config: admin,
      schema: {
        tags: ['Cuotas'],
        summary: 'Cambiar si un padrino recibe las novedades de su mascota',
        description:
          'recibirNovedades: false deja de enviarle el correo semanal de novedades (plantilla padrino_novedad). Con una versión que ya no es la actual: 409.',
        params: feeIdParamsSchema,
        body: feePatchInputSchema,
        response: { 200: feeSchema, ...errors },
      },
    },
    async (request) => service.patchFee(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/cuotas/:id/mascota',
    {
      config: admin,
      schema: {
        tags: ['Cuotas'],
        summary: 'Pasar un apadrinamiento a otra mascota (con el consentimiento de la persona)',
        description:
          'Cuando la mascota apadrinada fue adoptada o falleció, la cuota queda marcada (requiereDecision) y nada cambia hasta que el equipo, ' +
          'con el consentimiento de la persona, la pasa a otra mascota que siga en la protectora o la da de baja. ' +
          'No es un apadrinamiento, está de baja, es la misma mascota o la versión no es la actual: 409; mascota no disponible: 400.',
        params: feeIdParamsSchema,
        body: feePetInputSchema,
        response: { 200: feeSchema, ...errors },
      },
    },
    async (request) => service.changePet(request.user!, request.params.id, request.body),
  );
};
