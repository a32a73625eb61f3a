import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adoptedLabel, adoptedWord, countLabel, formatBytes, formatCount, formatKg, formatPercent, listWords, longDay, pluralWord } from './wording';

describe('countLabel', () => {
  it.each([
    [1, '1 foto'],
    [0, '0 fotos'],
    [2, '2 fotos'],
    [-1, '-1 foto'],
    [12_500, '12.500 fotos'],
  ])('writes %d as %j', (n, expected) => {
    expect(countLabel(n, 'foto', 'fotos')).toBe(expected);
  });

  it('agrees with whole phrases too', () => {
    expect(countLabel(1, 'mascota', 'mascotas')).toBe('1 mascota');
    expect(countLabel(1, 'video', 'videos')).toBe('1 video');
    expect(countLabel(3, 'solicitud abierta', 'solicitudes abiertas')).toBe('3 solicitudes abiertas');
    expect(pluralWord(1, 'día', 'días')).toBe('día');
    expect(pluralWord(1.5, 'día', 'días')).toBe('días');
    expect(formatCount(1234)).toBe('1234');
    expect(formatCount(12345)).toBe('12.345');
  });
});

describe('adoptedWord', () => {
  it('agrees with the gender', () => {
    expect(adoptedWord('hembra')).toBe('adoptada');
    expect(adoptedWord('macho')).toBe('adoptado');
    expect(adoptedLabel('hembra')).toBe('Adoptada');
    expect(adoptedLabel('macho')).toBe('Adoptado');
  });

  it('is neutral when the sex is not known', () => {
    expect(adoptedWord('')).toBe('adoptado/a');
    expect(adoptedLabel('desconocido')).toBe('Adoptado/a');
  });
});

describe('Spanish number formats', () => {
  it('weights, sizes and percentages', () => {
    expect(formatKg(1.9)).toBe('1,9 kg');
    expect(formatKg(12.25)).toBe('12,25 kg');
    expect(formatBytes(3_100_000)).toBe('3,1 MB');
    expect(formatPercent(62)).toBe('62\u00a0%');
  });
});

describe('longDay and listWords', () => {
  it('writes a day as messages do, whatever the machine time zone', () => {
    expect(longDay('2026-12-27')).toBe('27 de diciembre de 2026');
    expect(longDay('2027-01-01')).toBe('1 de enero de 2027');
    expect(longDay('mañana')).toBe('mañana');
  });

  it('joins names as Spanish lists them', () => {
    expect(listWords([])).toBe('');
    expect(listWords(['Luna'])).toBe('Luna');
    expect(listWords(['Luna', 'Coco'])).toBe('Luna y Coco');
    expect(listWords(['Luna', ' ', 'Coco', 'Kira'])).toBe('Luna, Coco y Kira');
  });
});

/** Every .ts/.tsx source file under `dir` (tests left out). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('one plural helper', () => {
  it('is the only way the web app, the server and the contracts write "N things"', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    // A hand-made singular/plural switch ("n === 1 ? '1 "), or a count that may be 1 followed by a plural
    // ("{item.imagenes} fotos"); limits in capitals are never 1, and the plural branch of a switch (a line that
    // starts with ':' or holds the '=== 1' test) is already right.
    const handMade = [
      /=== 1 \? '1 /,
      /^(?!:)(?!.*=== 1).*\{(?![A-Z_]+(\.\w+)?\})(?!formatCount)[^{}]*\} (fotos|videos|mascotas|imágenes|solicitudes|días|adopciones|ingresos|usuarios|enlaces)\b/,
    ];
    const offenders = ['apps/web/src', 'apps/server/src', 'packages/contracts/src']
      .flatMap((dir) => sources(path.join(root, dir)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => !line.trim().startsWith('//') && !line.trim().startsWith('*') && handMade.some((pattern) => pattern.test(line.trim())))
          .map((line) => `${path.relative(root, file)}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
