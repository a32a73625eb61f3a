import { z } from 'zod';
import { multiLineText, oneLineText } from './text';
import { IMAGE_MAX_BYTES, IMAGES_PER_UPLOAD, MAIN_IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, petFieldsSchema } from './pets';
import { petIdentityFieldsSchema } from './pet-identity';
import { organizationContactSchema } from './publications';

/*
 * Intake from outside rescuers (DESIGN sections 5 and 7): packages, registration links, the public pet
 * registration and the publication requests staff review.
 */

/* ------------------------------------------------------------------ constants */

export const PACKAGE_NAME_MAX_LENGTH = 100;
export const PACKAGE_DESCRIPTION_MAX_LENGTH = 1000;
export const PACKAGE_QUOTA_MAX = 1000;
export const PACKAGE_DAYS_MAX = 3650;
export const LINK_TEXT_MAX_LENGTH = 200;
export const LINK_NOTE_MAX_LENGTH = 1000;
export const LINK_EXTEND_DAYS_MAX = 365;
export const CONTACT_NAME_MAX_LENGTH = 120;
export const CONTACT_PHONE_MAX_LENGTH = 40;
export const REJECT_REASON_MAX_LENGTH = 1000;
/** Videos one public registration may carry. */
export const REGISTRATION_VIDEOS_MAX = 3;
/** The honeypot field of the public form: people never see it, so it stays empty; simple bots fill it. */
export const HONEYPOT_FIELD = 'sitioWeb';
/** Files of decided publication requests are deleted this many days after the decision. */
export const REQUEST_MEDIA_RETENTION_DAYS = 30;
export const REGISTRATION_LIMITS = {
  mainImageBytes: MAIN_IMAGE_MAX_BYTES,
  imageBytes: IMAGE_MAX_BYTES,
  images: IMAGES_PER_UPLOAD,
  videoBytes: VIDEO_MAX_BYTES,
  videos: REGISTRATION_VIDEOS_MAX,
} as const;

export const LINK_INVALID_REASONS = ['no_existe', 'revocado', 'vencido', 'sin_cupo'] as const;
export type LinkInvalidReason = (typeof LINK_INVALID_REASONS)[number];
export const LINK_STATES = ['activo', 'revocado', 'vencido', 'sin_cupo'] as const;
export type LinkState = (typeof LINK_STATES)[number];
export const PUBLICATION_REQUEST_STATES = ['pendiente', 'aprobada', 'rechazada'] as const;
export type PublicationRequestState = (typeof PUBLICATION_REQUEST_STATES)[number];

/* ------------------------------------------------------------------ Spanish texts */

export const intakeMessages = {
  linkInvalid: {
    no_existe: 'Este enlace de registro no existe. Revisa que la dirección esté completa o pide un enlace nuevo al refugio.',
    revocado: 'Este enlace de registro fue revocado por el refugio. Pide un enlace nuevo si necesitas registrar mascotas.',
    vencido: 'Este enlace de registro ya venció. Pide al refugio que lo extienda o que te envíe uno nuevo.',
    sin_cupo: 'Este enlace de registro ya registró todas las mascotas que permitía. Pide al refugio un enlace nuevo.',
  } satisfies Record<LinkInvalidReason, string>,
  linkStates: { activo: 'Activo', revocado: 'Revocado', vencido: 'Vencido', sin_cupo: 'Sin cupo' } satisfies Record<LinkState, string>,
  requestStates: { pendiente: 'Pendiente', aprobada: 'Aprobada', rechazada: 'Rechazada' } satisfies Record<PublicationRequestState, string>,
  packageNameRequired: 'El nombre del paquete es obligatorio.',
  packageNameTooLong: `El nombre no puede superar los ${PACKAGE_NAME_MAX_LENGTH} caracteres.`,
  packageDescriptionTooLong: `La descripción no puede superar los ${PACKAGE_DESCRIPTION_MAX_LENGTH} caracteres.`,
  packageQuotaInvalid: `El cupo debe ser un número entero entre 1 y ${PACKAGE_QUOTA_MAX}.`,
  packageDaysInvalid: `La vigencia debe ser un número entero de días entre 1 y ${PACKAGE_DAYS_MAX}.`,
  packageNotFound: 'No existe un paquete con ese identificador.',
  packageRequired: 'Elige un paquete.',
  packageArchived: 'El paquete está archivado: no se pueden emitir enlaces con él.',
  recipientRequired: 'Indica a quién se entrega el enlace.',
  textTooLong: `El texto no puede superar los ${LINK_TEXT_MAX_LENGTH} caracteres.`,
  noteTooLong: `La nota no puede superar los ${LINK_NOTE_MAX_LENGTH} caracteres.`,
  emailInvalid: 'Ingresa un correo electrónico válido.',
  phoneInvalid: 'Ingresa un teléfono válido (solo números, espacios, +, -, paréntesis).',
  linkNotFound: 'No existe ese enlace de registro.',
  linkAlreadyRevoked: 'El enlace ya estaba revocado.',
  extendDaysInvalid: `Indica cuántos días extender (entre 1 y ${LINK_EXTEND_DAYS_MAX}).`,
  contactNameRequired: 'Indica tu nombre.',
  contactNameTooLong: `El nombre no puede superar los ${CONTACT_NAME_MAX_LENGTH} caracteres.`,
  contactEmailRequired: 'Indica tu correo electrónico.',
  contactPhoneTooLong: `El teléfono no puede superar los ${CONTACT_PHONE_MAX_LENGTH} caracteres.`,
  fieldsBeforeFiles: 'Envía los campos del formulario antes que los archivos.',
  tooManyImages: `Puedes enviar como máximo ${IMAGES_PER_UPLOAD} imágenes adicionales.`,
  tooManyVideos: `Puedes enviar como máximo ${REGISTRATION_VIDEOS_MAX} videos.`,
  oneMainImage: 'Envía una sola imagen principal.',
  uploadInterrupted: 'La subida se interrumpió antes de terminar. Inténtalo de nuevo.',
  requestNotFound: 'No existe esa solicitud de publicación.',
  requestAlreadyDecided: 'Esta solicitud ya fue decidida: no se puede aprobar ni rechazar de nuevo.',
  rejectReasonRequired: 'Indica el motivo del rechazo.',
  rejectReasonTooLong: `El motivo no puede superar los ${REJECT_REASON_MAX_LENGTH} caracteres.`,
  mediaNotFound: 'No existe ese archivo en la solicitud.',
  requestMediaMissing: 'Falta un archivo de esta solicitud, así que no se puede aprobar. Recházala y pide que la envíen de nuevo.',
  withoutLink: 'Sin enlace',
} as const;

/* ------------------------------------------------------------------ packages */

const intSchema = (message: string, max: number) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

export const packageInputSchema = z.object({
  nombre: oneLineText({ error: intakeMessages.packageNameRequired })
    .trim()
    .min(1, intakeMessages.packageNameRequired)
    .max(PACKAGE_NAME_MAX_LENGTH, intakeMessages.packageNameTooLong),
  descripcion: multiLineText().trim().max(PACKAGE_DESCRIPTION_MAX_LENGTH, intakeMessages.packageDescriptionTooLong).optional(),
  cupo: intSchema(intakeMessages.packageQuotaInvalid, PACKAGE_QUOTA_MAX).describe('Mascotas que puede registrar cada enlace'),
  diasVigencia: intSchema(intakeMessages.packageDaysInvalid, PACKAGE_DAYS_MAX).describe('Días que un enlace sigue siendo válido'),
});
export type PackageInput = z.output<typeof packageInputSchema>;
export type PackageFormValues = z.input<typeof packageInputSchema>;

export const updatePackageInputSchema = packageInputSchema.partial();
export type UpdatePackageInput = z.output<typeof updatePackageInputSchema>;

export const packageSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  cupo: z.number().int(),
  diasVigencia: z.number().int(),
  archivado: z.boolean(),
  archivedAt: z.string().nullable(),
  enlaces: z.number().int().describe('Enlaces emitidos con este paquete'),
  enlacesActivos: z.number().int().describe('Enlaces vigentes: ni revocados, ni vencidos, ni sin cupo'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Package = z.infer<typeof packageSchema>;

export const listPackagesQuerySchema = z.object({
  archivados: z.enum(['0', '1']).default('0').describe("'1': incluye los archivados"),
});
export const listPackagesResponseSchema = z.object({
  items: z.array(packageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const numericIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/* ------------------------------------------------------------------ registration links */

const optionalEmail = oneLineText()
  .trim()
  .max(254, intakeMessages.emailInvalid)
  .refine((v) => v === '' || z.email().safeParse(v).success, intakeMessages.emailInvalid);
const optionalPhone = oneLineText()
  .trim()
  .max(CONTACT_PHONE_MAX_LENGTH, intakeMessages.phoneInvalid)
  .regex(/^[\d\s+()./-]*$/, intakeMessages.phoneInvalid);

export const createLinkInputSchema = z.object({
  // None chosen ('' from the form, or missing) asks to choose one; anything else that is no package's id says so.
  paqueteId: z
    .preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.coerce
        .number({ error: intakeMessages.packageNotFound })
        .int(intakeMessages.packageNotFound)
        .min(1, intakeMessages.packageNotFound)
        .optional(),
    )
    .refine((value) => value !== undefined, intakeMessages.packageRequired)
    .transform((value) => value),
  destinatario: oneLineText({ error: intakeMessages.recipientRequired })
    .trim()
    .min(1, intakeMessages.recipientRequired)
    .max(LINK_TEXT_MAX_LENGTH, intakeMessages.textTooLong),
  email: optionalEmail.optional(),
  telefono: optionalPhone.optional(),
  nota: multiLineText().trim().max(LINK_NOTE_MAX_LENGTH, intakeMessages.noteTooLong).optional(),
});
export type CreateLinkInput = z.output<typeof createLinkInputSchema>;
export type CreateLinkFormValues = z.input<typeof createLinkInputSchema>;

export const extendLinkInputSchema = z.object({
  dias: z.coerce
    .number({ error: intakeMessages.extendDaysInvalid })
    .int()
    .min(1, intakeMessages.extendDaysInvalid)
    .max(LINK_EXTEND_DAYS_MAX, intakeMessages.extendDaysInvalid),
});
export type ExtendLinkInput = z.output<typeof extendLinkInputSchema>;

export const linkSchema = z.object({
  id: z.string().describe('Token imposible de adivinar (128 bits o más)'),
  url: z.string().describe('Dirección del formulario público con este enlace'),
  urlMovil: z.string().describe('La misma dirección en el formulario para teléfonos'),
  paqueteId: z.number().int(),
  paqueteNombre: z.string(),
  destinatario: z.string(),
  personaId: z.number().int().nullable().describe('La persona del destinatario, cuando el enlace tiene correo o teléfono'),
  email: z.string(),
  telefono: z.string(),
  nota: z.string(),
  cupo: z.number().int(),
  usados: z.number().int(),
  restantes: z.number().int(),
  venceEn: z.string(),
  revocadoEn: z.string().nullable(),
  estado: z.enum(LINK_STATES),
  createdAt: z.string(),
});
export type RegistrationLink = z.infer<typeof linkSchema>;

export const linkIdParamsSchema = z.object({ id: oneLineText().min(1).max(200) });

export const listLinksQuerySchema = z.object({
  paqueteId: z.coerce.number().int().min(1).optional(),
  estado: z.enum(LINK_STATES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListLinksQuery = z.infer<typeof listLinksQuerySchema>;
export const listLinksResponseSchema = z.object({
  items: z.array(linkSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/public/enlaces/{linkId}` (DESIGN section 7). */
export const linkCheckSchema = z.discriminatedUnion('valido', [
  z.object({ valido: z.literal(true), destinatario: z.string(), restantes: z.number().int(), venceEn: z.string() }),
  z.object({
    valido: z.literal(false),
    motivo: z.enum(LINK_INVALID_REASONS),
    mensaje: z.string(),
    contacto: organizationContactSchema.describe('A quién pedir un enlace nuevo'),
  }),
]);
export type LinkCheck = z.infer<typeof linkCheckSchema>;
export const publicLinkParamsSchema = z.object({ linkId: oneLineText().max(200) });

/* ------------------------------------------------------------------ public registration */

/**
 * The text fields of `POST /api/public/registro-mascota` (multipart, so every value is a string): the pet's
 * fields with the pet rules, the submitter's contact, the optional link and the honeypot. The browser
 * forms validate with this same schema.
 */
export const registrationFieldsSchema = petFieldsSchema
  .pick({ nombre: true, edad: true, tipo: true, genero: true, tamano: true, discapacidad: true, personalidad: true, historia: true, tags: true })
  .extend({
    contactoNombre: oneLineText({ error: intakeMessages.contactNameRequired })
      .trim()
      .min(1, intakeMessages.contactNameRequired)
      .max(CONTACT_NAME_MAX_LENGTH, intakeMessages.contactNameTooLong),
    contactoEmail: oneLineText({ error: intakeMessages.contactEmailRequired })
      .trim()
      .min(1, intakeMessages.contactEmailRequired)
      .max(254, intakeMessages.emailInvalid)
      .pipe(z.email(intakeMessages.emailInvalid)),
    contactoTelefono: optionalPhone.default(''),
    enlaceId: oneLineText()
      .trim()
      .max(200)
      .optional()
      .transform((v) => (v ? v : undefined)),
    [HONEYPOT_FIELD]: oneLineText().optional(),
  });
export type RegistrationFieldsInput = z.input<typeof registrationFieldsSchema>;
export type RegistrationFields = z.output<typeof registrationFieldsSchema>;

export const registrationResultSchema = z.object({ id: z.number().int().describe('Número de referencia de la solicitud') });

/* ------------------------------------------------------------------ publication requests (staff) */

export const requestMediaSchema = z.object({
  index: z.number().int(),
  kind: z.enum(['principal', 'imagen', 'video']),
  nombre: z.string(),
  bytes: z.number().int(),
  contentType: z.string(),
  url: z.string().describe('Solo para el equipo (requiere sesión)'),
  thumbnailUrl: z.string().nullable(),
});
export type RequestMedia = z.infer<typeof requestMediaSchema>;

export const publicationRequestListItemSchema = z.object({
  id: z.number().int(),
  estado: z.enum(PUBLICATION_REQUEST_STATES),
  nombre: z.string(),
  edad: z.string(),
  tipo: z.string(),
  genero: z.string(),
  tamano: z.string(),
  contactoNombre: z.string(),
  contactoEmail: z.string(),
  contactoTelefono: z.string(),
  personaId: z.number().int().nullable().describe('La persona que registró la mascota'),
  enlaceId: z.string().nullable(),
  destinatario: z.string().nullable(),
  paqueteId: z.number().int().nullable(),
  paqueteNombre: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  imagenes: z.number().int(),
  videos: z.number().int(),
  mascotaId: z.number().int().nullable(),
  motivoRechazo: z.string().nullable(),
  decididoEn: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicationRequestListItem = z.infer<typeof publicationRequestListItemSchema>;

export const publicationRequestSchema = publicationRequestListItemSchema.extend({
  discapacidad: z.enum(['0', '1']),
  personalidad: z.string(),
  historia: z.string(),
  tags: z.array(z.string()),
  media: z.array(requestMediaSchema),
  decididoPor: z.string().nullable(),
  decididoPorNombre: z.string().nullable(),
});
export type PublicationRequest = z.infer<typeof publicationRequestSchema>;

export const listPublicationRequestsQuerySchema = z.object({
  estado: z.enum(PUBLICATION_REQUEST_STATES).optional(),
  personaId: z.coerce.number().int().min(1).max(2_147_483_647).optional().describe('Solo los registros de esta persona'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListPublicationRequestsQuery = z.infer<typeof listPublicationRequestsQuerySchema>;
export const listPublicationRequestsResponseSchema = z.object({
  items: z.array(publicationRequestListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const rejectRequestInputSchema = z.object({
  motivo: multiLineText({ error: intakeMessages.rejectReasonRequired })
    .trim()
    .min(1, intakeMessages.rejectReasonRequired)
    .max(REJECT_REASON_MAX_LENGTH, intakeMessages.rejectReasonTooLong),
});
export type RejectRequestInput = z.output<typeof rejectRequestInputSchema>;
export const approveRequestResultSchema = z.object({ mascotaId: z.number().int() });
/** `POST /api/solicitudes-publicacion/{id}/aprobar`: where the animal came from, for the register book (optional). */
export const approveRequestInputSchema = petIdentityFieldsSchema.pick({ procedencia: true, procedenciaDetalle: true });
export type ApproveRequestInput = z.output<typeof approveRequestInputSchema>;
export const requestMediaParamsSchema = numericIdParamsSchema.extend({ index: z.coerce.number().int().min(0).max(100) });
