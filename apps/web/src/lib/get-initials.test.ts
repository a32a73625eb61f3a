import { describe, expect, it } from 'vitest';
import { getInitials } from './get-initials';

describe('getInitials', () => {
  it('takes the first letter of the name and of the lastname', () => {
    expect(getInitials('ana', ' Pérez', 'ana@refugio.org')).toBe('AP');
    expect(getInitials('Íñigo', 'Álvarez')).toBe('ÍÁ');
  });

  it('uses one letter when there is no lastname, and the fallback when there is no name', () => {
    expect(getInitials('Elena', '')).toBe('E');
    expect(getInitials(' ', '', 'equipo@refugio.org')).toBe('E');
    expect(getInitials('', '')).toBe('');
  });
});
