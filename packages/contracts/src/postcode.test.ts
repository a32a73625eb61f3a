import { describe, expect, it } from 'vitest';
import { fiscalMessages } from './fiscal-messages';
import { isValidPostcode, normalisePostcode, postcodeProblem, provinceOfPostcode } from './postcode';

describe('Spanish postcodes', () => {
  it.each([
    ['01001', '01'], // Vitoria-Gasteiz, Álava
    ['08001', '08'], // Barcelona
    ['28013', '28'], // Madrid
    ['35001', '35'], // Las Palmas de Gran Canaria
    ['46001', '46'], // València
    ['51001', '51'], // Ceuta
    ['52001', '52'], // Melilla
    ['52999', '52'],
    ['01000', '01'],
    [' 28013 ', '28'],
  ])('accepts %j, province %s', (cp, province) => {
    expect(isValidPostcode(cp)).toBe(true);
    expect(provinceOfPostcode(cp)).toBe(province);
    expect(postcodeProblem(cp)).toBeNull();
  });

  it.each([
    ['00001', 'no province 00'],
    ['00999', 'no province 00'],
    ['53001', 'no province 53'],
    ['99999', 'no province 99'],
    ['8001', 'the leading zero left out'],
    ['280013', 'six digits'],
    ['2801', 'four digits'],
    ['28 013', 'a space inside'],
    ['28.013', 'a dot'],
    ['2801A', 'a letter'],
    ['２８０１３', 'full-width digits'],
    ['٢٨٠١٣', 'Arabic-Indic digits'],
    ['', 'nothing'],
    ['28013\n1', 'a second line'],
  ])('refuses %j (%s)', (cp) => {
    expect(isValidPostcode(cp)).toBe(false);
    expect(provinceOfPostcode(cp)).toBeUndefined();
    expect(postcodeProblem(cp)).toBe(fiscalMessages.postcode);
  });

  it('stores it without the spaces around it', () => {
    expect(normalisePostcode(' 08001\t')).toBe('08001');
  });

  it('says what it wants in Spanish', () => {
    expect(fiscalMessages.postcode).toBe('El código postal debe tener 5 cifras (01000 a 52999).');
  });
});
