import { SIGNATURE_LIMITS, documentMessages } from '@refugio/contracts';
import type { SignatureArea } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { pdfFont } from '../../lib/pdf-fonts';

/*
 * The signed copy, made with pdf-lib: the original's pages unchanged, the drawn signature and the typed name in the
 * signature box of the last page, and one more page, "Registro de firma", with the evidence of who signed, when,
 * from where and over which original (its SHA-256).
 */

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const invalid = (message: string = documentMessages.signatureInvalid) =>
  new AppError('VALIDATION_ERROR', { message, fieldErrors: { firma: message } });

/** The PNG of a `data:image/png;base64,...` URL, checked by its bytes (signature, header, size) and decoded whole. */
export async function signaturePng(dataUrl: string): Promise<Buffer> {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const png = Buffer.from(base64, 'base64');
  if (png.length > SIGNATURE_LIMITS.signatureBytes) throw invalid(documentMessages.signatureTooLarge);
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_MAGIC) || png.toString('latin1', 12, 16) !== 'IHDR') throw invalid();
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (
    width < SIGNATURE_LIMITS.signatureMinWidth ||
    height < SIGNATURE_LIMITS.signatureMinHeight ||
    width > SIGNATURE_LIMITS.signatureMaxWidth ||
    height > SIGNATURE_LIMITS.signatureMaxHeight
  )
    throw invalid(documentMessages.signatureSize);
  // The whole image must decode (a truncated or forged body is refused here, not half-drawn in the contract).
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(png, { limitInputPixels: SIGNATURE_LIMITS.signatureMaxWidth * SIGNATURE_LIMITS.signatureMaxHeight }).metadata();
    if (meta.format !== 'png') throw new Error('not a png');
    await sharp(png).raw().toBuffer();
  } catch {
    throw invalid();
  }
  return png;
}

export interface Evidence {
  titulo: string;
  nombre: string;
  email: string | null;
  /** The moment of signing, as printed in the organisation's zone and in UTC. */
  fechaLocal: string;
  fechaUtc: string;
  zona: string;
  ip: string;
  navegador: string;
  /** "Remota, con código enviado por correo a m***@…" or "En persona, ante …". */
  modo: string;
  sha256Original: string;
  organizacion: string;
}

/** The signed PDF's bytes. */
export async function renderSignedPdf(original: Buffer, area: SignatureArea, png: Buffer, evidence: Evidence): Promise<Buffer> {
  const [{ PDFDocument, rgb }, { default: fontkit }, regular, boldBytes] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
    pdfFont('regular'),
    pdfFont('bold'),
  ]);
  const pdf = await PDFDocument.load(original);
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(regular, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  /** DejaVu Sans writes Latin, Greek and Cyrillic; a character it lacks (another script, an emoji) is shown as "?" (the exact text is kept in the record). */
  const covered = new Map([font, bold].map((f) => [f, new Set(f.getCharacterSet())]));
  const printable = (text: string, f = font) =>
    [...text.replace(/[\r\n\t]+/g, ' ')].map((ch) => (covered.get(f)!.has(ch.codePointAt(0)!) ? ch : '?')).join('');

  // The signature in its box, the name under it.
  const page = pdf.getPage(Math.min(area.page, pdf.getPageCount() - 1));
  const image = await pdf.embedPng(png);
  const room = { width: area.width - 16, height: area.height - 26 };
  const scale = Math.min(room.width / image.width, room.height / image.height, 1);
  const drawn = { width: image.width * scale, height: image.height * scale };
  page.drawImage(image, {
    x: area.x + 8 + (room.width - drawn.width) / 2,
    y: area.y + 20 + (room.height - drawn.height) / 2,
    ...drawn,
  });
  page.drawText(printable(evidence.nombre), { x: area.x + 8, y: area.y + 7, size: 8, font, color: rgb(0.2, 0.2, 0.2), maxWidth: area.width - 16 });

  // The evidence page.
  const sheet = pdf.addPage([595.28, 841.89]);
  const left = 56;
  const width = 595.28 - 2 * left;
  let y = 841.89 - 70;
  const write = (text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    const f = options.bold ? bold : font;
    const size = options.size ?? 10;
    const words = printable(text, f).split(' ');
    let line = '';
    const flush = () => {
      sheet.drawText(line, { x: left, y, size, font: f, color: rgb(0, 0, 0) });
      y -= size * 1.4;
      line = '';
    };
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (f.widthOfTextAtSize(next, size) > width && line) {
        flush();
        line = word;
      } else if (f.widthOfTextAtSize(next, size) > width) {
        // One word wider than the page (a hash, a long User-Agent token): cut it.
        let rest = next;
        while (f.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && f.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          line = rest.slice(0, cut);
          flush();
          rest = rest.slice(cut);
        }
        line = rest;
      } else line = next;
    }
    if (line) flush();
    y -= options.gap ?? 4;
  };
  const field = (label: string, value: string) => {
    write(label, { bold: true, gap: 0 });
    write(value, { gap: 8 });
  };

  write('Registro de firma', { size: 18, bold: true, gap: 12 });
  field('Documento', evidence.titulo);
  field('Organización', evidence.organizacion);
  field('Nombre completo del firmante (tal como lo escribió)', evidence.nombre);
  field('Correo electrónico', evidence.email ?? '—');
  field(`Fecha y hora (${evidence.zona})`, evidence.fechaLocal);
  field('Fecha y hora (UTC)', evidence.fechaUtc);
  field('Dirección IP', evidence.ip || '—');
  field('Navegador (User-Agent)', evidence.navegador || '—');
  field('Forma de firma', evidence.modo);
  field('SHA-256 del documento original', evidence.sha256Original);
  y -= 6;
  write(
    'Qué es este registro: el firmante ha firmado este documento con una firma electrónica simple en el sentido del Reglamento (UE) 910/2014 (eIDAS), ' +
      'dibujando su firma y escribiendo su nombre tras aceptar el contenido. Esta página recoge las evidencias de esa firma. ' +
      'La huella SHA-256 identifica el documento original: cualquier cambio en él daría otra huella. ' +
      'No es una firma electrónica avanzada ni cualificada.',
    { size: 9 },
  );
  return Buffer.from(await pdf.save());
}
