import fontkit from '@pdf-lib/fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { type PdfFontStyle, pdfFont, pdfFontFiles, registerPdfFonts } from './pdf-fonts';

const postscriptNames: Record<PdfFontStyle, string> = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
  italic: 'DejaVuSans-Oblique',
  boldItalic: 'DejaVuSans-BoldOblique',
};
const styles = Object.keys(pdfFontFiles) as PdfFontStyle[];

/** What the PDFs print: Spanish, the euro, the punctuation of the templates, names in other alphabets. */
const TEXT = 'áéíóúüñ ÁÉÍÓÚÜÑ ¿¡ 150,00 € · — – … • «» “” ‘’ Ștefan Łukasz Олена Ελένη';

/** A pdfkit document's bytes. */
function render(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.end();
  });
}

describe('PDF fonts', () => {
  it.each(styles)('%s is DejaVu Sans TrueType with a glyph for every character the PDFs print', async (style) => {
    const bytes = await pdfFont(style);
    expect(bytes.readUInt32BE(0)).toBe(0x00010000);
    const font = fontkit.create(bytes);
    expect(font.postscriptName).toBe(postscriptNames[style]);
    for (const char of TEXT.replace(/\s/g, '')) expect(font.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(true);
  });

  it('reads each file once per process', async () => {
    expect(await pdfFont('bold')).toBe(await pdfFont('bold'));
  });

  it('embeds the four styles in a pdfkit document, which pdf.js reads back as the text written', async () => {
    const doc = new PDFDocument({ size: 'A4' });
    await registerPdfFonts(doc);
    for (const style of styles) doc.font(style).text(`${style}: ${TEXT}`);
    const pdf = await render(doc);

    const latin1 = pdf.toString('latin1');
    for (const style of styles) expect(latin1).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${postscriptNames[style]}(?![\\w-])`));
    expect(latin1).toContain('/FontFile2');

    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const page = await (await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise).getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('\n');
    for (const style of styles) expect(text.replace(/\s+/g, ' ')).toContain(`${style}: ${TEXT}`);
  });
});
