import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { pdfFont, woffToSfnt } from './pdf-fonts';

const require = createRequire(import.meta.url);
const woffFile = () => readFile(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'));

/** The SFNT checksum of a table: its bytes as big-endian 32-bit words, summed modulo 2^32. */
function tableChecksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

describe('woffToSfnt', () => {
  it('gives back the TrueType font the WOFF wraps: every table whole, checksums right, the same glyphs', async () => {
    const woff = await woffFile();
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const numTables = sfnt.readUInt16BE(4);
    expect(numTables).toBe(woff.readUInt16BE(12));
    for (let i = 0; i < numTables; i++) {
      const record = 12 + i * 16;
      const tag = sfnt.toString('latin1', record, record + 4);
      const offset = sfnt.readUInt32BE(record + 8);
      expect(offset % 4, tag).toBe(0);
      const data = sfnt.subarray(offset, offset + sfnt.readUInt32BE(record + 12));
      // 'head' is summed with its checkSumAdjustment as zero.
      if (tag === 'head') data.writeUInt32BE(0, 8);
      expect(tableChecksum(data), tag).toBe(sfnt.readUInt32BE(record + 4));
    }

    const fromWoff = fontkit.create(woff);
    const fromSfnt = fontkit.create(sfnt);
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.postscriptName).toBe('DejaVuSans');
    for (const name of ['Ștefan', 'Łukasz', 'Олена']) {
      const glyphs = fromSfnt.layout(name).glyphs;
      expect(glyphs.every((glyph) => glyph.id !== 0)).toBe(true);
      expect(glyphs.map((glyph) => glyph.id)).toEqual(fromWoff.layout(name).glyphs.map((glyph) => glyph.id));
    }
  });

  it('refuses what is not a well-formed WOFF', async () => {
    const woff = await woffFile();
    expect(() => woffToSfnt(Buffer.from('not a font at all, just some text here to pass the header length'))).toThrow('Not a WOFF');
    expect(() => woffToSfnt(woff.subarray(0, 60))).toThrow('Truncated');
    expect(() => woffToSfnt(woff.subarray(0, woff.length - 1000))).toThrow('outside the file');
  });

  it('is what the PDFs get, read once per process', async () => {
    const font = await pdfFont('bold');
    expect(font.toString('latin1', 0, 4)).not.toBe('wOFF');
    expect(fontkit.create(font).postscriptName).toBe('DejaVuSans-Bold');
    expect(await pdfFont('bold')).toBe(font);
  });
});
