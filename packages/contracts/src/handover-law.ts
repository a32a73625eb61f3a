import { addDaysToDay, formatDay } from './days';

/*
 * The law at the contract (DESIGN section 16, Ley 7/2023 art. 58): a dog, cat or ferret is not handed over, by
 * adoption or by a transfer of ownership, without its microchip or younger than eight weeks. The server refuses to
 * prepare such a contract (409); the screens show the same causes before the click.
 */

/** The species the article names (the pet form offers no ferrets today; the rule is ready when it does). */
export const HANDOVER_RULED_SPECIES: readonly string[] = ['Perro', 'Gato', 'Hurón'];
export const HANDOVER_MIN_WEEKS = 8;

export type HandoverBlockCause = 'microchip' | 'edad';
export interface HandoverBlock {
  causa: HandoverBlockCause;
  mensaje: string;
}

export interface HandoverPet {
  nombre: string;
  tipo: string | null;
  microchip: string | null;
  /** AAAA-MM-DD, exact or approximate; unknown birth dates cannot be judged and do not block. */
  fechaNacimiento: string | null;
}

/** The first day the pet may be handed over: the day it turns eight weeks old. */
export function handoverAllowedFrom(fechaNacimiento: string): string {
  return addDaysToDay(fechaNacimiento, HANDOVER_MIN_WEEKS * 7);
}

/** Why this pet cannot be handed over on `today` (the organisation's AAAA-MM-DD), in Spanish; empty when it can. */
export function handoverBlocks(pet: HandoverPet, today: string): HandoverBlock[] {
  if (!pet.tipo || !HANDOVER_RULED_SPECIES.includes(pet.tipo)) return [];
  const blocks: HandoverBlock[] = [];
  if (!pet.microchip?.trim()) {
    blocks.push({
      causa: 'microchip',
      mensaje: `${pet.nombre} no tiene microchip: la Ley 7/2023 (art. 58) no permite entregar un perro, un gato o un hurón sin él. Registra el microchip en su ficha antes de preparar el contrato.`,
    });
  }
  if (pet.fechaNacimiento) {
    const from = handoverAllowedFrom(pet.fechaNacimiento);
    if (today < from) {
      blocks.push({
        causa: 'edad',
        mensaje: `${pet.nombre} tiene menos de ${HANDOVER_MIN_WEEKS} semanas: la Ley 7/2023 (art. 58) no permite entregarlo antes del ${formatDay(from)}.`,
      });
    }
  }
  return blocks;
}
