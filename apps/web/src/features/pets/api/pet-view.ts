import type { ListPetsResponse, Pet, PetListItem } from '@refugio/contracts';
import { decodeFlag, decodeTags } from '../../../lib/wire-encodings';

/**
 * A pet as the screens use it: the answer's fields with the wire encodings read once, here (flags as
 * booleans, tags as a list). Every answer of the pets API goes through these before it reaches the cache.
 */
type Decoded<T> = Omit<T, 'adoptado' | 'discapacidad' | 'tags'> & { adoptado: boolean; discapacidad: boolean; tags: string[] };

/** The pet page's pet: also its identity flag `fechaNacimientoAprox` ('0'/'1' on the wire) as a boolean. */
export type PetView = Omit<Decoded<Pet>, 'fechaNacimientoAprox'> & { fechaNacimientoAprox: boolean };
export type PetListItemView = Decoded<PetListItem>;
export type PetListView = Omit<ListPetsResponse, 'items'> & { items: PetListItemView[] };

function decodeFields<T extends { adoptado: string; discapacidad: string; tags: string }>(pet: T): Decoded<T> {
  return { ...pet, adoptado: decodeFlag(pet.adoptado), discapacidad: decodeFlag(pet.discapacidad), tags: decodeTags(pet.tags) };
}

export const decodePet = (pet: Pet): PetView => ({ ...decodeFields(pet), fechaNacimientoAprox: decodeFlag(pet.fechaNacimientoAprox) });

export const decodePetListItem = (pet: PetListItem): PetListItemView => decodeFields(pet);

export function decodePetList(list: ListPetsResponse): PetListView {
  return { ...list, items: list.items.map(decodePetListItem) };
}
