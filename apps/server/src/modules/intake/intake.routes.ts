import {
  HONEYPOT_FIELD,
  apiErrorBodySchema,
  approveRequestInputSchema,
  approveRequestResultSchema,
  createLinkInputSchema,
  extendLinkInputSchema,
  intakeMessages,
  linkCheckSchema,
  linkIdParamsSchema,
  linkSchema,
  listLinksQuerySchema,
  listLinksResponseSchema,
  listPackagesQuerySchema,
  listPackagesResponseSchema,
  listPublicationRequestsQuerySchema,
  listPublicationRequestsResponseSchema,
  numericIdParamsSchema,
  packageInputSchema,
  packageSchema,
  publicLinkParamsSchema,
  publicationRequestSchema,
  type RegistrationFields,
  registrationFieldsSchema,
  registrationResultSchema,
  rejectRequestInputSchema,
  requestMediaParamsSchema,
  updatePackageInputSchema,
} from '@refugio/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseFields } from '../../lib/multipart-form';
import { sendStoredObject } from '../../lib/send-stored-object';
import { deleteFolder, receiveRegistrationForm } from './registration-form';
import { newRequestFolder } from '../../media/request-storage-keys';

/** Thrown by the form reader's field check when the honeypot is filled: the route answers like a success. */
class HoneypotFilled extends Error {}

const staff = { access: 'staff' as const };
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  413: apiErrorBodySchema,
  415: apiErrorBodySchema,
  422: apiErrorBodySchema,
};

/**
 * Intake from outside rescuers (DESIGN sections 5 and 7): packages and registration links (staff), the
 * public link check and registration, and the publication requests staff review.
 */
export const intakeRoutes: FastifyPluginAsyncZod = async (app) => {
  const packages = app.packagesService;
  const links = app.linksService;
  const requests = app.publicationRequestsService;

  /* ------------------------------------------------------------------ packages */
  const packageTags = ['Paquetes'];

  app.get(
    '/api/paquetes',
    {
      config: staff,
      schema: {
        tags: packageTags,
        summary: 'Paquetes, con cuántos enlaces usa cada uno',
        querystring: listPackagesQuerySchema,
        response: { 200: listPackagesResponseSchema, ...errors },
      },
    },
    async (request) => packages.list(request.query.archivados === '1'),
  );

  app.post(
    '/api/paquetes',
    {
      config: staff,
      schema: { tags: packageTags, summary: 'Crear un paquete', body: packageInputSchema, response: { 201: packageSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await packages.create(request.user!, request.body)),
  );

  app.get(
    '/api/paquetes/:id',
    {
      config: staff,
      schema: { tags: packageTags, summary: 'Un paquete', params: numericIdParamsSchema, response: { 200: packageSchema, ...errors } },
    },
    async (request) => packages.get(request.params.id),
  );

  app.patch(
    '/api/paquetes/:id',
    {
      config: staff,
      schema: {
        tags: packageTags,
        summary: 'Editar un paquete',
        description: 'Los enlaces ya emitidos conservan el cupo y la vigencia con que se emitieron.',
        params: numericIdParamsSchema,
        body: updatePackageInputSchema,
        response: { 200: packageSchema, ...errors },
      },
    },
    async (request) => packages.update(request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/paquetes/:id/archivar',
    {
      config: staff,
      schema: {
        tags: packageTags,
        summary: 'Archivar un paquete (no emite más enlaces; los emitidos siguen valiendo)',
        params: numericIdParamsSchema,
        response: { 200: packageSchema, ...errors },
      },
    },
    async (request) => packages.setArchived(request.user!, request.params.id, true),
  );

  app.post(
    '/api/paquetes/:id/restaurar',
    {
      config: staff,
      schema: {
        tags: packageTags,
        summary: 'Sacar un paquete del archivo',
        params: numericIdParamsSchema,
        response: { 200: packageSchema, ...errors },
      },
    },
    async (request) => packages.setArchived(request.user!, request.params.id, false),
  );

  /* ------------------------------------------------------------------ registration links */
  const linkTags = ['Enlaces de registro'];

  app.get(
    '/api/enlaces',
    {
      config: staff,
      schema: {
        tags: linkTags,
        summary: 'Enlaces de registro, los más nuevos primero',
        querystring: listLinksQuerySchema,
        response: { 200: listLinksResponseSchema, ...errors },
      },
    },
    async (request) => links.list(request.query),
  );

  app.post(
    '/api/enlaces',
    {
      config: staff,
      schema: {
        tags: linkTags,
        summary: 'Emitir un enlace con un paquete para una persona',
        description: 'El enlace copia el cupo del paquete y vence a los `diasVigencia` días. Su id es un token aleatorio de 144 bits.',
        body: createLinkInputSchema,
        response: { 201: linkSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await links.create(request.user!, request.body)),
  );

  app.get(
    '/api/enlaces/:id',
    {
      config: staff,
      schema: { tags: linkTags, summary: 'Un enlace y su uso', params: linkIdParamsSchema, response: { 200: linkSchema, ...errors } },
    },
    async (request) => links.get(request.params.id),
  );

  app.post(
    '/api/enlaces/:id/revocar',
    { config: staff, schema: { tags: linkTags, summary: 'Revocar un enlace', params: linkIdParamsSchema, response: { 200: linkSchema, ...errors } } },
    async (request) => links.revoke(request.user!, request.params.id),
  );

  app.post(
    '/api/enlaces/:id/extender',
    {
      config: staff,
      schema: {
        tags: linkTags,
        summary: 'Extender la vigencia de un enlace',
        description: 'Suma `dias` a la fecha de vencimiento (a partir de hoy si ya venció).',
        params: linkIdParamsSchema,
        body: extendLinkInputSchema,
        response: { 200: linkSchema, ...errors },
      },
    },
    async (request) => links.extend(request.user!, request.params.id, request.body.dias),
  );

  /* ------------------------------------------------------------------ public: link check and registration */
  const publicTags = ['Registro público'];

  app.get(
    '/api/public/enlaces/:linkId',
    {
      config: { access: 'public' },
      schema: {
        tags: publicTags,
        summary: 'Comprobar un enlace de registro',
        description: 'Responde `{ valido: true, destinatario, restantes, venceEn }` o `{ valido: false, motivo, mensaje }`.',
        params: publicLinkParamsSchema,
        response: { 200: linkCheckSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return links.check(request.params.linkId);
    },
  );

  app.post(
    '/api/public/registro-mascota',
    {
      // Strangers submit from phones: PUBLIC_SUBMISSIONS_PER_HOUR per address on top of the general budget.
      config: { access: 'public', budget: 'publicSubmission', crossSite: true },
      schema: {
        tags: publicTags,
        summary: 'Registrar una mascota (multipart; crea una solicitud de publicación)',
        description:
          'Campos de texto primero: nombre, edad, tipo, genero, tamano, discapacidad, personalidad, historia, tags (JSON), contactoNombre, contactoEmail, contactoTelefono y, opcional, enlaceId. Después los archivos: `image` (principal, máx. 150000 bytes), `imagenes` (hasta 10, 2MB cada una), `videos` (hasta 3, 50MB cada uno; MP4, AVI, MOV o WEBM). Con un enlace no válido responde 422 con el mensaje del motivo y no guarda nada. El campo `sitioWeb` es una trampa para robots: si llega con texto, responde 201 con `id` 0 y no guarda nada.',
        consumes: ['multipart/form-data'],
        response: { 201: registrationResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Before a byte is read: the disk guard (507) and the daily byte budgets of public uploads (429).
      const upload = await app.budgets.admitPublicUpload(request);
      // The budget keeps what is stored: a refused or failed submission gives its declared bytes back.
      const giveBack = (error: unknown) => upload.settle(0).then(() => Promise.reject(error as Error));
      const folder = newRequestFolder();
      // Marked as an upload in progress from its first file until its row points at the files.
      let endUpload: (() => Promise<void>) | undefined;
      try {
        let received: Awaited<ReturnType<typeof receiveRegistrationForm<RegistrationFields>>>;
        try {
          received = await receiveRegistrationForm(request, {
            storage: app.storage,
            folder,
            onFields: async (raw) => {
              const checked = parseFields(registrationFieldsSchema, raw);
              if (checked[HONEYPOT_FIELD]) throw new HoneypotFilled();
              const parsed = requests.normaliseContact(checked);
              if (parsed.enlaceId) await links.assertUsable(parsed.enlaceId);
              endUpload = await requests.trackUpload(folder);
              return parsed;
            },
          });
        } catch (error) {
          await upload.settle(0);
          // A bot filled the field people never see: it is told what a success says (as the adoption form does),
          // and nothing is stored (the form reader removed what it had written).
          if (!(error instanceof HoneypotFilled)) throw error;
          request.log.info('registration honeypot filled: nothing stored');
          return reply.status(201).send({ id: 0 });
        }
        const { fields, media } = received;
        const created = await requests.submit(fields, media, () => deleteFolder(app.storage, folder, request.log)).catch(giveBack);
        await upload.settle(media.reduce((sum, m) => sum + m.bytes, 0));
        return reply.status(201).send(created);
      } finally {
        await endUpload?.();
      }
    },
  );

  /* ------------------------------------------------------------------ publication requests (staff) */
  const requestTags = ['Solicitudes de publicación'];

  app.get(
    '/api/solicitudes-publicacion',
    {
      config: staff,
      schema: {
        tags: requestTags,
        summary: 'Solicitudes de publicación: pendientes primero',
        querystring: listPublicationRequestsQuerySchema,
        response: { 200: listPublicationRequestsResponseSchema, ...errors },
      },
    },
    async (request) => requests.list(request.query),
  );

  app.get(
    '/api/solicitudes-publicacion/:id',
    {
      config: staff,
      schema: {
        tags: requestTags,
        summary: 'Una solicitud con todos sus datos',
        params: numericIdParamsSchema,
        response: { 200: publicationRequestSchema, ...errors },
      },
    },
    async (request) => requests.get(request.params.id),
  );

  app.post(
    '/api/solicitudes-publicacion/:id/aprobar',
    {
      config: staff,
      schema: {
        tags: requestTags,
        summary: 'Aprobar: crea la mascota como borrador con sus imágenes y videos',
        description: 'Una solicitud ya decidida responde 409.',
        params: numericIdParamsSchema,
        body: approveRequestInputSchema.nullish(),
        response: { 200: approveRequestResultSchema, ...errors },
      },
    },
    async (request) => requests.approve(request.user!, request.params.id, request.body ?? {}),
  );

  app.post(
    '/api/solicitudes-publicacion/:id/rechazar',
    {
      config: staff,
      schema: {
        tags: requestTags,
        summary: 'Rechazar con un motivo',
        description: 'Una solicitud ya decidida responde 409.',
        params: numericIdParamsSchema,
        body: rejectRequestInputSchema,
        response: { 200: publicationRequestSchema, ...errors },
      },
    },
    async (request) => requests.reject(request.user!, request.params.id, request.body.motivo),
  );

  // The files of a request are not public: only staff see them, and browsers must not share caches of them.
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'private, max-age=3600').header('cross-origin-resource-policy', 'same-origin');
    });
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/api/solicitudes-publicacion/:id/media/:index',
      { config: staff, schema: { tags: requestTags, summary: 'Un archivo de la solicitud (admite Range)', params: requestMediaParamsSchema } },
      async (request, reply) => {
        const { key, contentType } = await requests.media(request.params.id, request.params.index, false);
        return sendStoredObject(request, reply, app.storage, key, contentType, intakeMessages.mediaNotFound, 'private');
      },
    );
    typed.get(
      '/api/solicitudes-publicacion/:id/media/:index/miniatura',
      { config: staff, schema: { tags: requestTags, summary: 'Miniatura WebP de una imagen de la solicitud', params: requestMediaParamsSchema } },
      async (request, reply) => {
        const { key, contentType } = await requests.media(request.params.id, request.params.index, true);
        return sendStoredObject(request, reply, app.storage, key, contentType, intakeMessages.mediaNotFound, 'private');
      },
    );
  });
};
