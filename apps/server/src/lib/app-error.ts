import { type ErrorCode, type FieldErrors, errorStatus, messages } from '@refugio/contracts';

/** The one error type services throw; the error handler turns it into `{ code, message, fieldErrors?, requestId }`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(code: ErrorCode, options: { message?: string; fieldErrors?: FieldErrors; cause?: unknown } = {}) {
    super(options.message ?? messages.errors[code], { cause: options.cause });
    this.code = code;
    this.statusCode = errorStatus[code];
    this.fieldErrors = options.fieldErrors;
  }
}
