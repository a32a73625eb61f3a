import type { SignatureArea } from '../../db/schema';
import { registerPdfFonts } from '../../lib/pdf-fonts';

/*
 * The contract's PDF: the organisation's Markdown (filled in) walked token by token with marked's lexer and drawn
 * with pdfkit (both loaded at first use), the organisation's header and the page numbers on every page, and a
 * signature box at the end whose place is kept, so the signed copy draws the signature exactly there.
 */

type PdfDoc = PDFKit.PDFDocument;
/** marked's tokens, loosely: every block and inline token has a `type`, most a `text`, many their own `tokens`. */
interface MdToken {
  type: string;
  raw?: string;
  text?: string;
  depth?: number;
  tokens?: MdToken[];
  items?: MdToken[];
  ordered?: boolean;
  start?: number | '';
}

const MARGIN = 56;
const TOP = 78;
const BOX_HEIGHT = 95;
const BOX_WIDTH = 260;

/** Markdown's special characters escaped, so a value (a name with `*` or `#`) is shown as typed, never as formatting. */
export function escapeMarkdown(value: string): string {
  return value.replace(/\s+/g, ' ').replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');
}

interface Segment {
  text: string;
  bold: boolean;
  italic: boolean;
  mono: boolean;
}

function inline(tokens: MdToken[] | undefined, style: Omit<Segment, 'text'> = { bold: false, italic: false, mono: false }): Segment[] {
  const out: Segment[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...inline(token.tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...inline(token.tokens, { ...style, italic: true }));
        break;
      case 'codespan':
        out.push({ ...style, mono: true, text: token.text ?? '' });
        break;
      case 'br':
        out.push({ ...style, text: '\n' });
        break;
      case 'del':
      case 'link':
        out.push(...inline(token.tokens, style));
        break;
      case 'text':
        if (token.tokens && token.tokens.length > 0) out.push(...inline(token.tokens, style));
        else out.push({ ...style, text: decodeEntities(token.text ?? '') });
        break;
      case 'escape':
        out.push({ ...style, text: decodeEntities(token.text ?? '') });
        break;
      default:
        // Raw HTML, images and anything unknown: shown as the text written.
        out.push({ ...style, text: token.text ?? token.raw ?? '' });
    }
  }
  return out;
}

/** marked escapes `&<>"'` in text tokens; the PDF shows the characters themselves. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}

function fontOf(segment: Omit<Segment, 'text'>): string {
  if (segment.mono) return 'Courier';
  if (segment.bold && segment.italic) return 'boldItalic';
  if (segment.bold) return 'bold';
  if (segment.italic) return 'italic';
  return 'regular';
}

/** Segments as one flowing paragraph (fonts change mid-line), at `x` with `width`. */
function drawSegments(doc: PdfDoc, segments: Segment[], x: number, width: number, size: number) {
  const parts = segments.filter((s) => s.text !== '');
  if (parts.length === 0) return;
  const y = doc.y;
  parts.forEach((segment, index) => {
    const last = index === parts.length - 1;
    doc.font(fontOf(segment)).fontSize(size);
    if (index === 0) doc.text(segment.text, x, y, { width, continued: !last, lineGap: 2 });
    else doc.text(segment.text, { continued: !last, lineGap: 2 });
  });
}

function ensureRoom(doc: PdfDoc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function drawBlocks(doc: PdfDoc, tokens: MdToken[], x: number, width: number) {
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const size = token.depth === 1 ? 18 : token.depth === 2 ? 13 : 11;
        ensureRoom(doc, size * 4);
        doc.moveDown(token.depth === 1 ? 0.2 : 0.6);
        drawSegments(doc, inline(token.tokens, { bold: true, italic: false, mono: false }), x, width, size);
        doc.moveDown(0.3);
        break;
      }
      case 'paragraph':
        ensureRoom(doc, 30);
        drawSegments(doc, inline(token.tokens), x, width, 10.5);
        doc.moveDown(0.5);
        break;
      case 'list': {
        const start = typeof token.start === 'number' ? token.start : 1;
        (token.items ?? []).forEach((item, index) => {
          ensureRoom(doc, 30);
          const label = token.ordered ? `${start + index}.` : '•';
          const y = doc.y;
          doc.font('regular').fontSize(10.5).text(label, x, y, { width: 18, lineBreak: false });
          doc.y = y;
          const blocks = item.tokens ?? [];
          for (const block of blocks) {
            if (block.type === 'text' || block.type === 'paragraph') {
              drawSegments(doc, inline(block.tokens ?? [{ type: 'text', text: block.text ?? '' }]), x + 18, width - 18, 10.5);
            } else drawBlocks(doc, [block], x + 18, width - 18);
          }
          doc.moveDown(0.25);
        });
        doc.moveDown(0.3);
        break;
      }
      case 'blockquote':
        drawBlocks(doc, token.tokens ?? [], x + 14, width - 14);
        break;
      case 'code':
        ensureRoom(doc, 30);
        doc
          .font('Courier')
          .fontSize(9)
          .text(token.text ?? '', x, doc.y, { width });
        doc.moveDown(0.5);
        break;
      case 'hr':
        ensureRoom(doc, 20);
        doc
          .moveTo(x, doc.y + 4)
          .lineTo(x + width, doc.y + 4)
          .strokeColor('#999')
          .stroke();
        doc.moveDown(1);
        break;
      case 'space':
        break;
      default:
        // Tables and raw HTML: their text as written.
        if (token.raw?.trim()) {
          ensureRoom(doc, 30);
          doc.font('regular').fontSize(10.5).text(token.raw.trim(), x, doc.y, { width });
          doc.moveDown(0.5);
        }
    }
  }
}

export interface ContractPdfInput {
  titulo: string;
  /** The template filled in (values escaped for Markdown). */
  markdown: string;
  organization: { nombre: string; email: string | null; telefono: string | null; web: string | null; direccion: string | null };
  /** The signer's name printed under the signature box. */
  firmante: string;
  /** The heading over the signature box ("Firma de la persona cedente"): documentSignatureLabels of the type. */
  firmaEtiqueta: string;
  /** The contract's date as printed ("24 de noviembre de 2026"). */
  fecha: string;
}

/** The PDF's bytes and where its signature box is (on the last page). */
export async function renderContractPdf(input: ContractPdfInput): Promise<{ pdf: Buffer; area: SignatureArea }> {
  const [{ default: PDFDocument }, { Lexer }] = await Promise.all([import('pdfkit'), import('marked')]);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: 60, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: input.titulo, Author: input.organization.nombre },
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

  const tokens = new Lexer({ gfm: true }).lex(input.markdown) as unknown as MdToken[];
  doc.x = MARGIN;
  drawBlocks(doc, tokens, MARGIN, width);

  // The signature box, whole on the last page.
  ensureRoom(doc, BOX_HEIGHT + 70);
  doc.moveDown(1);
  doc.font('bold').fontSize(10.5).text(input.firmaEtiqueta, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  const boxTop = doc.y;
  doc.rect(MARGIN, boxTop, BOX_WIDTH, BOX_HEIGHT).lineWidth(0.8).strokeColor('#666').stroke();
  doc.y = boxTop + BOX_HEIGHT + 6;
  doc.font('regular').fontSize(9).fillColor('#333').text(`${input.firmante} · ${input.fecha}`, MARGIN, doc.y, { width: BOX_WIDTH });
  doc.fillColor('#000');
  const range = doc.bufferedPageRange();
  const lastPage = range.start + range.count - 1;
  const area: SignatureArea = {
    page: lastPage,
    x: MARGIN,
    // pdf-lib measures from the bottom.
    y: doc.page.height - boxTop - BOX_HEIGHT,
    width: BOX_WIDTH,
    height: BOX_HEIGHT,
  };

  // The organisation's header and the page numbers, once every page exists.
  const contact = [input.organization.email, input.organization.telefono, input.organization.web].filter(Boolean).join(' · ');
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const { top, bottom } = doc.page.margins;
    doc.page.margins.top = 0;
    doc.page.margins.bottom = 0;
    doc.font('bold').fontSize(11).fillColor('#000').text(input.organization.nombre, MARGIN, 28, { width, lineBreak: false });
    if (contact) doc.font('regular').fontSize(8).fillColor('#444').text(contact, MARGIN, 43, { width, lineBreak: false });
    doc
      .moveTo(MARGIN, 58)
      .lineTo(MARGIN + width, 58)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke();
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#444')
      .text(`${input.titulo} · Página ${i - range.start + 1} de ${range.count}`, MARGIN, doc.page.height - 38, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.top = top;
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await finished;
  return { pdf: Buffer.concat(chunks), area };
}
