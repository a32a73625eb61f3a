import type { CareRecord, CareSheet, OrganizationContact, Pet } from '@refugio/contracts';
import { careMessages, careTypeLabels, formatDay, sterilisedLabels } from '@refugio/contracts';
import { registerPdfFonts } from '../../lib/pdf-fonts';

/*
 * The printable care history (`GET /api/mascotas/{id}/salud.pdf`): a Spanish "Historia clínica" for the adopter
 * and the vet, drawn with pdfkit (loaded at first use: start-up does not pay for it).
 */

type PdfDoc = PDFKit.PDFDocument;

const MARGIN = 50;

const dash = (text: string | null | undefined) => (text && text.trim() !== '' ? text : '—');
const day = (text: string | null | undefined) => (text ? formatDay(text) : '—');
const kg = (n: number) => `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 3 }).format(n)} kg`;

export interface CarePdfInput {
  pet: Pet;
  sheet: CareSheet;
  organization: OrganizationContact;
  /** Today in the organisation's zone ('YYYY-MM-DD'), printed as the date of issue. */
  today: string;
}

function heading(doc: PdfDoc, text: string) {
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  doc.moveDown(0.8).font('bold').fontSize(13).fillColor('#000').text(text);
  doc.moveDown(0.2).font('regular').fontSize(10);
}

function line(doc: PdfDoc, label: string, value: string) {
  doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
}

/** One record as a short block: what, when, and the details a vet reads. */
function recordBlock(doc: PdfDoc, record: CareRecord) {
  if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
  const when = record.fechaRealizada ? day(record.fechaRealizada) : `previsto ${day(record.fechaProgramada)}`;
  doc.font('bold').text(`${when} · ${record.nombre}`);
  const details = [
    record.dosis && `Dosis: ${record.dosis}`,
    record.lote && `Lote: ${record.lote}`,
    record.veterinario && `Veterinario: ${record.veterinario}`,
    record.resultado && `Resultado: ${record.resultado}`,
    record.pesoKg !== null && record.tipo !== 'peso' ? `Peso: ${kg(record.pesoKg)}` : '',
  ].filter(Boolean);
  doc.font('regular');
  if (details.length > 0) doc.text(details.join(' · '), { indent: 12 });
  if (record.notas) doc.fillColor('#333').text(record.notas, { indent: 12 }).fillColor('#000');
  doc.moveDown(0.3);
}

const SECTIONS: { title: string; tipos: CareRecord['tipo'][] }[] = [
  { title: 'Vacunas', tipos: ['vacuna'] },
  { title: 'Desparasitaciones', tipos: ['desparasitacion_interna', 'desparasitacion_externa'] },
  { title: 'Tests', tipos: ['test'] },
  { title: 'Tratamientos', tipos: ['tratamiento'] },
  { title: 'Cirugías y esterilización', tipos: ['cirugia', 'esterilizacion'] },
  { title: 'Revisiones', tipos: ['revision'] },
];

/** The PDF's bytes. */
export async function renderCarePdf({ pet, sheet, organization, today }: CarePdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${careMessages.pdfTitle}: ${pet.nombre}`, Author: organization.nombre ?? 'Refugio' },
    lang: 'es-ES',
  });
  await registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  // The organisation's header.
  doc
    .font('bold')
    .fontSize(16)
    .text(organization.nombre ?? 'Refugio');
  const contact = [organization.email, organization.telefono].filter(Boolean).join(' · ');
  doc.font('regular').fontSize(9).fillColor('#444');
  if (contact) doc.text(contact);
  doc.text(`Emitida el ${formatDay(today)}`).fillColor('#000');
  doc.moveDown(0.8).font('bold').fontSize(20).text(careMessages.pdfTitle);
  doc.font('regular').fontSize(10);

  heading(doc, 'Identificación');
  line(doc, 'Nombre', pet.nombre);
  line(doc, 'Especie', pet.tipo);
  line(doc, 'Sexo', pet.genero === 'hembra' ? 'Hembra' : 'Macho');
  line(doc, 'Raza', dash(pet.raza));
  line(doc, 'Color', dash(pet.color));
  line(
    doc,
    'Fecha de nacimiento',
    pet.fechaNacimiento ? `${formatDay(pet.fechaNacimiento)}${pet.fechaNacimientoAprox === '1' ? ' (aproximada)' : ''}` : '—',
  );
  line(doc, 'Microchip', dash(pet.microchip));
  line(
    doc,
    'Esterilizado',
    `${sterilisedLabels[pet.esterilizado]}${pet.esterilizado === 'si' && pet.fechaEsterilizacion ? ` (${formatDay(pet.fechaEsterilizacion)})` : ''}`,
  );
  line(doc, 'Último peso', pet.pesoKg === null ? '—' : kg(pet.pesoKg));

  for (const section of SECTIONS) {
    const done = sheet.registros.filter((r) => section.tipos.includes(r.tipo));
    if (done.length === 0) continue;
    heading(doc, section.title);
    for (const record of done) {
      if (section.tipos.length > 1) doc.font('italic').text(careTypeLabels[record.tipo]);
      recordBlock(doc, record);
    }
  }

  if (sheet.pesos.length > 0) {
    heading(doc, 'Pesos');
    for (const weight of sheet.pesos) doc.text(`${formatDay(weight.fecha)}: ${kg(weight.kg)}`);
  }

  if (sheet.proximos.length > 0) {
    heading(doc, 'Próximos cuidados previstos');
    for (const record of sheet.proximos) doc.text(`${day(record.fechaProgramada)} · ${careTypeLabels[record.tipo]}: ${record.nombre}`);
  }

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#444')
      .text(`${pet.nombre} · ${careMessages.pdfTitle} · Página ${i - range.start + 1} de ${range.count}`, MARGIN, doc.page.height - 35, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
