import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IMAGE_MAX_BYTES,
  MAIN_IMAGE_MAX_BYTES,
  VIDEO_MAX_BYTES,
  apiErrorBodySchema,
  gatherCustomFieldFilters,
  listPetsQuerySchema,
  listPetsResponseSchema,
  messages,
  petFieldsSchema,
  petIdParamsSchema,
  petFileParamsSchema,
  petImageParamsSchema,
  petImageSchema,
  petMessages,
  petSchema,
  petVideoParamsSchema,
  petVideoSchema,
  phpErrorSchema,
  phpImageOkSchema,
  phpOkSchema,
  reorderImagesInputSchema,
  setAdoptedInputSchema,
  videoDeletedSchema,
  videoUploadResultSchema,
} from '@refugio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { formRequestHash, readIdempotencyKey } from '../../lib/idempotency';
import { parseFields, readMultipartForm } from '../../lib/multipart-form';
import { type StoredObjectAudience, sendStoredObject } from '../../lib/send-stored-object';
import { imageContentType } from '../../media/images';
import { imageKey, thumbnailKey, videoKey } from '../../media/storage-keys';
import { videoContentType } from '../../media/videos';

const staff = { access: 'staff' as const };

/** The address's `campo.<clave>=<valor>` filters gathered into `campo` before the query is validated. */
export async function gatherCustomFieldQuery(request: FastifyRequest): Promise<void> {
  request.query = gatherCustomFieldFilters(request.query as Record<string, unknown>);
}
const tags = ['Mascotas'];
const mediaDescription =
  'De una mascota pública (publicada, o programada cuya fecha pasó; ni adoptada ni eliminada): para cualquiera, con `Cache-Control: public`. De cualquier otra: solo con sesión del equipo y `Cache-Control: private, no-store`; sin ella, 404 como un archivo que no existe. Que una mascota es pública se recuerda en cada instancia hasta que la mascota cambia en cualquiera de ellas (lo avisa la base de datos); mientras ese aviso no llega, se consulta la base de datos en cada petición.';
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  413: apiErrorBodySchema,
  415: apiErrorBodySchema,
};

/**
 * Sends JSON text a handler has written itself (the pet list, written by the database) as it is: the route's schema
 * documents it (OpenAPI) and a test holds the text to it, instead of serialising it again.
 */
function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** Pets: the specification's /phpApi contract (DESIGN section 4), videos under /api/mascotas, public media. */
export const petsRoutes: FastifyPluginAsyncZod = async (app) => {
  const pets = app.petsService;
  const videos = app.videosService;

  /**
   * Readers without a staff session see only published pets (the public gallery of /imagenes/{id}). A session
   * that must still change its temporary password counts as none: it opens nothing but the password change.
   */
  async function assertVisible(request: FastifyRequest, id: number) {
    const user = await app.getSessionUser(request);
    if (user && !user.mustChangePassword) return;
    if (!(await pets.isPublic(id))) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
  }

  /**
   * Who may fetch a pet's image, thumbnail or video, and who may keep a copy. A public pet's media: anybody, cached
   * anywhere (SPEC's public URL). Any other pet's (a draft, scheduled but not yet due, adopted or deleted): staff
   * only, never kept by a cache; anybody else gets the 404 of a missing file, so the two cannot be told apart.
   * Publicness is kept in memory until the pet changes (pet-visibility.ts): no database round trip per file.
   */
  async function mediaAudience(request: FastifyRequest, reply: FastifyReply, petId: number, notFoundMessage: string): Promise<StoredObjectAudience> {
    // Whatever follows, a refusal is not to be kept by any cache either.
    void reply.header('cache-control', 'no-store');
    const known = pets.isPublicFromMemory(petId);
    if (known === true) return 'public';
    const user = await app.getSessionUser(request);
    const staff = !!user && !user.mustChangePassword;
    if (known === undefined) {
      // Media files are never budgeted, but a URL of a pet memory does not know costs a database lookup: an
      // anonymous caller's lookups that find no public pet spend its anonymous budget, and once that is spent
      // such URLs are answered from memory (the 404 of a missing file) without asking the database.
      if (!staff && !app.budgets.anonymousLookup.allowed(request)) throw new AppError('NOT_FOUND', { message: notFoundMessage });
      if (await pets.isPublic(petId)) return 'public';
      if (!staff) app.budgets.anonymousLookup.count(request);
    }
    if (staff) return 'private';
    throw new AppError('NOT_FOUND', { message: notFoundMessage });
  }

  async function readPetForm(request: FastifyRequest) {
    const { fields, files } = await readMultipartForm(request, {
      fileFields: ['image'],
      maxFileBytes: MAIN_IMAGE_MAX_BYTES,
      maxFiles: 1,
      tooLargeMessage: petMessages.mainImageTooBig,
      tooManyMessage: petMessages.oneMainImageOnly,
    });
    return { fields: parseFields(petFieldsSchema, fields), image: files[0]?.data, raw: { fields, files } };
  }

  app.get(
    '/phpApi/mascotas',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Lista de mascotas: búsqueda, filtros, orden y páginas',
        description:
          'Los campos propios se filtran con `campo.<clave>=<valor>` (varios a la vez: todos deben coincidir); el valor se lee según el tipo del campo (un número, «sí»/«no», una de sus opciones). Una clave que no es de un campo, o un valor que no es del campo, responde 400.',
        querystring: listPetsQuerySchema,
        response: { 200: listPetsResponseSchema, ...errors },
      },
      preValidation: gatherCustomFieldQuery,
    },
    async (request, reply) => sendJsonText(reply, await pets.list(request.query)),
  );

  app.get(
    '/phpApi/mascota/:id',
    { config: staff, schema: { tags, summary: 'Una mascota', params: petIdParamsSchema, response: { 200: petSchema, ...errors } } },
    async (request) => pets.get(request.params.id),
  );

  app.post(
    '/phpApi/mascota/nueva',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Crear una mascota (multipart: los campos de actualizar y, opcional, `image`)',
        description: `Todo o nada: la mascota queda creada con su imagen principal, o no queda nada. Cabecera opcional \`${IDEMPOTENCY_KEY_HEADER}\` (1 a ${IDEMPOTENCY_KEY_MAX_LENGTH} caracteres ASCII imprimibles; otra cosa responde 400): la respuesta de la primera alta con esa clave se guarda ${IDEMPOTENCY_KEY_TTL_HOURS} horas con la mascota, y repetir la solicitud con la misma clave (por ejemplo, tras perder la respuesta por un corte de red) responde lo mismo sin crear otra mascota; la misma clave con una solicitud distinta responde 422. Dos solicitudes con la misma clave a la vez crean una sola mascota. Las claves son de cada persona.`,
        consumes: ['multipart/form-data'],
        response: { 200: phpOkSchema, ...errors, 422: apiErrorBodySchema },
      },
    },
    async (request) => {
      // A malformed key is refused before the body is read.
      const key = readIdempotencyKey(request.headers);
      const { fields, image, raw } = await readPetForm(request);
      const route = 'POST /phpApi/mascota/nueva';
      const idempotency = key === undefined ? undefined : { key, route, requestHash: formRequestHash(route, raw.fields, raw.files) };
      const created = await pets.create(request.user!, fields, image, idempotency);
      return { status: 'OK' as const, id: created.id, version: created.version };
    },
  );

  app.post(
    '/phpApi/mascota/:id/actualizar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Guardar una mascota (multipart)',
        description:
          'Campos: nombre, edad, tipo, genero, tamano, discapacidad, fechaingreso, personalidad, historia, adoptado, tags (JSON), version y, opcional, `image` (imagen principal, máx. 150000 bytes). Con una `version` que ya no es la actual responde 409 y no cambia nada. Sin `version` gana la última escritura: el guardado se aplica sobre lo que la mascota tenga en ese momento, con la fila bloqueada, y nunca responde 409 (los guardados y cambios de imágenes de una mascota se aplican de uno en uno).',
        consumes: ['multipart/form-data'],
        params: petIdParamsSchema,
        response: { 200: phpOkSchema, ...errors },
      },
    },
    async (request) => {
      const { fields, image } = await readPetForm(request);
      const updated = await pets.update(request.user!, request.params.id, fields, image);
      return { status: 'OK' as const, id: updated.id, version: updated.version };
    },
  );

  app.post(
    '/phpApi/mascota/:id/adopcion',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Marcar como adoptada o no',
        description:
          "Con `adoptado: '1'` abre la adopción de hoy para `personaId` (sin persona si falta: la respuesta lleva `adopcionSinPersona: true` para que la pantalla la pida); con `adoptado: '0'` registra la devolución de la adopción abierta. " +
          "Con `cerrarSolicitudes: true` y `adoptado: '1'`, las solicitudes de adopción abiertas de la mascota pasan a rechazadas con una nota automática, en la misma transacción (como al aprobar una).",
        params: petIdParamsSchema,
        body: setAdoptedInputSchema,
        response: {
          200: petSchema.extend({ adopcionSinPersona: z.boolean().optional().describe('La adopción quedó registrada sin persona adoptante') }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { adoptado, version, cerrarSolicitudes, personaId } = request.body;
      // The adoption opens or returns (movements) and, when asked, the open requests close (adoption requests), in
      // one transaction; the answer is read past the cache (the change feed may not have reached this instance yet).
      const pet = await pets.setAdopted(request.user!, request.params.id, {
        adoptado: adoptado === '1',
        version,
        personaId: personaId ?? null,
        cerrarSolicitudes: cerrarSolicitudes === true,
      });
      return pet.adoptado === '1' && !pet.ubicacion.persona ? { ...pet, adopcionSinPersona: true } : pet;
    },
  );

  app.post(
    '/phpApi/mascota/:id/eliminar',
    {
      config: staff,
      schema: { tags, summary: 'Eliminar (se puede deshacer)', params: petIdParamsSchema, response: { 200: phpOkSchema, ...errors } },
    },
    async (request) => {
      await pets.remove(request.user!, request.params.id);
      return { status: 'OK' as const, id: request.params.id };
    },
  );

  app.post(
    '/phpApi/mascota/:id/restaurar',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Deshacer la eliminación (administradores o quien la eliminó)',
        params: petIdParamsSchema,
        response: { 200: petSchema, ...errors },
      },
    },
    async (request) => pets.restore(request.user!, request.params.id),
  );

  app.get(
    '/phpApi/mascota/:id/imagenes',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Imágenes adicionales, en orden',
        description: 'Sin sesión, solo de mascotas publicadas.',
        params: petIdParamsSchema,
        response: { 200: z.array(petImageSchema), ...errors },
      },
    },
    async (request) => {
      await assertVisible(request, request.params.id);
      return pets.listImages(request.params.id);
    },
  );

  app.post(
    '/phpApi/mascota/:id/imagenes/:imageId/eliminar',
    { config: staff, schema: { tags, summary: 'Eliminar una imagen', params: petImageParamsSchema, response: { 200: phpOkSchema, ...errors } } },
    async (request) => {
      await pets.deleteImage(request.user!, request.params.id, request.params.imageId);
      return { status: 'OK' as const, id: request.params.imageId };
    },
  );

  app.post(
    '/phpApi/mascota/:id/imagenes/orden',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cambiar el orden de las imágenes',
        params: petIdParamsSchema,
        body: reorderImagesInputSchema,
        response: { 200: z.array(petImageSchema), ...errors },
      },
    },
    async (request) => pets.reorderImages(request.user!, request.params.id, request.body.ids),
  );

  app.post(
    '/phpApi/mascota/:id/imagenes/:imageId/principal',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Hacer principal una imagen (la anterior pasa a la galería)',
        params: petImageParamsSchema,
        response: { 200: petSchema, ...errors },
      },
    },
    async (request) => pets.makeMainImage(request.user!, request.params.id, request.params.imageId),
  );

  // The specification's image upload answers `{ status: 'ERROR', message }` on failure (errorShape 'php').
  app.post(
    '/phpApi/mascota/:id/imagenes/nueva',
    {
      config: { ...staff, errorShape: 'php', failureMessage: petMessages.imageSaveFailed },
      schema: {
        tags,
        summary: 'Subir una imagen adicional (multipart, campo `file`, una por solicitud, máx. 2MB)',
        consumes: ['multipart/form-data'],
        params: petIdParamsSchema,
        response: {
          200: phpImageOkSchema,
          400: phpErrorSchema,
          401: phpErrorSchema,
          403: phpErrorSchema,
          404: phpErrorSchema,
          413: phpErrorSchema,
          415: phpErrorSchema,
        },
      },
    },
    async (request) => {
      const { files } = await readMultipartForm(request, {
        fileFields: ['file'],
        maxFileBytes: IMAGE_MAX_BYTES,
        maxFiles: 1,
        tooLargeMessage: petMessages.imageTooBig,
        tooManyMessage: petMessages.oneImageOnly,
      });
      const file = files[0];
      if (!file) throw new AppError('VALIDATION_ERROR', { message: petMessages.fileMissing });
      const image = await pets.addImage(request.user!, request.params.id, file.data);
      return { status: 'OK' as const, id: image.id, nombre: image.nombre };
    },
  );

  /* ------------------------------------------------------------------ videos */

  app.get(
    '/api/mascotas/:id/videos',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Videos de una mascota',
        description: 'Sin sesión, solo de mascotas publicadas.',
        params: petIdParamsSchema,
        response: { 200: z.array(petVideoSchema), ...errors },
      },
    },
    async (request) => {
      await assertVisible(request, request.params.id);
      return videos.list(request.params.id);
    },
  );

  app.post(
    '/api/mascotas/:id/videos',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Subir un video (multipart, campo `file`; MP4, AVI, MOV o WEBM; máx. 50MB)',
        consumes: ['multipart/form-data'],
        params: petIdParamsSchema,
        response: { 200: videoUploadResultSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: petMessages.videoNotMultipart });
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > VIDEO_MAX_BYTES + 1024 * 1024) throw new AppError('PAYLOAD_TOO_LARGE', { message: petMessages.videoTooBig });
      const file = await request.file({ limits: { fileSize: VIDEO_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError('VALIDATION_ERROR', { message: petMessages.fileMissing });
      if (file.fieldname !== 'file') {
        file.file.resume();
        throw new AppError('VALIDATION_ERROR', { message: messages.forms.unexpectedFile(file.fieldname) });
      }
      file.file.on('limit', () => file.file.destroy(new AppError('PAYLOAD_TOO_LARGE', { message: petMessages.videoTooBig })));
      return videos.upload(request.user!, request.params.id, file.file, file.filename, () => file.file.truncated);
    },
  );

  app.delete(
    '/api/mascotas/:id/videos/:name',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Eliminar un video',
        params: petVideoParamsSchema,
        response: { 200: videoDeletedSchema, ...errors },
      },
    },
    async (request) => {
      await videos.remove(request.user!, request.params.id, request.params.name);
      return { success: true as const, message: 'Video deleted successfully' as const };
    },
  );

  app.get(
    '/api/mascotas/:id/videos/:name',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Bytes del video (admite Range)', description: mediaDescription, params: petVideoParamsSchema },
    },
    async (request, reply) => {
      const key = videoKey(request.params.id, request.params.name);
      if (!key) throw new AppError('NOT_FOUND', { message: petMessages.videoNotFound });
      const audience = await mediaAudience(request, reply, request.params.id, petMessages.videoNotFound);
      return sendStoredObject(request, reply, app.storage, key, videoContentType(key), petMessages.videoNotFound, audience);
    },
  );

  /* ------------------------------------------------------------------ public image files (SPEC section 7) */

  const fileParams = petFileParamsSchema;

  app.get(
    '/phpApi/storage/app/public/productos/:id/:file',
    { config: { access: 'public' }, schema: { tags, summary: 'Archivo de imagen', description: mediaDescription, params: fileParams } },
    async (request, reply) => {
      const { id, file } = request.params;
      const audience = await mediaAudience(request, reply, id, petMessages.imageNotFound);
      return sendStoredObject(request, reply, app.storage, imageKey(id, file), imageContentType(file), petMessages.imageNotFound, audience);
    },
  );

  app.get(
    '/phpApi/storage/app/public/productos/:id/thumbs/:file',
    { config: { access: 'public' }, schema: { tags, summary: 'Miniatura WebP', description: mediaDescription, params: fileParams } },
    async (request, reply) => {
      const { id } = request.params;
      const name = request.params.file.replace(/\.webp$/, '');
      const audience = await mediaAudience(request, reply, id, petMessages.imageNotFound);
      return sendStoredObject(request, reply, app.storage, thumbnailKey(id, name), 'image/webp', petMessages.imageNotFound, audience);
    },
  );
};
