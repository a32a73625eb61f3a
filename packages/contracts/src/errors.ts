import { z } from 'zod';
import { type ErrorCode, errorStatus } from './error-codes';
export * from './error-codes';

export const errorCodeSchema = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]);

/** Field name -> Spanish message. */
export const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** The one error shape every API error answers with. */
export const apiErrorBodySchema = z
  .object({
    code: errorCodeSchema,
    message: z.string().describe('Mensaje en español, apto para mostrar a la persona usuaria'),
    fieldErrors: fieldErrorsSchema.optional(),
    requestId: z.string(),
  })
  .describe('Error');
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
