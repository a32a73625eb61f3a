import { FINAL_MOVEMENT_TYPES, type LocationType, movementMessages, type MovementType, PLACEMENT_TYPES } from '@refugio/contracts';

/**
 * The movements that can follow a location (the server checks the same and answers 409 otherwise). A fostered pet
 * may be adopted straight away (by its foster home or anyone): the dialog then closes the placement too.
 */
export function allowedMovements(location: LocationType): MovementType[] {
  if (location === 'trasladado' || location === 'fallecido') return [];
  if (location === 'acogida') return ['adopcion', 'devolucion', 'traslado', 'fallecimiento'];
  if (location === 'adoptado') return ['devolucion', 'traslado', 'fallecimiento'];
  return ['ingreso', 'acogida', 'adopcion', 'traslado', 'fallecimiento'];
}

export const needsPerson = (tipo: MovementType) => (PLACEMENT_TYPES as readonly MovementType[]).includes(tipo);
/** A return needs its reason; a death its cause (Ley 7/2023: the register book records it). */
export const needsReason = (tipo: MovementType) => tipo === 'devolucion' || tipo === 'fallecimiento';
/** After these the pet is never public again: the dialog asks to confirm. */
export const isFinalMovement = (tipo: MovementType) => (FINAL_MOVEMENT_TYPES as readonly MovementType[]).includes(tipo);

export interface MovementDraft {
  tipo: MovementType;
  fecha: string;
  personaId: number | null;
  motivo: string;
  notas: string;
  veterinario?: string;
}

export type MovementErrors = Partial<Record<'fecha' | 'personaId' | 'motivo', string>>;

/** The dialog's own checks, with the server's Spanish messages; `today` is AAAA-MM-DD. */
export function validateMovement(draft: MovementDraft, today: string): MovementErrors {
  const errors: MovementErrors = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.fecha)) errors.fecha = movementMessages.dateInvalid;
  else if (draft.fecha > today) errors.fecha = movementMessages.dateInFuture;
  if (needsPerson(draft.tipo) && draft.personaId === null) errors.personaId = movementMessages.personRequired;
  if (needsReason(draft.tipo) && draft.motivo.trim() === '')
    errors.motivo = draft.tipo === 'fallecimiento' ? movementMessages.causeRequired : movementMessages.reasonRequired;
  return errors;
}

/** Today in the browser's calendar, AAAA-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The day an `ingreso` recorded by hand starts at: the pet's own entry date (aaaa-mm-dd), when it is not in the future
 * nor before the latest movement; otherwise none (today).
 */
export function entryDefault(fechaIngreso: string | null | undefined, movements: readonly { fecha: string }[], today: string): string | null {
  const day = fechaIngreso?.slice(0, 10) ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day > today) return null;
  return movements.every((m) => m.fecha <= day) ? day : null;
}
