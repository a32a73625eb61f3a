import { PET_BATCH_MAX, type PetBatchFilter, type PetBatchInput, type PetListItem } from '@refugio/contracts';
import { toListPetsQuery, type PetsListParams } from './pets-list-params';

/*
 * Which pets of the list are selected for a bulk action. Either pets picked one by one (kept across pages, with
 * the version and name each had when picked), or, like Gmail, every pet matching the current search and filters
 * (then the server finds them: it works with thousands, up to PET_BATCH_MAX).
 */

export interface PickedPet {
  version: number;
  nombre: string;
}

export type PetSelection = { kind: 'picked'; pets: ReadonlyMap<number, PickedPet> } | { kind: 'matching'; total: number };

type ListedPet = Pick<PetListItem, 'id' | 'version' | 'nombre'>;

export const noSelection: PetSelection = { kind: 'picked', pets: new Map() };

export function selectionCount(selection: PetSelection): number {
  return selection.kind === 'matching' ? selection.total : selection.pets.size;
}

export function isSelected(selection: PetSelection, id: number): boolean {
  return selection.kind === 'matching' || selection.pets.has(id);
}

const picked = (pets: Iterable<[number, PickedPet]>): PetSelection => ({ kind: 'picked', pets: new Map(pets) });
const entry = (pet: ListedPet): [number, PickedPet] => [pet.id, { version: pet.version, nombre: pet.nombre }];

/** Selects or unselects one pet. Unselecting one while "all matching" are selected keeps the rest of the page. */
export function toggleSelected(selection: PetSelection, pet: ListedPet, page: readonly ListedPet[]): PetSelection {
  if (selection.kind === 'matching') return picked(page.filter((p) => p.id !== pet.id).map(entry));
  const next = new Map(selection.pets);
  if (next.has(pet.id)) next.delete(pet.id);
  else next.set(...entry(pet));
  return picked(next);
}

/** How much of the page is selected: the header checkbox is checked, mixed or empty. */
export function pageSelectionState(selection: PetSelection, page: readonly ListedPet[]): 'all' | 'some' | 'none' {
  const count = page.filter((pet) => isSelected(selection, pet.id)).length;
  if (count === 0) return 'none';
  return count === page.length ? 'all' : 'some';
}

/** The header checkbox: selects the whole page, or unselects it when it was all selected. */
export function togglePage(selection: PetSelection, page: readonly ListedPet[]): PetSelection {
  if (pageSelectionState(selection, page) === 'all') {
    if (selection.kind === 'matching') return noSelection;
    const next = new Map(selection.pets);
    for (const pet of page) next.delete(pet.id);
    return picked(next);
  }
  const next = new Map(selection.kind === 'picked' ? selection.pets : []);
  for (const pet of page) if (!next.has(pet.id)) next.set(...entry(pet));
  return picked(next);
}

/**
 * After the whole page is selected: whether to offer "select all N matching" ('offer'), to say there are too
 * many for one request ('tooMany'), or nothing ('none': fewer matches than selected, or already all).
 */
export function allMatchingOffer(
  selection: PetSelection,
  page: readonly ListedPet[],
  total: number,
  totalExact: boolean,
): 'offer' | 'tooMany' | 'none' {
  if (selection.kind === 'matching' || page.length === 0 || pageSelectionState(selection, page) !== 'all') return 'none';
  if (total <= selection.pets.size) return 'none';
  return !totalExact || total > PET_BATCH_MAX ? 'tooMany' : 'offer';
}

/** The list's search and filters as query parameters (no order or page): what the export links carry. */
export function toListFilters(params: PetsListParams): Record<string, string> {
  const { sort: _sort, order: _order, page: _page, pageSize: _pageSize, ...filter } = toListPetsQuery(params);
  return Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The list's search and filters, as the bulk endpoint takes them (no order or page): the own fields as `campo`. */
export function toBatchFilter(params: PetsListParams): PetBatchFilter {
  const filter: PetBatchFilter = toListFilters({ ...params, campo: {} });
  return Object.keys(params.campo).length > 0 ? { ...filter, campo: { ...params.campo } } : filter;
}

/**
 * What the request names: the picked pets, each with the newest version the screen knows (the page's, if the
 * pet was changed from its row since it was picked), or the filter.
 */
export function toBatchTarget(selection: PetSelection, params: PetsListParams, page: readonly ListedPet[]): Pick<PetBatchInput, 'items' | 'filtro'> {
  if (selection.kind === 'matching') return { filtro: toBatchFilter(params) };
  const onPage = new Map(page.map((pet) => [pet.id, pet.version]));
  return { items: [...selection.pets].map(([id, pet]) => ({ id, version: onPage.get(id) ?? pet.version })) };
}
