import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/**
 * The typeface of every PDF the server makes (contracts, actas and their signed copies, care histories, posters):
 * DejaVu Sans, embedded (only the glyphs used). The PDF standard fonts write WinAnsi only, so a Romanian, Polish or
 * Ukrainian name ("Ștefan", "Łukasz", "Олена") printed as "?" in a contract; DejaVu Sans covers Latin, Greek and
 * Cyrillic whole.
 *
 * The package ships WOFF, whose tables are zlib-compressed. fontkit (inside pdfkit and pdf-lib) inflates them in
 * JavaScript at every table read, for every document: a two-page contract took 3 to 6 s of the server's thread. So each
 * file is inflated once per process, with Node's zlib, back into the TrueType font it was made from (`woffToSfnt`).
 */
export type PdfFontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

const files: Record<PdfFontStyle, string> = {
  regular: 'dejavu-sans-latin-400-normal.woff',
  bold: 'dejavu-sans-latin-700-normal.woff',
  italic: 'dejavu-sans-latin-400-italic.woff',
  boldItalic: 'dejavu-sans-latin-700-italic.woff',
};

const require = createRequire(import.meta.url);
const loaded = new Map<PdfFontStyle, Promise<Buffer>>();

/** The font's TrueType bytes (read and inflated once per process). */
export function pdfFont(style: PdfFontStyle): Promise<Buffer> {
  let bytes = loaded.get(style);
  if (!bytes) {
    bytes = readFile(require.resolve(`@fontsource/dejavu-sans/files/${files[style]}`)).then(woffToSfnt);
    bytes.catch(() => loaded.delete(style));
    loaded.set(style, bytes);
  }
  return bytes;
}

/** The four styles, registered on a pdfkit document under their style names ('regular', 'bold', ...). */
export async function registerPdfFonts(doc: PDFKit.PDFDocument): Promise<void> {
  const styles = Object.keys(files) as PdfFontStyle[];
  const fonts = await Promise.all(styles.map(pdfFont));
  styles.forEach((style, i) => doc.registerFont(style, fonts[i]));
}

const SFNT_HEADER = 12;
const SFNT_RECORD = 16;
const WOFF_HEADER = 44;
const WOFF_RECORD = 20;

/**
 * A WOFF 1.0 font as the SFNT (TrueType or OpenType) font it wraps: the same tables, inflated where they were
 * compressed, each with its original checksum, four-byte aligned, after the SFNT table directory (W3C WOFF 1.0,
 * sections 3-5). Anything that is not a well-formed WOFF throws.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  if (woff.length < WOFF_HEADER + numTables * WOFF_RECORD) throw new Error('Truncated WOFF table directory');
  const tables = Array.from({ length: numTables }, (_, i) => {
    const field = (at: number) => woff.readUInt32BE(WOFF_HEADER + i * WOFF_RECORD + at);
    const [tag, offset, compLength, origLength, checksum] = [field(0), field(4), field(8), field(12), field(16)];
    if (offset + compLength > woff.length) throw new Error('WOFF table outside the file');
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('WOFF table of the wrong length');
    return { tag, checksum, data };
  });

  const padded = (length: number) => (length + 3) & ~3;
  const size = tables.reduce((total, table) => total + padded(table.data.length), SFNT_HEADER + numTables * SFNT_RECORD);
  const sfnt = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * SFNT_RECORD, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * SFNT_RECORD - power * SFNT_RECORD, 10);
  let offset = SFNT_HEADER + numTables * SFNT_RECORD;
  tables.forEach((table, i) => {
    const record = SFNT_HEADER + i * SFNT_RECORD;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
