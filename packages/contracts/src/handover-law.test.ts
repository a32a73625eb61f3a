import { describe, expect, it } from 'vitest';
import { handoverAllowedFrom, handoverBlocks } from './handover-law';

const dog = { nombre: 'Luna', tipo: 'Perro', microchip: '941000024680135', fechaNacimiento: '2026-01-01' };

describe('the law at the contract (Ley 7/2023 art. 58)', () => {
  it('lets a chipped dog of eight weeks or more go', () => {
    expect(handoverAllowedFrom('2026-01-01')).toBe('2026-02-26');
    expect(handoverBlocks(dog, '2026-02-26')).toEqual([]);
  });

  it('refuses a dog or a cat without a microchip, naming the cause', () => {
    const blocks = handoverBlocks({ ...dog, tipo: 'Gato', microchip: '  ' }, '2026-06-01');
    expect(blocks.map((b) => b.causa)).toEqual(['microchip']);
    expect(blocks[0]!.mensaje).toContain('Luna no tiene microchip');
    expect(blocks[0]!.mensaje).toContain('art. 58');
  });

  it('refuses a puppy the day before it turns eight weeks, saying from when it may go', () => {
    const blocks = handoverBlocks(dog, '2026-02-25');
    expect(blocks.map((b) => b.causa)).toEqual(['edad']);
    expect(blocks[0]!.mensaje).toBe('Luna tiene menos de 8 semanas: la Ley 7/2023 (art. 58) no permite entregarlo antes del 26/02/2026.');
  });

  it('names both causes at once', () => {
    expect(handoverBlocks({ ...dog, microchip: null }, '2026-01-10').map((b) => b.causa)).toEqual(['microchip', 'edad']);
  });

  it('does not rule rabbits, nor judge an unknown birth date', () => {
    expect(handoverBlocks({ ...dog, tipo: 'Conejo', microchip: null }, '2026-01-02')).toEqual([]);
    expect(handoverBlocks({ ...dog, fechaNacimiento: null }, '2026-01-02')).toEqual([]);
  });
});
