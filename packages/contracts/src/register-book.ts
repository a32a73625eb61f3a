import { z } from 'zod';
import { PROCEDENCIAS } from './pet-identity';

/*
 * The register book of the "núcleo zoológico" (DESIGN section 16): one line per stay of an animal, numbered per year
 * in order of entry and never renumbered. A line is closed when the animal leaves (adoption, transfer, death, or a
 * lost animal given back to its owner); a closed line never changes and carries the SHA-256 of its content chained to
 * the closed line before it. A later correction appends a rectification line naming the line it corrects.
 */

export const REGISTER_BOOK_DESTINOS = ['adopcion', 'traslado', 'fallecimiento', 'devolucion_propietario'] as const;
export type RegisterBookDestino = (typeof REGISTER_BOOK_DESTINOS)[number];
export const registerBookDestinoLabels: Record<RegisterBookDestino, string> = {
  adopcion: 'Adopción',
  traslado: 'Traslado',
  fallecimiento: 'Fallecimiento',
  devolucion_propietario: 'Devolución al propietario',
};
export const REGISTER_BOOK_FORMATS = ['json', 'pdf', 'xlsx'] as const;
export type RegisterBookFormat = (typeof REGISTER_BOOK_FORMATS)[number];
/** The years a book may be asked for (outside the data the book is simply empty). */
export const REGISTER_BOOK_YEAR_MIN = 1900;
export const REGISTER_BOOK_YEAR_MAX = 9999;

export const registerBookMessages = {
  yearInvalid: 'Indica un año válido (cuatro cifras, por ejemplo 2026).',
  formatInvalid: 'El formato debe ser json, pdf o xlsx.',
  title: 'Libro de registro',
  verified: 'El libro está íntegro: ninguna línea cerrada ha cambiado.',
  broken: 'El libro no está íntegro: la línea indicada o la cadena que la une a la anterior ha cambiado.',
} as const;

export const registerBookRecipientSchema = z.object({
  nombre: z.string(),
  nif: z.string().describe('Vacío si no consta'),
  direccion: z.string().describe('Vacía si no consta'),
});
export type RegisterBookRecipient = z.infer<typeof registerBookRecipientSchema>;

export const registerBookLineSchema = z.object({
  anio: z.number().int().describe('Año del libro (el de la entrada; una rectificación va en el año de la línea que corrige)'),
  numero: z.number().int().min(1).describe('Número de la línea en su año, por orden de entrada; nunca se renumera'),
  mascotaId: z.number().int(),
  fechaEntrada: z.string().describe('AAAA-MM-DD'),
  procedencia: z.enum(PROCEDENCIAS).nullable().describe('null: sin indicar'),
  procedenciaDetalle: z.string(),
  especie: z.string(),
  raza: z.string(),
  sexo: z.string(),
  color: z.string(),
  microchip: z.string().nullable(),
  fechaNacimiento: z.string().nullable(),
  fechaSalida: z.string().nullable().describe('AAAA-MM-DD; null mientras el animal sigue en el refugio'),
  destino: z.enum(REGISTER_BOOK_DESTINOS).nullable(),
  destinatario: registerBookRecipientSchema.nullable().describe('Persona que recibe al animal en una adopción, traslado o devolución'),
  causaMuerte: z.string().nullable(),
  vacunas: z.string().describe('Vacunas puestas durante la estancia: «fecha nombre», separadas por «; »'),
  tratamientos: z.string().describe('Tratamientos durante la estancia: «fecha nombre», separados por «; »'),
  veterinario: z.string().describe('Quien certificó la muerte o atendió; vacío si no consta'),
  cerrada: z.boolean().describe('El animal salió: el contenido queda congelado'),
  hash: z.string().nullable().describe('SHA-256 (hex) del contenido y del hash de la línea cerrada anterior; null si abierta'),
  rectifica: z.number().int().nullable().describe('En una línea de rectificación: el número de la línea que corrige'),
  cadena: z
    .number()
    .int()
    .nullable()
    .describe(
      'Puesto de la línea cerrada en la cadena de todas las líneas cerradas de todos los años (1, 2, …); null si abierta. No entra en el hash',
    ),
  hashAnterior: z
    .string()
    .nullable()
    .describe("Hash de la línea cerrada anterior en la cadena ('' para la primera); null si abierta. No entra en el hash (docs/register-book.md)"),
});
export type RegisterBookLine = z.infer<typeof registerBookLineSchema>;

const yearText = z.coerce
  .number({ error: registerBookMessages.yearInvalid })
  .int({ error: registerBookMessages.yearInvalid })
  .min(REGISTER_BOOK_YEAR_MIN, { error: registerBookMessages.yearInvalid })
  .max(REGISTER_BOOK_YEAR_MAX, { error: registerBookMessages.yearInvalid });

export const registerBookQuerySchema = z.object({
  anio: yearText.describe('Año del libro (cuatro cifras)'),
  formato: z.enum(REGISTER_BOOK_FORMATS, { error: registerBookMessages.formatInvalid }).default('json'),
});
export type RegisterBookQuery = z.infer<typeof registerBookQuerySchema>;

export const registerBookVerifyQuerySchema = z.object({ anio: yearText.describe('Año del libro (cuatro cifras)') });

export const registerBookResponseSchema = z.object({
  anio: z.number().int(),
  organizacion: z.object({ nombre: z.string(), nucleoZoologico: z.string(), registroEntidades: z.string() }),
  lineas: z.array(registerBookLineSchema),
  completo: z
    .boolean()
    .describe('false mientras el libro se completa con los datos anteriores a él (un trabajo en segundo plano): faltan líneas de esos animales'),
});
export type RegisterBookResponse = z.infer<typeof registerBookResponseSchema>;

export const registerBookVerificationSchema = z.object({
  integro: z.boolean().describe('Todas las líneas cerradas y su cadena coinciden con sus hashes'),
  lineas: z.number().int().describe('Líneas cerradas comprobadas del año'),
  primeraRota: z.number().int().optional().describe('Número (en el año pedido) de la primera línea que no coincide'),
});
export type RegisterBookVerification = z.infer<typeof registerBookVerificationSchema>;
