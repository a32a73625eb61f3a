import { formatDay } from '@refugio/contracts';
import { registerPdfFonts } from '../../lib/pdf-fonts';

/*
 * The certificate of a volunteer's hours of a year (DESIGN section 17): the organisation, the person, each attended
 * shift with its day, task and hours, their total, and where and when it is issued. Drawn with pdfkit (loaded at
 * first use) in the fonts every PDF of the server uses.
 */

export interface HoursCertificateInput {
  anio: number;
  entidad: { nombre: string; nif: string | null; direccion: string | null };
  persona: { nombre: string; documento: string | null };
  turnos: { dia: string; tarea: string; horas: number }[];
  /** The day it is issued (YYYY-MM-DD, the organisation's calendar day). */
  emitido: string;
}

const MARGIN = 56;

/** Hours as Spanish write them: 3, 2,5, 1,25. */
export const formatHours = (horas: number) => (Math.round(horas * 100) / 100).toLocaleString('es-ES', { maximumFractionDigits: 2 });

export async function renderHoursCertificatePdf(input: HoursCertificateInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 60, left: MARGIN, right: MARGIN },
    info: { Title: `Certificado de voluntariado ${input.anio}`, Author: input.entidad.nombre },
    lang: 'es-ES',
  });
  await registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const paragraph = (text: string) => {
    doc.font('regular').fontSize(10.5).fillColor('#000').text(text, MARGIN, doc.y, { width, lineGap: 2, align: 'justify' });
    doc.moveDown(0.7);
  };
  const { entidad, persona } = input;
  const total = input.turnos.reduce((sum, t) => sum + t.horas, 0);

  doc.font('bold').fontSize(13).text(entidad.nombre, MARGIN, MARGIN, { width });
  doc.font('regular').fontSize(9).fillColor('#333');
  if (entidad.nif) doc.text(`NIF: ${entidad.nif}`, { width });
  if (entidad.direccion) doc.text(entidad.direccion, { width });
  doc.fillColor('#000').moveDown(1.5);
  doc.font('bold').fontSize(15).text(`CERTIFICADO DE VOLUNTARIADO · ${input.anio}`, MARGIN, doc.y, { width, align: 'center' });
  doc.moveDown(1.2);
  doc.font('bold').fontSize(11).text('CERTIFICA:', MARGIN, doc.y, { width });
  doc.moveDown(0.5);
  const documento = persona.documento ? `, con documento ${persona.documento},` : '';
  paragraph(
    `Que ${persona.nombre}${documento} ha colaborado como persona voluntaria con ${entidad.nombre} durante el año ${input.anio}, ` +
      `con un total de ${formatHours(total)} horas en los turnos siguientes:`,
  );

  const dayX = MARGIN + 10;
  const taskX = MARGIN + 120;
  const hoursX = MARGIN + width - 80;
  const row = (dia: string, tarea: string, horas: string, bold = false) => {
    if (doc.y + 20 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10.5);
    doc.text(dia, dayX, y, { width: 100, lineBreak: false });
    doc.text(tarea, taskX, y, { width: hoursX - taskX - 10, lineBreak: false, ellipsis: true });
    doc.text(horas, hoursX, y, { width: 70, align: 'right', lineBreak: false });
    doc.y = y + 16;
  };
  row('Fecha', 'Tarea', 'Horas', true);
  for (const t of input.turnos) row(formatDay(t.dia), t.tarea, formatHours(t.horas));
  doc.y += 4;
  row('', 'Total', formatHours(total), true);
  doc.moveDown(1);
  paragraph(`Y para que así conste a los efectos oportunos, se expide el presente certificado a ${formatDay(input.emitido)}.`);
  doc.moveDown(2);
  doc.font('regular').fontSize(10.5).text(`Por ${entidad.nombre}`, MARGIN, doc.y, { width });
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
