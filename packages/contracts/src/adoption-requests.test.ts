import { describe, expect, it } from 'vitest';
import { ADOPTION_STATES, canMove, csvCell, isOpenState } from './adoption-requests';

describe('adoption request moves', () => {
  it('allows only nueva -> en_revision -> aprobada | rechazada, and retirada from an open state', () => {
    const allowed = ADOPTION_STATES.flatMap((from) => ADOPTION_STATES.filter((to) => canMove(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual([
      'en_revision->aprobada',
      'en_revision->rechazada',
      'en_revision->retirada',
      'nueva->en_revision',
      'nueva->retirada',
    ]);
    expect(ADOPTION_STATES.filter(isOpenState)).toEqual(['nueva', 'en_revision']);
  });
});

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+34 600', "'+34 600"],
    ['-ninguna', "'-ninguna"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['normal', 'normal'],
    ['con, coma', '"con, coma"'],
    ['comillas "dobles"', '"comillas ""dobles"""'],
    ['=a,b', `"'=a,b"`],
    ['dos\nlíneas', '"dos\nlíneas"'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes booleans in Spanish and empty for missing values', () => {
    expect([csvCell(true), csvCell(false), csvCell(null), csvCell(undefined), csvCell(7)]).toEqual(['sí', 'no', '', '', '7']);
  });
});
