import { describe, expect, it } from 'vitest';
import { readPersonsListParams, writePersonsListParams } from './persons-list-params';

describe('persons list address', () => {
  it('reads duplicados=true (the link from Pendientes) and writes it back the same way', () => {
    const params = readPersonsListParams(new URLSearchParams('duplicados=true'));
    expect(params.duplicados).toBe(true);
    expect(writePersonsListParams(new URLSearchParams(), { duplicados: true }).toString()).toBe('duplicados=true');
    expect(readPersonsListParams(new URLSearchParams('duplicados=1')).duplicados).toBe(true);
    expect(readPersonsListParams(new URLSearchParams('duplicados=no')).duplicados).toBe(false);
  });
});
