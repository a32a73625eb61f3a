import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAGS_MAX, formatFechaIngreso, normalizeTags, petFieldsSchema, tagsFieldSchema } from './pets';

const WIRE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const fold = (t: string) =>
  t
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es');

describe('formatFechaIngreso', () => {
  it('answers a wire date or empty for any input, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (value) => {
        const out = formatFechaIngreso(value);
        expect(out === '' || WIRE_DATE.test(out)).toBe(true);
      }),
    );
  });

  it('keeps every real calendar date and time exactly', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1950-01-01T00:00:00'), max: new Date('2090-12-31T23:59:59'), noInvalidDate: true }), (date) => {
        const pad = (n: number) => String(n).padStart(2, '0');
        const text = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
        expect(formatFechaIngreso(text)).toBe(text);
        // Idempotent: the wire form reads back as itself.
        expect(formatFechaIngreso(formatFechaIngreso(text))).toBe(text);
      }),
    );
  });

  it.each([
    ['2024-03-05', '2024-03-05 00:00:00'],
    ['2024-03-05T10:20', '2024-03-05 10:20:00'],
    ['2024-03-05T10:20:30.000Z', '2024-03-05 10:20:30'],
    ['2023-02-29', ''],
    ['2024-13-01', ''],
    ['05/03/2024', ''],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (input, expected) => {
    expect(formatFechaIngreso(input)).toBe(expected);
  });
});

describe('tags', () => {
  it('normalising keeps no empty entries and no duplicates ignoring case and accents, and is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('Dócil', 'docil', 'DÓCIL', ' ', 'juguetón', 'Jugueton'))), (tags) => {
        const out = normalizeTags(tags);
        expect(out.every((t) => t.trim() === t && t !== '')).toBe(true);
        expect(new Set(out.map(fold)).size).toBe(out.length);
        expect(normalizeTags(out)).toEqual(out);
        expect(out.length).toBeLessThanOrEqual(tags.length);
      }),
    );
  });

  it('accepts at most 10 distinct tags and refuses more', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-z]{1,12}$/), { maxLength: 20 }), (tags) => {
        const result = tagsFieldSchema.safeParse(JSON.stringify(tags));
        expect(result.success).toBe(tags.length <= TAGS_MAX);
      }),
    );
  });

  it('refuses anything that is not a JSON list of strings', () => {
    for (const bad of ['{', '{"a":1}', '[1,2]', '"texto"', 'null', '[["a"]]']) {
      expect(tagsFieldSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('petFieldsSchema', () => {
  it('requires a name and an age, whatever else is sent', () => {
    fc.assert(
      fc.property(fc.record({ nombre: fc.string(), edad: fc.string() }), (fields) => {
        const ok = petFieldsSchema.safeParse(fields).success;
        expect(ok).toBe(
          fields.nombre.trim().length > 0 && fields.nombre.trim().length <= 100 && fields.edad.trim().length > 0 && fields.edad.trim().length <= 50,
        );
      }),
    );
  });
});
