import { petMessages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { describeSaveError } from './save-error';

const apiError = (code: string, message: string, status = 400) => new ApiError({ status, code, message, hasServerMessage: true });

describe('describeSaveError', () => {
  it('a conflict offers the latest version with the server message', () => {
    expect(describeSaveError(apiError('CONFLICT', 'Otra persona modificó esta mascota.', 409))).toEqual({
      kind: 'conflict',
      message: 'Otra persona modificó esta mascota.',
    });
  });

  it("another failure carries the server's detail when it adds something", () => {
    expect(describeSaveError(apiError('VALIDATION_ERROR', 'Revisa los datos.'))).toEqual({ kind: 'failed', detail: 'Revisa los datos.' });
  });

  it('no detail when it would repeat the general text', () => {
    expect(describeSaveError(apiError('INTERNAL', petMessages.saveErrorText, 500))).toEqual({ kind: 'failed', detail: null });
  });
});
