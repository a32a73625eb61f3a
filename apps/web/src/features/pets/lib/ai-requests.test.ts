import { PET_NAME_MAX_LENGTH, aiMessages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { buildImproveTextInput, buildSuggestTagsInput, improveErrorMessage, tagsErrorMessage, tagsSuccessMessage } from './ai-requests';
import { newPetFormValues, type PetFormValues } from './pet-form-values';

const values: PetFormValues = {
  ...newPetFormValues('2024-05-01'),
  nombre: '  Luna ',
  edad: '2 años',
  tipo: 'Gato',
  genero: 'hembra',
  tamano: 'chico',
  discapacidad: '1',
  historia: ' La encontraron en un parque. ',
  personalidad: 'Tranquila',
  tags: '["vieja"]',
};

function apiError(status: number, code: string, message: string | null, fieldErrors?: Record<string, string>) {
  return new ApiError({ status, code, message: message ?? `HTTP ${status}`, hasServerMessage: message !== null, fieldErrors });
}

describe('buildSuggestTagsInput', () => {
  it('sends the current form values the prompt uses, trimmed, and nothing else', () => {
    expect(buildSuggestTagsInput(values)).toEqual({
      nombre: 'Luna',
      tipo: 'Gato',
      edad: '2 años',
      genero: 'hembra',
      tamano: 'chico',
      discapacidad: '1',
      historia: 'La encontraron en un parque.',
      personalidad: 'Tranquila',
    });
  });

  it('fills missing values and clips what the contract would refuse', () => {
    const input = buildSuggestTagsInput({ nombre: 'x'.repeat(PET_NAME_MAX_LENGTH + 5), edad: '' });
    expect(input.nombre).toHaveLength(PET_NAME_MAX_LENGTH);
    expect(input.discapacidad).toBe('0');
    expect(input.historia).toBe('');
  });
});

describe('buildImproveTextInput', () => {
  it('sends the field, its trimmed text and the pet name', () => {
    expect(buildImproveTextInput('historia', values)).toEqual({ campo: 'historia', texto: 'La encontraron en un parque.', nombre: 'Luna' });
    expect(buildImproveTextInput('personalidad', { ...values, nombre: ' ' })).toEqual({ campo: 'personalidad', texto: 'Tranquila' });
  });

  it('is null when the text is empty, so the server is not called', () => {
    expect(buildImproveTextInput('historia', { ...values, historia: '  \n ' })).toBeNull();
    expect(buildImproveTextInput('personalidad', { nombre: 'Luna', edad: '' })).toBeNull();
  });
});

describe('tagsSuccessMessage', () => {
  it('names the pet, or says "la mascota" before it has a name', () => {
    expect(tagsSuccessMessage(5, 'Luna')).toBe('Se han generado 5 etiquetas para Luna');
    expect(tagsSuccessMessage(3, ' ')).toBe('Se han generado 3 etiquetas para la mascota');
  });
});

describe('tagsErrorMessage', () => {
  it('shows the SPEC failure text, or the rate-limit message', () => {
    expect(tagsErrorMessage(apiError(502, 'AI_FAILED', 'otro texto'))).toBe(aiMessages.tagsFailure);
    expect(tagsErrorMessage(new NetworkError(new Error('x')))).toBe(aiMessages.tagsFailure);
    expect(tagsErrorMessage(apiError(429, 'RATE_LIMITED', aiMessages.rateLimited))).toBe(aiMessages.rateLimited);
  });
});

describe('improveErrorMessage', () => {
  it("uses the server's message for no result and for failures", () => {
    expect(improveErrorMessage(apiError(502, 'AI_NO_RESULT', aiMessages.improveEmpty))).toBe(aiMessages.improveEmpty);
    expect(improveErrorMessage(apiError(502, 'AI_FAILED', aiMessages.improveFailure))).toBe(aiMessages.improveFailure);
    expect(improveErrorMessage(apiError(429, 'RATE_LIMITED', aiMessages.rateLimited))).toBe(aiMessages.rateLimited);
  });

  it("prefers the text field's own validation message", () => {
    expect(improveErrorMessage(apiError(400, 'VALIDATION_ERROR', 'Revisa los datos', { texto: aiMessages.textRequired }))).toBe(
      aiMessages.textRequired,
    );
  });

  it('falls back to the SPEC texts without a server message', () => {
    expect(improveErrorMessage(apiError(502, 'AI_NO_RESULT', null))).toBe(aiMessages.improveEmpty);
    expect(improveErrorMessage(apiError(504, 'UNKNOWN', null))).toBe(aiMessages.improveFailure);
    expect(improveErrorMessage(new NetworkError(new Error('offline')))).toBe(aiMessages.improveFailure);
  });
});
