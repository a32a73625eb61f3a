import { describe, expect, it } from 'vitest';
import { ADOPTION_STATES, canMove, csvCell, csvLine, isOpenState } from './adoption-requests';

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
    ['=1+1', `"'=1+1"`],
    ['+34 600', `"'+34 600"`],
    ['-ninguna', `"'-ninguna"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['  =1+1', `"'  =1+1"`],
    ['normal', '"normal"'],
    ['con, coma', '"con, coma"'],
    ['comillas "dobles"', '"comillas ""dobles"""'],
    ['=a,b', `"'=a,b"`],
    ['dos\nlíneas', '"dos\nlíneas"'],
    ['Madrid;=1+1', `"Madrid;'=1+1"`],
    ['Madrid, +34', `"Madrid, '+34"`],
    ['a;"=1', `"a;""'=1"`],
    ['dos\n@líneas', `"dos\n'@líneas"`],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes booleans in Spanish and empty for missing values, every cell quoted', () => {
    expect([csvCell(true), csvCell(false), csvCell(null), csvCell(undefined), csvCell(7)]).toEqual(['"sí"', '"no"', '""', '""', '"7"']);
  });

  it('leaves no piece starting with a formula, whether the file is split on "," or on ";" (quotes ignored)', () => {
    const hostile = ['Madrid;=1+1', 'a,=HYPERLINK("x")', 'b; +1', 'c;"@SUM(A1)', '-1', 'x\r\n=1', 'y;\t=2', '"=3', 'z,,-4', 'ok; fine'];
    const file = [csvLine(['ciudad', 'nota']), ...hostile.map((text) => csvLine([text, `${text} ${text}`]))].join('');
    for (const separator of [',', ';', '\t']) {
      for (const line of file.split(/\r\n|\n|\r/)) {
        for (const piece of line.split(separator)) {
          expect(piece.replace(/^[\s"]+/, ''), `${JSON.stringify(piece)} split on ${JSON.stringify(separator)}`).not.toMatch(/^[=+\-@]/);
        }
      }
    }
  });
});
