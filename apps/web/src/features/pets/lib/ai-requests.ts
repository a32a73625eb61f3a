import {
  PET_AGE_MAX_LENGTH,
  PET_NAME_MAX_LENGTH,
  PET_TEXT_MAX_LENGTH,
  aiMessages,
  type ImproveTextInput,
  type SuggestTagsInput,
} from '@refugio/contracts';
import { ApiError } from '../../../lib/api-client';
import type { PetFormValues } from './pet-form-values';

/** The two texts that 'Mejorar con IA' can rewrite. */
export type ImprovableField = ImproveTextInput['campo'];

export const improvableFieldLabels: Record<ImprovableField, string> = {
  historia: 'Historia',
  personalidad: 'Personalidad',
};

const clip = (value: string | undefined, max: number) => (value ?? '').trim().slice(0, max);

/**
 * The body of `POST /api/ai/etiquetas` from the form as it is now (not the saved pet): unsaved edits count.
 * Values are clipped to the contract's limits so that a field still being typed cannot make the call fail.
 */
export function buildSuggestTagsInput(values: PetFormValues): SuggestTagsInput {
  return {
    nombre: clip(values.nombre, PET_NAME_MAX_LENGTH),
    tipo: clip(values.tipo, 20),
    edad: clip(values.edad, PET_AGE_MAX_LENGTH),
    genero: clip(values.genero, 20),
    tamano: clip(values.tamano, 20),
    discapacidad: values.discapacidad ?? '0',
    historia: clip(values.historia, PET_TEXT_MAX_LENGTH),
    personalidad: clip(values.personalidad, PET_TEXT_MAX_LENGTH),
  };
}

/** The body of `POST /api/ai/mejorar-texto` for one field, or null when that field is empty (nothing to improve). */
export function buildImproveTextInput(campo: ImprovableField, values: PetFormValues): ImproveTextInput | null {
  const texto = (values[campo] ?? '').trim();
  if (texto === '') return null;
  const nombre = clip(values.nombre, PET_NAME_MAX_LENGTH);
  return nombre === '' ? { campo, texto } : { campo, texto, nombre };
}

/** SPEC section 8's success text; a pet not named yet (Agregar) is 'la mascota'. */
export function tagsSuccessMessage(count: number, nombre: string): string {
  return aiMessages.tagsSuccessText(count, nombre.trim() === '' ? 'la mascota' : nombre.trim());
}

/** Tag generation failures read as SPEC section 8's text, except the rate limit, which says when to retry. */
export function tagsErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.hasServerMessage && error.code === 'RATE_LIMITED') return error.message;
  return aiMessages.tagsFailure;
}

/**
 * Text improvement failures: the server's own Spanish message ('Error al mejorar el texto con IA' when there
 * was no result, 'Error al conectar con el servicio de IA' otherwise, the rate limit, the field's own
 * validation message); without one (network down, a proxy's page), SPEC section 8's failure text.
 */
export function improveErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return aiMessages.improveFailure;
  const fieldMessage = error.fieldErrors?.texto;
  if (fieldMessage) return fieldMessage;
  if (error.hasServerMessage) return error.message;
  return error.code === 'AI_NO_RESULT' ? aiMessages.improveEmpty : aiMessages.improveFailure;
}
