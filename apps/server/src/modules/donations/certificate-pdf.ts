import { formatCents, formatDay } from '@refugio/contracts';
import { registerPdfFonts } from '../../lib/pdf-fonts';

/*
 * The certificate of a donor's gifts of a year (Ley 49/2002 art. 24; RD 1270/2003 art. 6): the entity's NIF and
 * name and that it is one of the entities of art. 16 of Ley 49/2002, the donor's NIF and name, the date and amount
 * of each gift, their total, that the gifts are irrevocable and go to the entity's own ends, and where and when it is
 * issued. Drawn with pdfkit (loaded at first use) in the fonts every PDF of the server uses.
 */

export interface CertificatePdfInput {
  anio: number;
  entidad: {
    nombre: string;
    nif: string;
    direccion: string | null;
    registroEntidades: string | null;
    email: string | null;
    telefono: string | null;
    web: string | null;
  };
  donante: { nombre: string; nif: string; direccion: string | null };
  /** Registered gifts of the year (not annulled, not returned), oldest first. */
  donativos: { fecha: string; importeCentimos: number }[];
  /** The day it is issued (YYYY-MM-DD, the organisation's calendar day). */
  emitido: string;
}

const MARGIN = 56;

/** Where the certificate is issued: the town, the last part of the entity's address ("Calle Mayor 1, Madrid" -> "Madrid"). */
export function placeOfIssue(direccion: string | null): string | null {
  const parts = (direccion ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  // A postcode written before the town ("28013 Madrid") is left out.
  const last = parts.at(-1)?.replace(/^\d{5}\s+/, '');
  return last ? last : null;
}

export const totalCents = (gifts: { importeCentimos: number }[]) => gifts.reduce((sum, g) => sum + g.importeCentimos, 0);

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const titulo = `Certificado de donaciones ${input.anio}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 60, left: MARGIN, right: MARGIN },
    info: { Title: titulo, Author: input.entidad.nombre },
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
  const paragraph = (text: string, options: PDFKit.Mixins.TextOptions = {}) => {
    doc
      .font('regular')
      .fontSize(10.5)
      .fillColor('#000')
      .text(text, MARGIN, doc.y, { width, lineGap: 2, align: 'justify', ...options });
    doc.moveDown(0.7);
  };
  const { entidad, donante } = input;

  // The entity, as the header of the document.
  doc.font('bold').fontSize(13).text(entidad.nombre, MARGIN, MARGIN, { width });
  doc.font('regular').fontSize(9).fillColor('#333');
  doc.text(`NIF: ${entidad.nif}`, { width });
  if (entidad.direccion) doc.text(entidad.direccion, { width });
  const contact = [entidad.email, entidad.telefono, entidad.web].filter(Boolean).join(' · ');
  if (contact) doc.text(contact, { width });
  doc.fillColor('#000').moveDown(1.5);

  doc.font('bold').fontSize(15).text(`CERTIFICADO DE DONACIONES · EJERCICIO ${input.anio}`, MARGIN, doc.y, { width, align: 'center' });
  doc.moveDown(1.2);

  const registro = entidad.registroEntidades ? `, inscrita en el registro de entidades con el número ${entidad.registroEntidades}` : '';
  const domicilio = entidad.direccion ? ` y domicilio en ${entidad.direccion}` : '';
  paragraph(
    `${entidad.nombre}, con NIF ${entidad.nif}${domicilio}${registro}, es una entidad sin fines lucrativos acogida al régimen fiscal ` +
      'de la Ley 49/2002, de 23 de diciembre, de régimen fiscal de las entidades sin fines lucrativos y de los incentivos fiscales ' +
      'al mecenazgo, e incluida entre las entidades beneficiarias del mecenazgo de su artículo 16.',
  );
  doc.font('bold').fontSize(11).text('CERTIFICA:', MARGIN, doc.y, { width });
  doc.moveDown(0.5);
  const donorAddress = donante.direccion ? `, con domicilio en ${donante.direccion},` : '';
  paragraph(
    `Que ${donante.nombre}, con NIF ${donante.nif}${donorAddress} ha efectuado a esta entidad durante el año ${input.anio} ` +
      'las siguientes donaciones dinerarias:',
  );

  // The gifts: date and amount, and their total.
  const dateX = MARGIN + 20;
  const amountX = MARGIN + 200;
  const amountWidth = 140;
  const row = (fecha: string, importe: string, bold = false) => {
    if (doc.y + 20 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10.5);
    doc.text(fecha, dateX, y, { width: 160, lineBreak: false });
    doc.text(importe, amountX, y, { width: amountWidth, align: 'right', lineBreak: false });
    doc.y = y + 16;
  };
  row('Fecha', 'Importe', true);
  doc
    .moveTo(dateX, doc.y - 2)
    .lineTo(amountX + amountWidth, doc.y - 2)
    .lineWidth(0.5)
    .strokeColor('#999')
    .stroke();
  for (const gift of input.donativos) row(formatDay(gift.fecha), formatCents(gift.importeCentimos));
  doc
    .moveTo(dateX, doc.y)
    .lineTo(amountX + amountWidth, doc.y)
    .lineWidth(0.5)
    .strokeColor('#999')
    .stroke();
  doc.y += 4;
  row('Total', formatCents(totalCents(input.donativos)), true);
  doc.moveDown(1);

  paragraph(
    'Que dichas donaciones tienen carácter irrevocable, sin perjuicio de lo establecido en las normas imperativas civiles que ' +
      'regulan la revocación de donaciones, y que se destinan al cumplimiento de los fines propios de la entidad ' +
      '(artículo 24 de la Ley 49/2002 y artículo 6 del Real Decreto 1270/2003).',
  );
  const lugar = placeOfIssue(entidad.direccion);
  paragraph(
    `Y para que así conste a los efectos oportunos, se expide el presente certificado${lugar ? ` en ${lugar}` : ''}, ` +
      `a ${formatDay(input.emitido)}.`,
  );
  doc.moveDown(2);
  doc.font('regular').fontSize(10.5).text(`Por ${entidad.nombre}`, MARGIN, doc.y, { width });
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
