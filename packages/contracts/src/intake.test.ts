import { describe, expect, it } from 'vitest';
import { createLinkInputSchema, intakeMessages } from './intake';

describe('createLinkInputSchema: the package', () => {
  const messageFor = (paqueteId: unknown) => {
    const result = createLinkInputSchema.safeParse({ paqueteId, destinatario: 'Refugio Sur' });
    return result.success ? result.data.paqueteId : result.error.issues.find((i) => i.path[0] === 'paqueteId')?.message;
  };

  it('asks to choose one when none is chosen', () => {
    expect(messageFor('')).toBe(intakeMessages.packageRequired);
    expect(messageFor(undefined)).toBe(intakeMessages.packageRequired);
    expect(intakeMessages.packageRequired).toBe('Elige un paquete.');
  });

  it('says no such package for an id that cannot be one, and takes a real id', () => {
    expect(messageFor('abc')).toBe(intakeMessages.packageNotFound);
    expect(messageFor('0')).toBe(intakeMessages.packageNotFound);
    expect(messageFor('7')).toBe(7);
  });
});
