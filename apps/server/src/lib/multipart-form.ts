import { type FieldErrors, messages } from '@refugio/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error';

export interface FormFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

/**
 * Reads a multipart form of text fields plus small files (each at most `maxFileBytes`, buffered: these are
 * images of at most 2 MB). File parts named in `fileFields` are kept; an empty file part (a form sent
 * without choosing a file) counts as no file. Any other file part is refused.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileFields: string[]; maxFileBytes: number; maxFiles: number; tooLargeMessage: string; tooManyMessage: string },
): Promise<{ fields: Record<string, string>; files: FormFile[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: messages.forms.notMultipart });
  const fields: Record<string, string> = {};
  const files: FormFile[] = [];
  const parts = request.parts({ limits: { fileSize: options.maxFileBytes, files: options.maxFiles + 1 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (!options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new AppError('VALIDATION_ERROR', { message: messages.forms.unexpectedFile(part.fieldname) });
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', { message: options.tooLargeMessage, fieldErrors: { [part.fieldname]: options.tooLargeMessage } });
        }
        throw error;
      }
      if (data.length === 0 && part.filename === '') continue;
      if (files.length >= options.maxFiles) throw new AppError('PAYLOAD_TOO_LARGE', { message: options.tooManyMessage });
      files.push({ fieldName: part.fieldname, fileName: part.filename, data });
    }
  } catch (error) {
    // A body cut short (the connection dropped, or a client that never closes the last part) is the sender's
    // fault: 400 in Spanish, like a form without a boundary, never an unexpected 500.
    if (error instanceof AppError || (error as { code?: string }).code?.startsWith('FST_')) throw error;
    throw new AppError('BAD_REQUEST', { message: messages.security.multipartInvalid });
  }
  return { fields, files };
}

/** Validates parsed form fields, turning zod issues into Spanish field errors. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    fieldErrors[field] ??= issue.message;
  }
  throw new AppError('VALIDATION_ERROR', { fieldErrors });
}
