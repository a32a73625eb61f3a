import { z } from 'zod';
import { CARE_TYPES } from './care';
import { INSPECTION_LIMITS, INSPECTION_STATES, inspectionMessages } from './inspection-messages';
import { MOVEMENT_TYPES } from './movements';
import { PROCEDENCIAS } from './pet-identity';
import { registerBookLineSchema } from './register-book';
import { calendarDate, oneLineText } from './text';
export * from './inspection-messages';

/*
 * Inspection links (DESIGN section 16): an administrator opens a read-only link for an inspector (a name, the body
 * they inspect for, the last day it works, at most 30 days ahead); the link shows the register book of every year
 * and, for each animal in it, its identity, care record and movements. Every read through it is a history event.
 */

export const createInspectionInputSchema = z
  .object({
    nombre: oneLineText({ error: inspectionMessages.nameRequired })
      .trim()
      .min(1, { error: inspectionMessages.nameRequired })
      .max(INSPECTION_LIMITS.nameChars, { error: inspectionMessages.nameTooLong })
      .describe('Quien inspecciona'),
    organismo: oneLineText({ error: inspectionMessages.bodyRequired })
      .trim()
      .min(1, { error: inspectionMessages.bodyRequired })
      .max(INSPECTION_LIMITS.nameChars, { error: inspectionMessages.bodyTooLong })
      .describe('El organismo por el que inspecciona'),
    hasta: calendarDate(inspectionMessages.untilInvalid).describe(
      "Último día en que vale el enlace ('AAAA-MM-DD', zona horaria de la organización): de hoy a 30 días",
    ),
  })
  .strict();
export type CreateInspectionInput = z.infer<typeof createInspectionInputSchema>;

export const inspectionCreatedSchema = z.object({
  id: z.number().int(),
  url: z.string().describe('La dirección del enlace: solo se muestra ahora, no se guarda'),
  venceEn: z.string().describe('Momento en que deja de valer (ISO 8601): el final del día «hasta»'),
  hasta: z.string().describe("Último día en que vale ('AAAA-MM-DD', zona horaria de la organización)"),
});
export type InspectionCreated = z.infer<typeof inspectionCreatedSchema>;

export const inspectionReadSchema = z.object({
  en: z.string(),
  lectura: z.enum(['libro', 'mascota']),
  mascota: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
});
export type InspectionRead = z.infer<typeof inspectionReadSchema>;

export const inspectionSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  organismo: z.string(),
  estado: z.enum(INSPECTION_STATES),
  venceEn: z.string(),
  hasta: z.string().describe("Último día en que vale ('AAAA-MM-DD', zona horaria de la organización)"),
  revocadaEn: z.string().nullable(),
  creadaEn: z.string(),
  creadaPor: z.string().nullable().describe('Nombre de quien abrió el enlace'),
  lecturas: z.array(inspectionReadSchema).describe('Lo que se leyó con el enlace, lo más reciente primero'),
});
export type Inspection = z.infer<typeof inspectionSchema>;
export const inspectionListSchema = z.object({ items: z.array(inspectionSchema) });
export type InspectionList = z.infer<typeof inspectionListSchema>;

export const inspectionViewSchema = z.object({
  nombre: z.string(),
  organismo: z.string(),
  venceEn: z.string(),
  hasta: z.string().describe("Último día en que vale ('AAAA-MM-DD', zona horaria de la organización)"),
  organizacion: z.object({ nombre: z.string().nullable(), nucleoZoologico: z.string().nullable(), registroEntidades: z.string().nullable() }),
  libro: z.array(registerBookLineSchema).describe('Las líneas de todos los años, por año y número'),
});
export type InspectionView = z.infer<typeof inspectionViewSchema>;

export const inspectionPetSchema = z.object({
  mascota: z.object({
    id: z.number().int(),
    nombre: z.string(),
    especie: z.string(),
    raza: z.string(),
    sexo: z.string(),
    color: z.string(),
    microchip: z.string().nullable(),
    fechaNacimiento: z.string().nullable(),
    fechaNacimientoAprox: z.boolean(),
    esterilizado: z.string(),
    fechaEsterilizacion: z.string().nullable(),
  }),
  lineas: z.array(registerBookLineSchema).describe('Las líneas del animal en el libro (las únicas con datos de personas)'),
  cuidados: z.array(
    z.object({
      id: z.number().int(),
      tipo: z.enum(CARE_TYPES),
      nombre: z.string(),
      fechaProgramada: z.string().nullable(),
      fechaRealizada: z.string().nullable(),
      dosis: z.string(),
      lote: z.string(),
      veterinario: z.string(),
      resultado: z.string(),
      pesoKg: z.number().nullable(),
    }),
  ),
  movimientos: z.array(
    z.object({
      id: z.number().int(),
      tipo: z.enum(MOVEMENT_TYPES),
      fecha: z.string(),
      procedencia: z.enum(PROCEDENCIAS).nullable(),
      procedenciaDetalle: z.string(),
      motivo: z.string(),
      veterinario: z.string(),
    }),
  ),
});
export type InspectionPet = z.infer<typeof inspectionPetSchema>;
