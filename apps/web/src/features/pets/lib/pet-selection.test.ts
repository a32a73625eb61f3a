import { PET_BATCH_MAX } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { defaultPetsListParams } from './pets-list-params';
import {
  allMatchingOffer,
  isSelected,
  noSelection,
  pageSelectionState,
  selectionCount,
  toBatchFilter,
  toBatchTarget,
  toListFilters,
  toggleSelected,
  togglePage,
  type PetSelection,
} from './pet-selection';

const pet = (id: number, version = 1) => ({ id, version, nombre: `Mascota ${id}` });
const page = [pet(1), pet(2), pet(3)];

describe('pet selection', () => {
  it('picks and unpicks single pets, keeping their version and name', () => {
    let selection = toggleSelected(noSelection, pet(2, 5), page);
    expect(selectionCount(selection)).toBe(1);
    expect(isSelected(selection, 2)).toBe(true);
    expect(selection.kind === 'picked' && selection.pets.get(2)).toEqual({ version: 5, nombre: 'Mascota 2' });
    selection = toggleSelected(selection, pet(2, 5), page);
    expect(selectionCount(selection)).toBe(0);
  });

  it('the header checkbox selects the whole page, shows a partial page as mixed, and unselects a full page', () => {
    const one = toggleSelected(noSelection, pet(1), page);
    expect(pageSelectionState(one, page)).toBe('some');
    const all = togglePage(one, page);
    expect(pageSelectionState(all, page)).toBe('all');
    expect(selectionCount(all)).toBe(3);
    expect(pageSelectionState(togglePage(all, page), page)).toBe('none');
    expect(pageSelectionState(noSelection, page)).toBe('none');
  });

  it('keeps pets picked on other pages', () => {
    const elsewhere = toggleSelected(noSelection, pet(40), [pet(40)]);
    const withPage = togglePage(elsewhere, page);
    expect(selectionCount(withPage)).toBe(4);
    expect(selectionCount(togglePage(withPage, page))).toBe(1);
  });

  it('offers "all matching" once the page is selected and more pets match; too many for one request says so', () => {
    const all = togglePage(noSelection, page);
    expect(allMatchingOffer(noSelection, page, 137, true)).toBe('none');
    expect(allMatchingOffer(all, page, 3, true)).toBe('none');
    expect(allMatchingOffer(all, page, 137, true)).toBe('offer');
    expect(allMatchingOffer(all, page, PET_BATCH_MAX, true)).toBe('offer');
    expect(allMatchingOffer(all, page, PET_BATCH_MAX + 1, true)).toBe('tooMany');
    expect(allMatchingOffer(all, page, PET_BATCH_MAX, false)).toBe('tooMany');
    expect(allMatchingOffer({ kind: 'matching', total: 137 }, page, 137, true)).toBe('none');
  });

  it('"all matching" counts every match; unselecting one row keeps the rest of the page picked', () => {
    const matching: PetSelection = { kind: 'matching', total: 137 };
    expect(selectionCount(matching)).toBe(137);
    expect(isSelected(matching, 999)).toBe(true);
    const after = toggleSelected(matching, pet(2), page);
    expect(after.kind).toBe('picked');
    expect([1, 2, 3].map((id) => isSelected(after, id))).toEqual([true, false, true]);
    expect(togglePage(matching, page)).toBe(noSelection);
  });

  it('names the picked pets with the newest version the page shows, or sends the list filter', () => {
    const selection = togglePage(toggleSelected(noSelection, pet(40, 2), [pet(40, 2)]), page);
    const newer = [pet(1, 7), pet(2), pet(3)];
    expect(toBatchTarget(selection, defaultPetsListParams, newer)).toEqual({
      items: [
        { id: 40, version: 2 },
        { id: 1, version: 7 },
        { id: 2, version: 1 },
        { id: 3, version: 1 },
      ],
    });
    const params = { ...defaultPetsListParams, q: ' luna ', tipo: 'Gato' as const, estado: 'borrador' as const, page: 4, sort: 'nombre' as const };
    expect(toBatchTarget({ kind: 'matching', total: 9 }, params, page)).toEqual({ filtro: { q: 'luna', tipo: 'Gato', estado: 'borrador' } });
    expect(toBatchFilter(defaultPetsListParams)).toEqual({});
  });

  it('sends the own-field filters to the exports as campo.<clave>, and to the bulk filter as its campo object', () => {
    const params = { ...defaultPetsListParams, tipo: 'Perro' as const, campo: { test_leishmania: 'Positivo' }, page: 2 };
    expect(toListFilters(params)).toEqual({ tipo: 'Perro', 'campo.test_leishmania': 'Positivo' });
    expect(toBatchFilter(params)).toEqual({ tipo: 'Perro', campo: { test_leishmania: 'Positivo' } });
    expect(toBatchFilter({ ...params, campo: {} })).toEqual({ tipo: 'Perro' });
  });
});
