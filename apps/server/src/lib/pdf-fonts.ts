import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The typeface of every PDF the server makes (contracts, actas and their signed copies, care histories, posters):
 * DejaVu Sans, embedded (only the glyphs used). The PDF standard fonts write WinAnsi only, so a Romanian, Polish or
 * Ukrainian name ("Ștefan", "Łukasz", "Олена") printed as "?" in a contract; DejaVu Sans covers Latin, Greek and
 * Cyrillic whole.
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

/** The font file's bytes (read once per process). */
export function pdfFont(style: PdfFontStyle): Promise<Buffer> {
  let bytes = loaded.get(style);
  if (!bytes) {
    bytes = readFile(require.resolve(`@fontsource/dejavu-sans/files/${files[style]}`));
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
