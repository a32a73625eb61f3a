import type { OrganizationContact } from '@refugio/contracts';
import { DEFAULT_ORG_NAME, reachMessages } from '@refugio/contracts';
import type PDFDocumentType from 'pdfkit';
import type QRCodeModule from 'qrcode';
import { requireLazily, sharp } from '../../lib/lazy-modules';
import { IMAGE_LANES } from '../../media/images';
import { registerPdfFonts } from '../../lib/pdf-fonts';

/** What the poster shows. */
export interface PosterContent {
  nombre: string;
  facts: string[];
  /** The absolute URL of the pet's public page, which the QR code holds. */
  url: string;
  contact: OrganizationContact;
  /** The pet's main photo as stored, or undefined. */
  photo?: Buffer;
  /** The headline (default: "EN ADOPCIÓN"); a lost-and-found report's "SE BUSCA" / "ENCONTRADO". */
  headline?: string;
  /** The text by the QR code (default: the adoption page's). */
  scanText?: string;
  /** The headline band's colour (default: the brand's blue). */
  headlineColour?: string;
  /** Contact lines written instead of the organisation's (a report's author). */
  contactLines?: string[];
  /** A few lines of free text under the facts (a report's description), cut to the room left above the QR code. */
  description?: string;
}

/** A4 in PDF points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const BRAND = '#1c7ed6';
const NAME_MAX_SIZE = 44;
const NAME_ONE_LINE_MIN = 28;
const NAME_TWO_LINES_MIN = 22;

/** The QR code of `url` as a PNG (error correction M, a quiet zone of two modules). */
export function qrCodePng(url: string): Promise<Buffer> {
  const qrcode = requireLazily<typeof QRCodeModule>('qrcode');
  return qrcode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 600 });
}

/** The photo as a JPEG pdfkit can embed (it reads JPEG and PNG only; stored photos may be WebP). */
async function photoJpeg(photo: Buffer): Promise<Buffer> {
  const rules = IMAGE_LANES.staff;
  return sharp(photo, { limitInputPixels: rules.maxPixels, failOn: 'error', animated: false })
    .timeout({ seconds: rules.timeoutSeconds })
    .rotate()
    .resize(1400, 1400, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * The A4 poster (PDF): a headline, the photo, the name, the facts, a QR code to the public page with its address
 * written out, and the organisation's contact, in DejaVu Sans (lib/pdf-fonts.ts).
 */
export async function renderPoster(content: PosterContent): Promise<Buffer> {
  const [qr, photo] = await Promise.all([qrCodePng(content.url), content.photo ? photoJpeg(content.photo) : Promise.resolve(undefined)]);
  const PDFDocument = requireLazily<typeof PDFDocumentType>('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${content.nombre} · ${content.headline ?? reachMessages.posterHeadline}`, Author: content.contact.nombre ?? DEFAULT_ORG_NAME },
  });
  await registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = PAGE.width - 2 * MARGIN;
  doc.rect(0, 0, PAGE.width, 90).fill(content.headlineColour ?? BRAND);
  doc
    .fillColor('#ffffff')
    .font('bold')
    .fontSize(40)
    .text(content.headline ?? reachMessages.posterHeadline, MARGIN, 26, { width, align: 'center' });

  const photoTop = 110;
  // A description takes some of the photo's height: the QR code and the contact keep their place at the foot.
  const photoHeight = content.description?.trim() ? 300 : 360;
  if (photo) {
    doc.image(photo, MARGIN, photoTop, { fit: [width, photoHeight], align: 'center', valign: 'center' });
  } else {
    doc.rect(MARGIN, photoTop, width, photoHeight).fill('#e7f5ff');
  }

  let y = photoTop + photoHeight + 18;
  // The name on one line, the size shrunk to fit ("Perro perdido en Alcalá de Henares"); a name too long for that at
  // NAME_ONE_LINE_MIN goes on two lines, and only what two lines cannot hold ends in an ellipsis.
  doc.font('bold');
  const fitted = Math.floor((NAME_MAX_SIZE * width) / doc.fontSize(NAME_MAX_SIZE).widthOfString(content.nombre));
  const lines = fitted >= NAME_ONE_LINE_MIN ? 1 : 2;
  const nameSize =
    lines === 1 ? Math.min(NAME_MAX_SIZE, fitted) : Math.max(NAME_TWO_LINES_MIN, Math.min(NAME_ONE_LINE_MIN, Math.floor(fitted * 1.9)));
  const nameHeight = Math.ceil(doc.fontSize(nameSize).currentLineHeight(true) * (lines + 0.5));
  doc.fillColor('#1a1b1e').fontSize(nameSize).text(content.nombre, MARGIN, y, { width, align: 'center', height: nameHeight, ellipsis: true });
  y += nameHeight + 6;
  doc.fillColor('#495057').font('regular').fontSize(20).text(content.facts.join('  ·  '), MARGIN, y, { width, align: 'center' });

  const qrSize = 170;
  const qrTop = PAGE.height - MARGIN - qrSize;
  const description = content.description?.trim();
  if (description) {
    const top = doc.y + 10;
    const room = qrTop - 14 - top;
    if (room > 16) doc.fillColor('#1a1b1e').fontSize(14).text(description, MARGIN, top, { width, align: 'center', height: room, ellipsis: true });
  }
  doc.image(qr, MARGIN, qrTop, { width: qrSize, height: qrSize });
  const textLeft = MARGIN + qrSize + 20;
  const textWidth = PAGE.width - MARGIN - textLeft;
  doc
    .fillColor('#1a1b1e')
    .font('bold')
    .fontSize(15)
    .text(content.scanText ?? reachMessages.posterScan, textLeft, qrTop + 6, { width: textWidth });
  doc.fillColor(BRAND).font('regular').fontSize(11).text(content.url, { width: textWidth });
  doc.moveDown(0.8);
  const contactLines =
    content.contactLines ??
    [content.contact.nombre ?? DEFAULT_ORG_NAME, content.contact.telefono, content.contact.email].filter((line): line is string => Boolean(line));
  doc.fillColor('#1a1b1e').font('bold').fontSize(13).text(reachMessages.posterContact, { width: textWidth });
  doc.font('regular').fontSize(13).text(contactLines.join('\n'), { width: textWidth });

  doc.end();
  return finished;
}
