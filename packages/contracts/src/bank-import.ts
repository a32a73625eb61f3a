import { z } from 'zod';
import { GIFT_CONCEPTS, MONEY_METHODS } from './donation-messages';
import { oneLineText } from './text';
import { formatCount } from './wording';

/*
 * Importing a bank statement (DESIGN section 15): `POST /api/donativos/importar` reads the file and answers a dry
 * run of its incoming movements; `POST /api/donativos/importar/{id}/confirmar` stores the chosen ones as gifts.
 */

/** How long a dry run waits for its confirmation before it is forgotten (the statement is uploaded again). */
export const BANK_IMPORT_TTL_HOURS = 24;
/** At most this many rows in one confirmation (a statement of several busy years stays far below). */
export const BANK_IMPORT_MAX_ROWS = 20_000;
/**
 * At most this many incoming movements in one statement (`POST /api/donativos/importar`): a shelter's busiest years
 * stay far below, and a dry run stays quick; a longer statement is split (by months, for example).
 */
export const BANK_STATEMENT_MAX_MOVEMENTS = 20_000;

export const BANK_MATCH_REASONS = ['iban', 'nif', 'telefono', 'email'] as const;
export type BankMatchReason = (typeof BANK_MATCH_REASONS)[number];

/** `futuro`: dated after today (the organisation's day): not money received yet, never stored. */
export const BANK_MOVEMENT_STATES = ['nuevo', 'duplicado', 'sin_persona', 'futuro'] as const;
export type BankMovementState = (typeof BANK_MOVEMENT_STATES)[number];

export const bankMatchReasonLabels: Record<BankMatchReason, string> = {
  iban: 'IBAN de su cuota',
  nif: 'NIF',
  telefono: 'Teléfono',
  email: 'Correo electrónico',
};
export const bankMovementStateLabels: Record<BankMovementState, string> = {
  nuevo: 'Nuevo',
  duplicado: 'Ya importado',
  sin_persona: 'Sin persona',
  futuro: 'Fecha futura',
};

export const bankImportMessages = {
  fileMissing: 'Elige el extracto del banco (CSV o Norma 43).',
  fileTooBig: 'El extracto ocupa más de 10 MB.',
  oneFileOnly: 'Sube un solo extracto cada vez.',
  noCredits: 'El extracto no tiene ningún ingreso que importar.',
  tooManyMovements: `El extracto trae más de ${formatCount(BANK_STATEMENT_MAX_MOVEMENTS)} ingresos: divídelo en extractos más cortos (por meses, por ejemplo).`,
  notFound: 'La importación no existe o ha caducado: vuelve a subir el extracto.',
  rowNotInImport: (fila: number) => `La fila ${fila} no es un ingreso de este extracto.`,
  rowsInvalid: 'Indica las filas como números o como { fila, personaId }.',
  personNotFound: (personaId: number) => `La persona ${personaId} no existe.`,
  personAnonymised: (personaId: number) => `La persona ${personaId} está anonimizada: no se le asignan donativos.`,
  ambiguous: (detail: string) => `Coincide con más de una persona (${detail}): elige la persona a mano.`,
  alreadyStored: 'Ya está registrado (misma fecha, importe y referencia).',
  noIdentifier: 'El concepto no trae IBAN, NIF, teléfono ni correo: elige la persona a mano si la conoces.',
  nobodyNamed: 'Ninguna persona tiene el IBAN, NIF, teléfono o correo que trae el concepto.',
  futureDate: 'La fecha del movimiento es posterior a hoy: todavía no es dinero recibido y no se guarda.',
  rowInFuture: (fila: number) => `La fila ${fila} tiene una fecha posterior a hoy: todavía no es dinero recibido y no se guarda.`,
} as const;

const id = z.number().int().min(1).max(2_147_483_647);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const bankImportIdParamsSchema = z.object({
  id: oneLineText({ error: bankImportMessages.notFound })
    .regex(UUID, bankImportMessages.notFound)
    .describe('El id que respondió la lectura del extracto'),
});

export const bankMatchSchema = z.object({
  personaId: z.number().int(),
  nombre: z.string(),
  motivo: z.enum(BANK_MATCH_REASONS).describe('Qué dato del concepto la identifica: iban (de una de sus cuotas), nif, telefono o email'),
});
export type BankMatch = z.infer<typeof bankMatchSchema>;

export const bankMovementSchema = z.object({
  fila: z.number().int().describe('Fila de la hoja de cálculo (cabecera = 1) o línea del fichero Norma 43'),
  fecha: z.string(),
  importe: z.number().describe('Euros, con dos decimales como mucho'),
  importeCentimos: z.number().int(),
  concepto: z.string().describe('Concepto del banco, con los IBAN enmascarados'),
  referencia: z.string().optional(),
  coincidencia: bankMatchSchema.optional(),
  estado: z.enum(BANK_MOVEMENT_STATES),
  aviso: z.string().optional().describe('Por qué no hay persona (ninguna o más de una) o por qué es un duplicado'),
  propuesta: z
    .object({ concepto: z.enum(GIFT_CONCEPTS), metodo: z.enum(MONEY_METHODS) })
    .describe('Cómo se guardaría: concepto y forma de pago deducidos del texto del banco y de la cuota'),
});
export type BankMovement = z.infer<typeof bankMovementSchema>;

export const bankImportSchema = z.object({
  id: z.uuid(),
  archivo: z.string(),
  formato: z.enum(['csv', 'norma43']),
  caducaEn: z.string().describe('Hasta cuándo se puede confirmar (ISO 8601)'),
  movimientos: z.array(bankMovementSchema).describe('Solo los ingresos, en el orden del extracto'),
  ignorados: z
    .number()
    .int()
    .describe('Movimientos que no se importan: cargos (importes negativos o cero) y abonos mayores que el máximo de un donativo'),
});
export type BankImport = z.infer<typeof bankImportSchema>;

const rowChoice = z.union(
  [
    z.number().int().min(1).max(10_000_000),
    z.object({
      fila: z.number().int().min(1).max(10_000_000),
      personaId: id
        .optional()
        .describe('Asigna la fila a esta persona (también a una fila sin_persona); sin ella, la coincidencia propuesta o anónimo'),
    }),
  ],
  { error: bankImportMessages.rowsInvalid },
);

export const bankImportConfirmInputSchema = z.object({
  filas: z
    .array(rowChoice, { error: bankImportMessages.rowsInvalid })
    .max(BANK_IMPORT_MAX_ROWS, bankImportMessages.rowsInvalid)
    .optional()
    .describe('Filas que se guardan. Sin filas: todos los movimientos nuevos con persona.'),
});
export type BankImportConfirmInput = z.infer<typeof bankImportConfirmInputSchema>;

export const bankImportResultSchema = z.object({
  creados: z.number().int().describe('Donativos guardados ahora'),
  duplicados: z.number().int().describe('Filas elegidas que ya estaban registradas: no se guardan otra vez'),
  omitidos: z.number().int().describe('Ingresos del extracto que no se eligieron'),
});
export type BankImportResult = z.infer<typeof bankImportResultSchema>;
