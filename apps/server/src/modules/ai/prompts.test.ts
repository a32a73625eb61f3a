import { describe, expect, it } from 'vitest';
import { buildImprovePrompt, buildTagsPrompt, splitTagsAnswer } from './prompts';

describe('splitTagsAnswer', () => {
  it.each([
    ['a, b ,c', ['a', 'b', 'c']],
    ['a,,  , b', ['a', 'b']],
    ['1. uno\n2. dos\n- tres', ['uno', 'dos', 'tres']],
    ['"cariñoso", «noble», leal.', ['cariñoso', 'noble', 'leal']],
    ['#activo, #sociable', ['activo', 'sociable']],
    ['', []],
  ])('%j -> %j', (answer, expected) => {
    expect(splitTagsAnswer(answer)).toEqual(expected);
  });
});

describe('prompts', () => {
  it('are in Spanish and carry the fields the specification lists', () => {
    const tags = buildTagsPrompt({
      nombre: 'Copo',
      tipo: 'Conejo',
      edad: '1 año',
      genero: 'macho',
      tamano: 'chico',
      discapacidad: '1',
      historia: 'H',
      personalidad: 'P',
    });
    expect(tags).toContain('10 etiquetas cortas en español');
    expect(tags).toContain('Discapacidad: sí');
    expect(buildImprovePrompt({ campo: 'personalidad', texto: 'Muy juguetón' })).toMatch(/personalidad[\s\S]*misma información[\s\S]*Muy juguetón/);
  });
});
