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
  giftPatchInputSchema,
  giftReturnInputSchema,
  giftSchema,
  giftsResponseSchema,
  listFeesQuerySchema,
  listGiftsQuerySchema,
  modelo182PresentInputSchema,
  modelo182PresentationSchema,
  modelo182QuerySchema,
  modelo182ReviewSchema,
  personIdParamsSchema,
  useSubmittedDataInputSchema,
} from '@refugio/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const admin = { access: 'admin' as const };
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };
const amounts =
  'Los importes son euros con dos decimales como mucho (un número, o un texto como «12,50» o «1.234,56»), guardados en céntimos exactos.';

/** Sends a text file made here (ISO-8859-1) as a download: no response schema describes it. */
function sendFile(reply: FastifyReply, name: string, bytes: Buffer) {
  return reply
    .type('text/plain; charset=iso-8859-1')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(bytes);
}

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

  app.get(
    '/api/fiscal/modelo-182/revision',
    {
      config: admin,
      schema: {
        tags: ['Fiscal'],
        summary: 'Revisar el modelo 182 de un año: quién se declara y quién queda fuera',
        description:
          'Por persona, la suma de sus donativos del año sin contar los anulados ni los devueltos, en céntimos exactos; los anónimos no se declaran. ' +
          'Quedan fuera, con su motivo, quien no tiene NIF válido (sin_nif), quien no tiene código postal válido (sin_codigo_postal) y quien está anonimizada. ' +
          'La recurrencia sale de lo que la persona donó los años anteriores. Año fuera de 2000 al actual: 400.',
        querystring: modelo182QuerySchema,
        response: { 200: modelo182ReviewSchema, ...errors },
      },
    },
    async (request) => service.modelo182Review(request.query.anio),
  );

  app.get(
    '/api/fiscal/modelo-182',
    {
      config: admin,
      schema: {
        tags: ['Fiscal'],
        summary: 'Descargar el fichero del modelo 182 de un año para presentarlo en la AEAT',
        description:
          'Texto de registros de 250 caracteres en ISO-8859-1: el de la entidad y uno por cada persona incluida en la revisión. ' +
          'Sin el NIF de la entidad en Configuración: 409; un dato que el diseño de registro no admite (por ejemplo, el teléfono de la entidad): 400 con el campo.',
        querystring: modelo182QuerySchema,
        produces: ['text/plain'],
        response: errors,
      },
    },
    async (request, reply) => {
      const { anio } = request.query;
      return sendFile(reply, `modelo182_${anio}.txt`, await service.modelo182File(request.user!, anio));
    },
  );

  app.post(
    '/api/fiscal/modelo-182/presentaciones',
    {
      config: admin,
      schema: {
        tags: ['Fiscal'],
        summary: 'Anotar que el modelo 182 de un año se presentó en la AEAT',
        description:
          'Con la fecha de presentación (no futura, del año siguiente al ejercicio en adelante) y el número de justificante (13 cifras que empiezan por 182). ' +
          'Desde entonces, si cambia lo que se declararía (un donativo anulado, un NIF añadido), el archivo del año es una declaración complementaria ' +
          '(solo donantes que faltaban) o sustitutiva (cambia o falta alguno ya declarado), con el justificante anterior, nunca un archivo distinto sin más. ' +
          'Sin cambios desde la última presentación: 409; justificante ya usado: 409.',
        body: modelo182PresentInputSchema,
        response: { 201: modelo182PresentationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.presentModelo182(request.user!, request.body)),
  );

  app.patch(
    '/api/donativos/:id',
    {
      config: admin,
      schema: {
        tags: ['Donativos'],
        summary: 'Marcar un donativo como deducible o no',
        description:
          'Un pago con contraprestación (una entrada a una cena, una cuota de adopción) no es un donativo deducible (Ley 49/2002, art. 24): solo los ' +
          'deducibles entran en el certificado y en el modelo 182. Queda en el historial. Anulado o devuelto, o versión que ya no es la actual: 409.',
        params: giftIdParamsSchema,
        body: giftPatchInputSchema,
        response: { 200: giftSchema, ...errors },
      },
    },
    async (request) => service.patchGift(request.user!, request.params.id, request.body),
  );

  for (const [kind, path, params] of [
    ['donativo', '/api/donativos/:id/usar-datos', giftIdParamsSchema],
    ['cuota', '/api/cuotas/:id/usar-datos', feeIdParamsSchema],
  ] as const) {
    app.post(
      path,
      {
        config: admin,
        schema: {
          tags: [kind === 'cuota' ? 'Cuotas' : 'Donativos'],
          summary: 'Usar en la ficha de la persona los datos enviados desde /colabora',
          description:
            'Un formulario público nunca cambia el NIF, el código postal ni la dirección de una persona que ya existía: quedan en `diferencias`. ' +
            'Esto los aplica a la ficha (todos los que difieren, o los de `campos`), con su historial. Nada que aplicar: 409; un NIF enviado no válido: 400.',
          params,
          body: useSubmittedDataInputSchema,
          response: { 200: kind === 'cuota' ? feeSchema : giftSchema, ...errors },
        },
      },
      async (request) => service.useSubmittedData(request.user!, kind, request.params.id, request.body.campos),
    );
  }
};
