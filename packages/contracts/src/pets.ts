import { customFieldFiltersSchema, customFieldValuesAnswerSchema, customFieldValuesTextSchema } from './custom-field-values';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { z } from 'zod';
import { petIdentityFieldsSchema, petIdentitySchema, petListCareFiltersSchema } from './pet-identity';
import { DATE_MAX_YEAR, DATE_MIN_YEAR, isDateInRange, isSafeText, multiLineText, oneLineText, textMessages } from './text';
import { PET_GENDERS, PET_SIZES, PET_TYPES, PUBLICATION_STATES } from './pet-kinds';
export * from './pet-kinds';

dayjs.extend(customParseFormat);

/* ------------------------------------------------------------------ constants (SPEC sections 2, 5, 9) */

/** Main image: 150KB, counted as 150000 bytes. */
export const MAIN_IMAGE_MAX_BYTES = 150_000;
/** Additional images: 2MB each. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGES_PER_UPLOAD = 10;
/** Videos: 50MB, one per request. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const VIDEO_EXTENSIONS = ['mp4', 'avi', 'mov', 'webm'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/x-msvideo', 'video/avi', 'video/vnd.avi', 'video/quicktime', 'video/webm'] as const;
export const TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 40;
export const PET_NAME_MAX_LENGTH = 100;
export const PET_AGE_MAX_LENGTH = 50;
export const PET_TEXT_MAX_LENGTH = 5000;
/** Decoded images above this many pixels are refused (decompression bombs); a phone photo has 12-48 MP. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Images sent by the public (registrations, foster portal) may have at most this many pixels: cheaper to decode. */
export const PUBLIC_IMAGE_MAX_PIXELS = 24_000_000;
/** AVIF/HEIF from the public, far costlier to decode per pixel: at most this many (2560×2560, what is stored, fits). */
export const PUBLIC_AVIF_MAX_PIXELS = 8_000_000;
/** The edit screen waits this long after uploads before showing success (SPEC section 4). */
export const SAVE_SUCCESS_DELAY_MS = 2000;
export const PETS_PAGE_SIZE_DEFAULT = 20;
export const PETS_PAGE_SIZE_MAX = 100;
/** The list counts matches exactly up to this many; beyond it says "more than" (an exact count of tens of thousands of rows costs more than the page). */
export const PETS_TOTAL_CAP = 1000;
/** The pet list's .csv and .xlsx exports stop after this many rows (the list's filters narrow it). */
export const PET_EXPORT_MAX_ROWS = 10_000;

/* ------------------------------------------------------------------ Spanish texts (SPEC section 8 word for word) */

export const petMessages = {
  loading: 'Cargando información de la mascota...',
  loadError: (message: string) => `Error al cargar la mascota: ${message}`,
  missingId: 'Error: No se proporcionó un ID válido',
  mainImageTooBig: 'El peso de la imagen debe ser menor a 150KB',
  oneMainImageOnly: 'Envía una sola imagen principal por solicitud.',
  tagsHint: 'Haz clic en "Generar Etiquetas"...',
  imageDeleteConfirm: '¡La imagen seleccionada será eliminada!',
  imageDeleteButton: 'Sí, eliminar imagen',
  imageDeletedTitle: '¡Eliminada!',
  imageDeletedText: 'Tu imagen ha sido eliminada.',
  imageDeleteErrorTitle: 'Error',
  imageDeleteErrorText: 'No se pudo eliminar la imagen.',
  videoDeleteConfirm: '¡El video seleccionado será eliminado!',
  videoDeletedTitle: '¡Eliminado!',
  videoDeletedText: 'Tu video ha sido eliminado.',
  videoDeleteError: 'No se pudo eliminar el video.',
  videoListErrorTitle: 'Error al cargar videos',
  // SPEC names Firebase Storage here; the issue asks for "el almacenamiento" instead.
  videoListErrorText: 'No se pudieron cargar los videos desde el almacenamiento. Verifica tu conexión a internet.',
  saveErrorTitle: 'Error',
  saveErrorText: 'Error al actualizar la mascota',
  saveSuccessTitle: '¡Mascota Actualizada Exitosamente!',
  imagesDialogTitle: 'Carga de Imágenes',
  videoDialogTitle: 'Carga de Video',
  // Server-side rule messages.
  nameRequired: 'El nombre es obligatorio.',
  nameTooLong: `El nombre no puede superar los ${PET_NAME_MAX_LENGTH} caracteres.`,
  ageRequired: 'La edad es obligatoria.',
  ageTooLong: `La edad no puede superar los ${PET_AGE_MAX_LENGTH} caracteres.`,
  textTooLong: `El texto no puede superar los ${PET_TEXT_MAX_LENGTH} caracteres.`,
  typeInvalid: 'El tipo debe ser Perro, Gato o Conejo.',
  genderInvalid: 'El género debe ser macho o hembra.',
  sizeInvalid: 'El tamaño debe ser chico, mediano o grande.',
  flagInvalid: "El valor debe ser '0' o '1'.",
  stateInvalid: 'El estado debe ser borrador, programada o publicada.',
  adoptedMonthInvalid: 'El mes de adopción debe tener la forma AAAA-MM.',
  scheduleRequired: 'Indica la fecha y hora de publicación.',
  schedulePast: 'La fecha de publicación no puede estar en el pasado.',
  tagsInvalid: 'Las etiquetas deben ser una lista JSON de textos.',
  tagsTooMany: `Puedes asignar como máximo ${TAGS_MAX} etiquetas.`,
  tagTooLong: `Cada etiqueta puede tener como máximo ${TAG_MAX_LENGTH} caracteres.`,
  versionInvalid: 'La versión no es válida.',
  notFound: 'No existe una mascota con ese identificador.',
  imageNotFound: 'No existe esa imagen para esta mascota.',
  videoNotFound: 'No existe ese video para esta mascota.',
  stale: 'Otra persona guardó cambios en esta mascota mientras la editabas. Recarga para ver la versión más reciente antes de guardar.',
  fileMissing: 'No se recibió ningún archivo.',
  fileEmpty: 'El archivo está vacío.',
  notAnImage: 'El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF).',
  imageTooBig: 'Cada imagen debe pesar como máximo 2MB.',
  oneImageOnly: 'Envía una sola imagen por solicitud.',
  imageSaveFailed: 'No se pudo guardar la imagen. Inténtalo de nuevo.',
  imageTooManyPixels: `La imagen tiene demasiados píxeles (más de ${IMAGE_MAX_PIXELS / 1_000_000} megapíxeles). Redúcela antes de subirla.`,
  publicImageTooManyPixels: `La imagen tiene demasiados píxeles (más de ${PUBLIC_IMAGE_MAX_PIXELS / 1_000_000} megapíxeles). Redúcela antes de enviarla.`,
  publicAvifTooManyPixels: `Las imágenes AVIF o HEIF pueden tener como mucho ${PUBLIC_AVIF_MAX_PIXELS / 1_000_000} megapíxeles. Redúcela o envíala como JPEG.`,
  imageTooSlow: 'La imagen tarda demasiado en procesarse. Redúcela o envíala como JPEG o PNG.',
  tooManyImages: `Puedes subir como máximo ${IMAGES_PER_UPLOAD} imágenes a la vez.`,
  notAVideo: 'Solo se admiten videos MP4, AVI, MOV o WEBM.',
  videoTooBig: 'El video debe pesar como máximo 50MB.',
  oneVideoOnly: 'Sube un solo video por solicitud.',
  videoNotMultipart: 'Envía el video como multipart/form-data.',
  imageOrderInvalid: 'El orden debe incluir cada imagen de la mascota exactamente una vez.',
  restoreForbidden: 'Solo un administrador o quien la eliminó puede restaurar esta mascota.',
} as const;

/* ------------------------------------------------------------------ value encodings */

const DATE_INPUT_FORMATS = ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DDTHH:mm:ss', 'YYYY-MM-DDTHH:mm', 'YYYY-MM-DD'];

/**
 * `fechaingreso` on the wire: 'YYYY-MM-DD HH:MM:SS', or '' when missing or invalid (SPEC section 5).
 * Accepts a date, a date and time (space or 'T'), or a Date; impossible dates (2023-02-30) give ''.
 */
export function formatFechaIngreso(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dayjs(value).format('YYYY-MM-DD HH:mm:ss');
  if (typeof value !== 'string') return '';
  const text = value.trim().replace(/\.\d+Z?$|Z$/, '');
  if (text === '') return '';
  const parsed = dayjs(text, DATE_INPUT_FORMATS, true);
  if (!parsed.isValid()) return '';
  const year = parsed.year();
  return year < DATE_MIN_YEAR || year > DATE_MAX_YEAR ? '' : parsed.format('YYYY-MM-DD HH:mm:ss');
}

/** Trimmed, non-empty, deduplicated ignoring case and accents, first occurrence kept. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag === '') continue;
    const key = tag
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase('es');
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

const flagSchema = z.enum(['0', '1'], { error: petMessages.flagInvalid });

/** `tags` arrives as JSON text of a string list; at most 10. */
export const tagsFieldSchema = oneLineText({ error: petMessages.tagsInvalid })
  .transform((text, ctx) => {
    if (text.trim() === '') return [];
    try {
      const value: unknown = JSON.parse(text);
      if (Array.isArray(value) && value.every((t) => typeof t === 'string')) {
        // JSON escapes can spell what the raw text could not: "\u0000", a lone "\ud800".
        if (value.every(isSafeText)) return normalizeTags(value);
        ctx.addIssue({ code: 'custom', message: textMessages.invalidCharacters });
        return z.NEVER;
      }
    } catch {
      // fall through
    }
    ctx.addIssue({ code: 'custom', message: petMessages.tagsInvalid });
    return z.NEVER;
  })
  .pipe(z.array(oneLineText().max(TAG_MAX_LENGTH, petMessages.tagTooLong)).max(TAGS_MAX, petMessages.tagsTooMany));

/**
 * The pet fields of `POST /phpApi/mascota/{id}/actualizar` and `/phpApi/mascota/nueva` (multipart text
 * fields, so every value is a string). The same schema validates the browser form.
 */
export const petFieldsSchema = z.object({
  nombre: oneLineText({ error: petMessages.nameRequired }).trim().min(1, petMessages.nameRequired).max(PET_NAME_MAX_LENGTH, petMessages.nameTooLong),
  edad: oneLineText({ error: petMessages.ageRequired }).trim().min(1, petMessages.ageRequired).max(PET_AGE_MAX_LENGTH, petMessages.ageTooLong),
  tipo: z.enum(PET_TYPES, { error: petMessages.typeInvalid }).default('Perro'),
  genero: z.enum(PET_GENDERS, { error: petMessages.genderInvalid }).default('macho'),
  tamano: z.enum(PET_SIZES, { error: petMessages.sizeInvalid }).default('mediano'),
  discapacidad: flagSchema.default('0'),
  adoptado: flagSchema.default('0'),
  fechaingreso: oneLineText()
    .optional()
    .transform((v) => formatFechaIngreso(v)),
  personalidad: multiLineText().max(PET_TEXT_MAX_LENGTH, petMessages.textTooLong).default(''),
  historia: multiLineText().max(PET_TEXT_MAX_LENGTH, petMessages.textTooLong).default(''),
  tags: oneLineText()
    .optional()
    .transform((v) => v ?? '[]')
    .pipe(tagsFieldSchema),
  /** Publication state; optional so that the specification's clients need not send it. */
  estado: z.enum(PUBLICATION_STATES, { error: petMessages.stateInvalid }).optional(),
  /** ISO date-time from which a `programada` pet is public. Empty clears it. */
  publicarEn: oneLineText()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v.trim() === '') return null;
      const d = new Date(v);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: petMessages.scheduleRequired });
        return z.NEVER;
      }
      if (!isDateInRange(d)) {
        ctx.addIssue({ code: 'custom', message: textMessages.dateOutOfRange });
        return z.NEVER;
      }
      return d.toISOString();
    }),
  /**
   * The version the edit started from. When sent and no longer current, the save answers 409 and changes
   * nothing. Clients of the original API that don't send it keep last-write-wins.
   */
  version: oneLineText()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: petMessages.versionInvalid });
        return z.NEVER;
      }
      return n;
    }),
  // The pet's identity (DESIGN section 11): optional, a field not sent keeps its value.
  ...petIdentityFieldsSchema.shape,
  /**
   * The organisation's own fields (DESIGN section 21), as JSON text of `{ clave: valor }`: a field not sent keeps its
   * value, `null` clears it. Checked against the definitions on the server.
   */
  campos: customFieldValuesTextSchema.optional(),
});
export type PetFieldsInput = z.input<typeof petFieldsSchema>;
export type PetFields = z.output<typeof petFieldsSchema>;

/* ------------------------------------------------------------------ answers */

/** Where the pet is (DESIGN section 12), kept by its movements. */
export const LOCATION_TYPES = ['refugio', 'acogida', 'adoptado', 'trasladado', 'fallecido'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
/** Locations a pet never leaves and where it is never public. */
export const FINAL_LOCATIONS = ['trasladado', 'fallecido'] as const satisfies readonly LocationType[];

export const personRefSchema = z.object({ id: z.number().int(), nombre: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

export const petLocationSchema = z.object({
  tipo: z.enum(LOCATION_TYPES),
  persona: personRefSchema.optional(),
  desde: z.string().nullable().describe('Fecha del último movimiento (AAAA-MM-DD), o null si no tiene'),
});
export type PetLocation = z.infer<typeof petLocationSchema>;

/** `GET /phpApi/mascota/{id}`: SPEC section 3's field names and encodings, plus the extras after them. */
export const petSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  edad: z.string(),
  tipo: z.string(),
  genero: z.string(),
  tamano: z.string(),
  fechaingreso: z.string().describe("'YYYY-MM-DD HH:MM:SS' o '' si no hay"),
  personalidad: z.string(),
  historia: z.string(),
  adoptado: flagSchema,
  discapacidad: flagSchema,
  tags: z.string().describe('Lista JSON de textos, como texto'),
  imagenprincipal: z.string().describe("Nombre de archivo de la imagen principal, o ''"),
  imagenprincipalUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable().describe('Miniatura WebP de la imagen principal'),
  estado: z.enum(PUBLICATION_STATES).describe('Estado efectivo: una programada cuya fecha pasó es publicada'),
  publicarEn: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  deletedAt: z.string().nullable(),
  ...petIdentitySchema.shape,
  ubicacion: petLocationSchema,
  campos: customFieldValuesAnswerSchema,
});
export type Pet = z.infer<typeof petSchema>;

export const petImageSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  orden: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type PetImage = z.infer<typeof petImageSchema>;

export const petVideoSchema = z.object({ name: z.string(), url: z.string(), fullPath: z.string() });
export type PetVideo = z.infer<typeof petVideoSchema>;

export const videoUploadResultSchema = z.object({
  success: z.literal(true),
  url: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  type: z.string(),
  uploadedAt: z.string(),
});
export type VideoUploadResult = z.infer<typeof videoUploadResultSchema>;

/** `DELETE /api/mascotas/{id}/videos/{name}`: the specification's answer, in English word for word. */
export const videoDeletedSchema = z.object({ success: z.literal(true), message: z.literal('Video deleted successfully') });
export type VideoDeleted = z.infer<typeof videoDeletedSchema>;

/** The PHP-style answers of the /phpApi write calls (`{ status: 'OK', id }`, plus the new version after a save). */
export const phpOkSchema = z.object({
  status: z.literal('OK'),
  id: z.number().int(),
  version: z.number().int().optional(),
  message: z.string().optional(),
});
export const phpImageOkSchema = z.object({ status: z.literal('OK'), id: z.number().int(), nombre: z.string() });
/** How the image upload (`POST /phpApi/mascota/{id}/imagenes/nueva`) answers a failure. */
export const phpErrorSchema = z.object({ status: z.literal('ERROR'), message: z.string() });

/* ------------------------------------------------------------------ list */

export const PET_SORT_FIELDS = ['nombre', 'createdAt', 'updatedAt', 'fechaingreso', 'tipo'] as const;

const optionalFlag = z.enum(['0', '1']).optional();
export const listPetsQuerySchema = z.object({
  q: oneLineText().trim().max(100).optional().describe('Busca en nombre, historia, personalidad y etiquetas, sin distinguir acentos'),
  tipo: z.enum(PET_TYPES, { error: petMessages.typeInvalid }).optional(),
  tamano: z.enum(PET_SIZES, { error: petMessages.sizeInvalid }).optional(),
  genero: z.enum(PET_GENDERS, { error: petMessages.genderInvalid }).optional(),
  adoptado: optionalFlag,
  discapacidad: optionalFlag,
  estado: z.enum(PUBLICATION_STATES, { error: petMessages.stateInvalid }).optional(),
  tag: oneLineText().trim().min(1).max(TAG_MAX_LENGTH).optional(),
  adoptadoMes: oneLineText()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, petMessages.adoptedMonthInvalid)
    .optional()
    .describe("'AAAA-MM': solo las adoptadas ese mes, en la zona horaria de la organización (la cifra «Adoptadas este mes» del panel)"),
  ubicacion: z.enum(LOCATION_TYPES, { error: 'Elige una ubicación de la lista.' }).optional().describe('Solo las que están en esa ubicación'),
  eliminadas: optionalFlag.describe("'1': solo las eliminadas (para restaurarlas)"),
  ...petListCareFiltersSchema.shape,
  campo: customFieldFiltersSchema.optional(),
  sort: z.enum(PET_SORT_FIELDS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PETS_PAGE_SIZE_MAX).default(PETS_PAGE_SIZE_DEFAULT),
});
export type ListPetsQuery = z.infer<typeof listPetsQuerySchema>;

export const petListItemSchema = petSchema
  .pick({
    id: true,
    nombre: true,
    edad: true,
    tipo: true,
    genero: true,
    tamano: true,
    adoptado: true,
    discapacidad: true,
    tags: true,
    estado: true,
    publicarEn: true,
    thumbnailUrl: true,
    version: true,
    updatedAt: true,
    deletedAt: true,
  })
  .extend({
    solicitudesAbiertas: z.number().int().describe('Solicitudes de adopción abiertas (nueva o en revisión)'),
    campos: customFieldValuesAnswerSchema,
  });
export type PetListItem = z.infer<typeof petListItemSchema>;

export const listPetsResponseSchema = z.object({
  items: z.array(petListItemSchema),
  total: z.number().int().describe(`Coincidencias, exacto hasta ${PETS_TOTAL_CAP}; con totalExact false hay más`),
  totalExact: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListPetsResponse = z.infer<typeof listPetsResponseSchema>;

export const petIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: petMessages.missingId })
    .int(petMessages.missingId)
    .min(1, petMessages.missingId)
    .max(2_147_483_647, petMessages.missingId),
});
export const petImageParamsSchema = petIdParamsSchema.extend({ imageId: z.coerce.number().int().min(1).max(2_147_483_647) });
/** A stored file name in a URL: never '.' or '..' alone (a path), nor control characters. */
const storedNameSchema = oneLineText()
  .min(1)
  .max(300)
  .refine((name) => name !== '.' && name !== '..', 'Nombre de archivo no válido.');
export const petVideoParamsSchema = petIdParamsSchema.extend({ name: storedNameSchema });
/** Image files are named by the server: letters, digits, '_', '-' and '.'. */
export const petFileParamsSchema = petIdParamsSchema.extend({
  file: storedNameSchema.pipe(
    z
      .string()
      .max(200)
      .regex(/^[\w.-]+$/, 'Nombre de archivo no válido.'),
  ),
});

export const setAdoptedInputSchema = z.object({
  adoptado: flagSchema,
  version: z.number().int().min(1).optional(),
  cerrarSolicitudes: z
    .boolean()
    .optional()
    .describe("Solo con adoptado '1': rechaza las solicitudes de adopción abiertas de la mascota, con una nota automática, en la misma transacción"),
  personaId: z
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .describe(
      "Solo con adoptado '1': la persona adoptante; sin ella la adopción queda registrada sin persona y la respuesta lo indica (`adopcionSinPersona`)",
    ),
});
export const reorderImagesInputSchema = z.object({ ids: z.array(z.number().int().min(1)).max(500) });

/** Where pet images are served (SPEC section 7): `{PET_MEDIA_PATH}/{petId}/{file}`, thumbnails under `thumbs/`. */
export const PET_MEDIA_PATH = '/phpApi/storage/app/public/productos';

/** Public URL of a pet image (SPEC section 7). */
export function petImageUrl(petId: number, fileName: string): string {
  return `${PET_MEDIA_PATH}/${petId}/${encodeURIComponent(fileName)}`;
}

/** Public URL of the WebP thumbnail of a pet image (the pet list writes the same in SQL: pet-list.repository.ts). */
export function petThumbnailUrl(petId: number, fileName: string): string {
  return `${PET_MEDIA_PATH}/${petId}/thumbs/${encodeURIComponent(fileName)}.webp`;
}
