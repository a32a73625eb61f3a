import { type RegisterBookLine, formatDay, procedenciaLabels, registerBookDestinoLabels } from '@refugio/contracts';
import { registerPdfFonts } from '../../lib/pdf-fonts';
import type { ExportColumn } from '../../lib/table-export';

/*
 * The register book as an inspector reads it (DESIGN section 16): the same columns in the PDF (A4 landscape, the
 * organisation's name and registry numbers on every page, "Página n de m") and the spreadsheet.
 */

export interface BookOrganisation {
  nombre: string;
  nucleoZoologico: string;
  registroEntidades: string;
}

const day = (value: string | null) => (value ? formatDay(value) : '');
const sexoLabel = (sexo: string) => (sexo === 'macho' ? 'Macho' : sexo === 'hembra' ? 'Hembra' : sexo);

export function originText(line: RegisterBookLine): string {
  const label = line.procedencia ? procedenciaLabels[line.procedencia] : 'Sin indicar';
  return line.procedenciaDetalle ? `${label} (${line.procedenciaDetalle})` : label;
}

export function stateText(line: RegisterBookLine): string {
  if (line.rectifica !== null) return `Rectifica la nº ${line.rectifica}`;
  return line.cerrada ? 'Cerrada' : 'Abierta';
}

export const recipientText = (line: RegisterBookLine) =>
  line.destinatario ? [line.destinatario.nombre, line.destinatario.nif, line.destinatario.direccion].filter(Boolean).join(', ') : '';

/** The book's columns, in the order the PDF and the spreadsheet show them. */
export const bookColumns: readonly ExportColumn<RegisterBookLine>[] = [
  { header: 'Nº', value: (l) => l.numero, width: 6 },
  { header: 'Entrada', value: (l) => day(l.fechaEntrada), width: 11 },
  { header: 'Procedencia', value: originText, width: 20 },
  { header: 'Especie', value: (l) => l.especie, width: 10 },
  { header: 'Raza', value: (l) => l.raza, width: 14 },
  { header: 'Sexo', value: (l) => sexoLabel(l.sexo), width: 8 },
  { header: 'Color', value: (l) => l.color, width: 12 },
  { header: 'Microchip', value: (l) => l.microchip ?? '', width: 17 },
  { header: 'Nacimiento', value: (l) => day(l.fechaNacimiento), width: 11 },
  { header: 'Salida', value: (l) => day(l.fechaSalida), width: 11 },
  { header: 'Destino', value: (l) => (l.destino ? registerBookDestinoLabels[l.destino] : ''), width: 14 },
  { header: 'Destinatario (nombre, NIF, dirección)', value: recipientText, width: 32 },
  { header: 'Causa de la muerte', value: (l) => l.causaMuerte ?? '', width: 20 },
  { header: 'Vacunas', value: (l) => l.vacunas, width: 24 },
  { header: 'Tratamientos', value: (l) => l.tratamientos, width: 24 },
  { header: 'Veterinario', value: (l) => l.veterinario, width: 18 },
  { header: 'Estado', value: stateText, width: 14 },
  { header: 'Hash', value: (l) => l.hash ?? '', width: 66 },
];

/** The PDF shows the first 10 characters of the hash (the whole one is in the JSON and the spreadsheet). */
const pdfColumns = bookColumns.map((c) => (c.header === 'Hash' ? { ...c, value: (l: RegisterBookLine) => (l.hash ?? '').slice(0, 10) } : c));

export function registryText(org: BookOrganisation): string {
  return [`Núcleo zoológico: ${org.nucleoZoologico || 'sin indicar'}`, `Registro de entidades: ${org.registroEntidades || 'sin indicar'}`].join(
    ' · ',
  );
}

const MARGIN = 20;
const PAD = 1.5;
/** The body's sizes, largest first: the largest at which every column holds its longest word (never under 7 pt). */
export const BOOK_FONT_SIZES = [8, 7.5, 7] as const;
/** A single word longer than this (a pasted address, a URL) does not widen its column further: it breaks. */
const WORD_CAP = 110;
/** A cell's text on one line widens its column at most to this before it wraps. */
const LINE_CAP = 150;

/** The places a line may break: spaces, and after a hyphen (as pdfkit breaks). */
export const bookWords = (text: string) =>
  text
    .split(/\s+/)
    .flatMap((word) => word.split(/(?<=-)/))
    .filter(Boolean);

export interface BookLayout {
  fontSize: number;
  widths: number[];
}

/**
 * The columns' widths and the body's size (pure: `measure` gives a text's width at 1 pt). Every column is at least
 * as wide as its header's longest word (a header never breaks inside a word) and, where the page holds it, as its
 * cells' longest word; what is left goes to the columns whose text would otherwise wrap most.
 */
export function layoutBook(
  measure: (text: string, bold: boolean) => number,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  available: number,
): BookLayout {
  const longest = (texts: readonly string[], bold: boolean, cap: number) =>
    Math.min(cap, Math.max(0, ...texts.flatMap((text) => bookWords(text).map((word) => measure(word, bold)))));
  const headerWord = headers.map((h) => longest([h], true, Infinity));
  const bodyWord = headers.map((_, i) => Math.max(headerWord[i]!, ...rows.map((r) => longest([r[i] ?? ''], false, Infinity))));
  const bodyLine = headers.map((_, i) => Math.max(0, ...rows.map((r) => measure(r[i] ?? '', false))));
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const share = (base: number[], wanted: readonly number[], room: number) => {
    const extra = wanted.map((w, i) => Math.max(0, w - base[i]!));
    const total = sum(extra);
    return base.map((b, i) => b + (total > 0 ? (room * extra[i]!) / total : room / base.length));
  };

  for (const size of BOOK_FONT_SIZES) {
    const header = headerWord.map((w) => w * size + 2 * PAD);
    const word = bodyWord.map((w, i) => Math.max(header[i]!, Math.min(WORD_CAP, w * size + 2 * PAD)));
    if (sum(word) > available && size !== BOOK_FONT_SIZES.at(-1)) continue;
    if (sum(word) > available) return { fontSize: size, widths: share(header, word, available - sum(header)) };
    const line = bodyLine.map((w, i) => Math.max(word[i]!, Math.min(LINE_CAP, w * size + 2 * PAD)));
    if (sum(line) > available) return { fontSize: size, widths: share(word, line, available - sum(word)) };
    // Everything fits on one line: the room left shared in proportion to each column's width.
    const rest = available - sum(line);
    return { fontSize: size, widths: line.map((w) => w + (rest * w) / sum(line)) };
  }
  throw new Error('unreachable');
}

export async function renderBookPdf(anio: number, org: BookOrganisation, lines: readonly RegisterBookLine[]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const title = `Libro de registro ${anio}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
    info: { Title: title, Author: org.nombre },
    lang: 'es-ES',
    bufferPages: true,
  });
  await registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const headers = pdfColumns.map((c) => c.header);
  const cells = lines.map((line) => pdfColumns.map((c) => String(c.value(line) ?? '')));
  const { fontSize, widths } = layoutBook(
    (text, bold) =>
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(1)
        .widthOfString(text),
    headers,
    cells,
    doc.page.width - 2 * MARGIN,
  );
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const lineHeight = fontSize * 1.2;
  const row = (texts: readonly string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(fontSize);
    // Most cells fit on one line: measured by width (cheap); only the others are laid out to know their height.
    const fits = texts.map((text, i) => !text || doc.widthOfString(text) <= widths[i]! - 2 * PAD);
    const height =
      Math.max(lineHeight, ...texts.map((text, i) => (fits[i] ? lineHeight : doc.heightOfString(text, { width: widths[i]! - 2 * PAD })))) + 2 * PAD;
    // A row is never cut across two pages: one that does not fit starts the next page (under its header).
    if (doc.y + height > bottom() && !bold) {
      doc.addPage();
      header();
      doc.font('regular').fontSize(fontSize);
    }
    const y = doc.y;
    // A row taller than a whole page (never seen: thousands of characters in a cell) is cut to the page, marked "…".
    const room = bottom() - y - 2 * PAD;
    let x = MARGIN;
    doc.fillColor('#000');
    texts.forEach((text, i) => {
      if (text)
        doc.text(
          text,
          x + PAD,
          y + PAD,
          fits[i] ? { lineBreak: false } : { width: widths[i]! - 2 * PAD, ...(height - 2 * PAD > room ? { height: room, ellipsis: '…' } : {}) },
        );
      x += widths[i]!;
    });
    const drawn = Math.min(height, room + 2 * PAD);
    doc
      .moveTo(MARGIN, y + drawn)
      .lineTo(doc.page.width - MARGIN, y + drawn)
      .lineWidth(0.3)
      .strokeColor('#999')
      .stroke();
    doc.y = y + drawn;
  };
  const header = () => {
    doc
      .font('bold')
      .fontSize(11)
      .fillColor('#000')
      .text(`${org.nombre} · ${title}`, MARGIN, MARGIN, { width: doc.page.width - 2 * MARGIN });
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#333')
      .text(registryText(org), { width: doc.page.width - 2 * MARGIN });
    doc.moveDown(0.4);
    row(headers, true);
  };
  header();
  if (lines.length === 0) {
    doc.moveDown(1).font('regular').fontSize(9).fillColor('#000').text(`No hay líneas en el libro de ${anio}.`, MARGIN, doc.y);
  }
  for (const texts of cells) row(texts, false);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Written inside the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#333')
      .text(`Página ${i + 1} de ${range.count}`, MARGIN, doc.page.height - MARGIN - 8, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
