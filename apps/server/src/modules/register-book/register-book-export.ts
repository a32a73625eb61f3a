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
export const bookColumns: readonly (ExportColumn<RegisterBookLine> & { pdfWidth: number })[] = [
  { header: 'Nº', value: (l) => l.numero, width: 6, pdfWidth: 20 },
  { header: 'Entrada', value: (l) => day(l.fechaEntrada), width: 11, pdfWidth: 40 },
  { header: 'Procedencia', value: originText, width: 20, pdfWidth: 56 },
  { header: 'Especie', value: (l) => l.especie, width: 10, pdfWidth: 34 },
  { header: 'Raza', value: (l) => l.raza, width: 14, pdfWidth: 40 },
  { header: 'Sexo', value: (l) => sexoLabel(l.sexo), width: 8, pdfWidth: 30 },
  { header: 'Color', value: (l) => l.color, width: 12, pdfWidth: 36 },
  { header: 'Microchip', value: (l) => l.microchip ?? '', width: 17, pdfWidth: 66 },
  { header: 'Nacimiento', value: (l) => day(l.fechaNacimiento), width: 11, pdfWidth: 40 },
  { header: 'Salida', value: (l) => day(l.fechaSalida), width: 11, pdfWidth: 40 },
  { header: 'Destino', value: (l) => (l.destino ? registerBookDestinoLabels[l.destino] : ''), width: 14, pdfWidth: 44 },
  { header: 'Destinatario (nombre, NIF, dirección)', value: recipientText, width: 32, pdfWidth: 74 },
  { header: 'Causa de la muerte', value: (l) => l.causaMuerte ?? '', width: 20, pdfWidth: 50 },
  { header: 'Vacunas', value: (l) => l.vacunas, width: 24, pdfWidth: 52 },
  { header: 'Tratamientos', value: (l) => l.tratamientos, width: 24, pdfWidth: 52 },
  { header: 'Veterinario', value: (l) => l.veterinario, width: 18, pdfWidth: 44 },
  { header: 'Estado', value: stateText, width: 14, pdfWidth: 36 },
  { header: 'Hash', value: (l) => l.hash ?? '', width: 66, pdfWidth: 0 },
];

/** The PDF shows the first 10 characters of the hash (the whole one is in the JSON and the spreadsheet). */
const pdfColumns = bookColumns.map((c) =>
  c.header === 'Hash' ? { ...c, value: (l: RegisterBookLine) => (l.hash ?? '').slice(0, 10), pdfWidth: 40 } : c,
);

export function registryText(org: BookOrganisation): string {
  return [`Núcleo zoológico: ${org.nucleoZoologico || 'sin indicar'}`, `Registro de entidades: ${org.registroEntidades || 'sin indicar'}`].join(
    ' · ',
  );
}

const MARGIN = 24;
const FONT_SIZE = 6;
const PAD = 2;

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
  const total = pdfColumns.reduce((sum, c) => sum + c.pdfWidth, 0);
  const scale = (doc.page.width - 2 * MARGIN) / total;
  const widths = pdfColumns.map((c) => c.pdfWidth * scale);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const lineHeight = FONT_SIZE * 1.2;
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(FONT_SIZE);
    // Most cells fit on one line: measured by width (cheap); only the others are laid out to know their height.
    const fits = cells.map((text, i) => !text || doc.widthOfString(text) <= widths[i]! - 2 * PAD);
    const height =
      Math.max(lineHeight, ...cells.map((text, i) => (fits[i] ? lineHeight : doc.heightOfString(text, { width: widths[i]! - 2 * PAD })))) + 2 * PAD;
    if (doc.y + height > bottom()) {
      doc.addPage();
      header();
      doc.font(bold ? 'bold' : 'regular').fontSize(FONT_SIZE);
    }
    const y = doc.y;
    let x = MARGIN;
    doc.fillColor('#000');
    cells.forEach((text, i) => {
      if (text) doc.text(text, x + PAD, y + PAD, fits[i] ? { lineBreak: false } : { width: widths[i]! - 2 * PAD });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(doc.page.width - MARGIN, y + height)
      .lineWidth(0.3)
      .strokeColor('#999')
      .stroke();
    doc.y = y + height;
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
    row(
      pdfColumns.map((c) => c.header),
      true,
    );
  };
  header();
  if (lines.length === 0) {
    doc.moveDown(1).font('regular').fontSize(9).fillColor('#000').text(`No hay líneas en el libro de ${anio}.`, MARGIN, doc.y);
  }
  for (const line of lines)
    row(
      pdfColumns.map((c) => String(c.value(line) ?? '')),
      false,
    );

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Written inside the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(7)
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
