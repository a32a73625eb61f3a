import { type Memoria, formatCents, formatDay, giftConceptLabels, memoriaDestinationLabels, procedenciaLabels } from '@refugio/contracts';
import { registerPdfFonts } from '../../lib/pdf-fonts';

/*
 * The annual report as a PDF for the region (DESIGN section 16): the organisation and its registry numbers in the
 * header, then each section as label and figure. Drawn with pdfkit (loaded at first use) in the server's fonts.
 */

const MARGIN = 56;

export async function renderMemoriaPdf(memoria: Memoria): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const org = memoria.organizacion;
  const titulo = `Memoria anual ${memoria.anio}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 60, left: MARGIN, right: MARGIN },
    info: { Title: titulo, Author: org.nombre },
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
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };

  // The organisation and its registry numbers.
  doc
    .font('bold')
    .fontSize(13)
    .fillColor('#000')
    .text(org.nombre || 'Organización', MARGIN, MARGIN, { width });
  doc.font('regular').fontSize(9).fillColor('#333');
  if (org.nif) doc.text(`NIF: ${org.nif}`, { width });
  doc.text(`Nº de núcleo zoológico: ${org.nucleoZoologico ?? 'sin indicar'}`, { width });
  doc.text(`Nº de registro de entidades: ${org.registroEntidades ?? 'sin indicar'}`, { width });
  doc.fillColor('#000').moveDown(1.2);
  doc.font('bold').fontSize(16).text(`MEMORIA ANUAL ${memoria.anio}`, MARGIN, doc.y, { width, align: 'center' });
  doc
    .font('regular')
    .fontSize(10)
    .text(`Del ${formatDay(memoria.desde)} al ${formatDay(memoria.hasta)}`, MARGIN, doc.y, { width, align: 'center' });
  doc.moveDown(1);

  const section = (title: string) => {
    room(50);
    doc.moveDown(0.6);
    doc.font('bold').fontSize(12).text(title, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  };
  const line = (label: string, value: string, bold = false) => {
    room(18);
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10.5);
    doc.text(label, MARGIN + 12, y, { width: width - 150, lineBreak: true });
    const after = doc.y;
    doc.text(value, MARGIN + width - 130, y, { width: 130, align: 'right', lineBreak: false });
    doc.y = Math.max(after, y + 15);
  };
  const note = (text: string) => {
    room(30);
    doc
      .font('italic')
      .fontSize(9)
      .fillColor('#333')
      .text(text, MARGIN + 12, doc.y, { width: width - 12 });
    doc.fillColor('#000').moveDown(0.3);
  };

  section('Entradas por procedencia');
  for (const p of memoria.entradas.porProcedencia) {
    line(procedenciaLabels[p.procedencia as keyof typeof procedenciaLabels] ?? 'Sin indicar', String(p.total));
  }
  line('Total de entradas', String(memoria.entradas.total), true);
  section('Entradas por especie');
  if (memoria.entradas.porEspecie.length === 0) note('Ninguna entrada en el año.');
  for (const s of memoria.entradas.porEspecie) line(s.especie, String(s.total));
  section('Salidas por destino');
  for (const d of memoria.salidas.porDestino) line(memoriaDestinationLabels[d.destino], String(d.total));
  line('Total de salidas', String(memoria.salidas.total), true);
  section('Devoluciones de adopciones');
  line('Devoluciones', String(memoria.devoluciones.total), true);
  section('Fallecimientos por causa');
  for (const c of memoria.fallecimientos.porCausa) line(c.causa, String(c.total));
  line('Total de fallecimientos', String(memoria.fallecimientos.total), true);
  section('Esterilizaciones');
  for (const s of memoria.esterilizaciones.porEspecie) line(s.especie, String(s.total));
  line('Total de esterilizaciones', String(memoria.esterilizaciones.total), true);
  section('En casas de acogida el 31 de diciembre');
  line('Mascotas en acogida', String(memoria.acogidas31Diciembre.mascotas));
  line('Hogares de acogida', String(memoria.acogidas31Diciembre.hogares));
  section('Tiempo hasta la adopción');
  line(
    'Mediana de días desde el ingreso',
    memoria.tiempoAdopcion.medianaDias === null ? 'Sin adopciones' : String(memoria.tiempoAdopcion.medianaDias).replace('.', ','),
  );
  line('Adopciones', String(memoria.tiempoAdopcion.adopciones));
  section('Voluntariado');
  line('Personas voluntarias', String(memoria.voluntariado.personas));
  line('Horas de voluntariado', String(memoria.voluntariado.horas).replace('.', ','));
  if (memoria.voluntariado.nota) note(memoria.voluntariado.nota);
  if (memoria.ingresos) {
    section('Ingresos por concepto');
    for (const i of memoria.ingresos.porConcepto) line(giftConceptLabels[i.concepto], formatCents(i.importeCentimos));
    line('Total de ingresos', formatCents(memoria.ingresos.total), true);
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
