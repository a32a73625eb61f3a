import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/* What the tests of contracts and actas share: the organisation, a phone's browser, PDF text, a drawn signature. */

/** The organisation the documents name (server environment). */
export const ORG = {
  ORG_NAME: 'Refugio Patitas',
  ORG_CONTACT_EMAIL: 'hola@patitas.example',
  ORG_CONTACT_PHONE: '+34 911 000 000',
  ORG_TIME_ZONE: 'Europe/Madrid',
};
export const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) PruebaNavegador/1.0';
const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

export const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The text of each page of a PDF, as pdf.js reads it. */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return texts;
}

/** Text as pdf.js joins it: runs of spaces folded. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');

/** A drawn signature as the signing page sends it: a PNG data URL. */
export async function signaturePng(width = 400, height = 150): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M10 ${height - 20} C 80 10, 160 140, ${width - 10} 20" stroke="black" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
