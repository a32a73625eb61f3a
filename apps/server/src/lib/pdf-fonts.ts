import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The typeface of every PDF the server makes (contracts, actas and their signed copies, care histories, posters):
 * DejaVu Sans, embedded (only the glyphs used). The PDF standard fonts write WinAnsi only, so a Romanian, Polish or
 * Ukrainian name ("Ștefan", "Łukasz", "Олена") printed as "?" in a contract; DejaVu Sans covers Latin, Greek and
 * Cyrillic whole.
 *
 * The fonts are the TrueType files of the `dejavu-fonts-ttf` package, read as they are (fontkit, inside pdfkit and
 * pdf-lib, reads TrueType tables straight from the bytes). The package is a dependency, not bundled: the built server
 * resolves the files from node_modules as the sources do. Each file is read once per process.
 */
export type PdfFontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

export const pdfFontFiles: Record<PdfFontStyle, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};

const require = createRequire(import.meta.url);
const loaded = new Map<PdfFontStyle, Promise<Buffer>>();

/** The path of a style's TrueType file. */
export function pdfFontPath(style: PdfFontStyle): string {
  return require.resolve(`dejavu-fonts-ttf/ttf/${pdfFontFiles[style]}`);
}

/** The font's TrueType bytes (read once per process). */
export function pdfFont(style: PdfFontStyle): Promise<Buffer> {
  let bytes = loaded.get(style);
  if (!bytes) {
    bytes = readFile(pdfFontPath(style));
    bytes.catch(() => loaded.delete(style));
    loaded.set(style, bytes);
  }
  return bytes;
}

/** The four styles, registered on a pdfkit document under their style names ('regular', 'bold', ...). */
export async function registerPdfFonts(doc: PDFKit.PDFDocument): Promise<void> {
  const styles = Object.keys(pdfFontFiles) as PdfFontStyle[];
  const fonts = await Promise.all(styles.map(pdfFont));
  styles.forEach((style, i) => doc.registerFont(style, fonts[i]));
}
