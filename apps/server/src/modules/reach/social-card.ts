import { DEFAULT_ORG_NAME, SOCIAL_IMAGE_MAX_BYTES, SOCIAL_IMAGE_SIZE, reachMessages } from '@refugio/contracts';
import { sharp } from '../../lib/lazy-modules';
import { IMAGE_LANES } from '../../media/images';

/** What the social image shows. */
export interface SocialCardContent {
  nombre: string;
  facts: string[];
  orgName: string | null;
  /** The pet's main photo as stored (JPEG, PNG or WebP), or undefined for a pet without one. */
  photo?: Buffer;
  /** The badge over the photo (default: the adoption call to action); a lost-and-found report's "SE BUSCA" / "ENCONTRADO". */
  badge?: string;
  /** The badge's colour (default: the brand's blue). */
  badgeColour?: string;
}

const SIZE = SOCIAL_IMAGE_SIZE;
const PHOTO_HEIGHT = 700;
const MARGIN = 60;
/** Fonts every Debian or Ubuntu image with fontconfig has (fonts-dejavu-core), then any sans-serif. */
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const BRAND = '#1c7ed6';
const INK = '#1a1b1e';
const MUTED = '#495057';

/** Text for an SVG text node or attribute: the five XML specials escaped, control characters removed. */
export function xmlText(text: string): string {
  // XML 1.0 has no place for control characters (a name pasted from elsewhere may carry one).
  const printable = [...text].filter((c) => c.codePointAt(0)! >= 0x20 && c !== '\u007f').join('');
  return printable.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** At most `max` characters (whole code points), with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}

/** The largest font size (up to `max`) at which `text` fits `width` pixels, estimated from an average glyph width. */
function fittingSize(text: string, width: number, max: number, glyphRatio: number): number {
  const length = Math.max(1, [...text].length);
  return Math.max(28, Math.min(max, Math.floor(width / (length * glyphRatio))));
}

/** A name of more than 28 characters as two lines, cut at the space nearest its middle (one line when it has none). */
export function splitName(name: string): string[] {
  const chars = [...name];
  if (chars.length <= 28) return [name];
  const middle = chars.length / 2;
  let cut = -1;
  chars.forEach((c, i) => {
    if (c === ' ' && (cut < 0 || Math.abs(i - middle) < Math.abs(cut - middle))) cut = i;
  });
  return cut < 0 ? [name] : [chars.slice(0, cut).join(''), chars.slice(cut + 1).join('')];
}

/** The lower band and the badge over the photo, as one SVG the size of the image. */
function overlaySvg(content: SocialCardContent): string {
  const width = SIZE - 2 * MARGIN;
  // A long name ("Perro perdido en San Sebastián de los Reyes") goes on two lines rather than shrinking to a whisper.
  const nameLines = splitName(clip(content.nombre, 56));
  const facts = clip(content.facts.join(' · '), 60);
  const org = clip(content.orgName ?? DEFAULT_ORG_NAME, 50);
  const nameSize = Math.min(...nameLines.map((line) => fittingSize(line, width, nameLines.length > 1 ? 64 : 96, 0.68)));
  const nameBottom = PHOTO_HEIGHT + 40 + nameSize + (nameLines.length - 1) * Math.round(nameSize * 1.15);
  const factsSize = fittingSize(facts, width, 44, 0.58);
  const badge = (content.badge ?? reachMessages.cardCallToAction).toUpperCase();
  const badgeFill = content.badgeColour ?? BRAND;
  const badgeWidth = Math.round([...badge].length * 34 * 0.72 + 60);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
  <rect x="0" y="${PHOTO_HEIGHT}" width="${SIZE}" height="${SIZE - PHOTO_HEIGHT}" fill="#ffffff"/>
  <rect x="0" y="${PHOTO_HEIGHT}" width="${SIZE}" height="12" fill="${BRAND}"/>
  <rect x="${MARGIN}" y="${MARGIN}" rx="32" ry="32" width="${badgeWidth}" height="64" fill="${badgeFill}"/>
  <text x="${MARGIN + 28}" y="${MARGIN + 44}" font-family="${FONT}" font-size="34" font-weight="bold" fill="#ffffff">${xmlText(badge)}</text>
  <text x="${MARGIN}" y="${PHOTO_HEIGHT + 40 + nameSize}" font-family="${FONT}" font-size="${nameSize}" font-weight="bold" fill="${INK}">${nameLines
    .map((line, i) => `<tspan x="${MARGIN}" dy="${i === 0 ? 0 : Math.round(nameSize * 1.15)}">${xmlText(line)}</tspan>`)
    .join('')}</text>
  <text x="${MARGIN}" y="${nameBottom + (nameLines.length > 1 ? 30 : 50) + factsSize}" font-family="${FONT}" font-size="${factsSize}" fill="${MUTED}">${xmlText(facts)}</text>
  <text x="${MARGIN}" y="${SIZE - 48}" font-family="${FONT}" font-size="34" font-weight="bold" fill="${BRAND}">${xmlText(org)}</text>
</svg>`;
}

/** JPEG qualities tried in turn until the image fits SOCIAL_IMAGE_MAX_BYTES (a photo full of detail needs the lower ones). */
const JPEG_QUALITIES = [82, 72, 62, 50, 40, 30];

/**
 * The 1080x1080 JPEG shared on social networks, at most SOCIAL_IMAGE_MAX_BYTES: the photo over the upper part (cropped to its most interesting
 * region), a badge, the name, three facts and the organisation's name. Decoding the stored photo follows the
 * public images' rules (pixel limit, time limit); the caller runs it in an image lane.
 */
export async function renderSocialCard(content: SocialCardContent): Promise<Buffer> {
  const rules = IMAGE_LANES.public;
  const photo = content.photo
    ? await sharp(content.photo, { limitInputPixels: rules.maxPixels, failOn: 'error', animated: false })
        .timeout({ seconds: rules.timeoutSeconds })
        .rotate()
        .resize(SIZE, PHOTO_HEIGHT, { fit: 'cover', position: 'attention' })
        .png()
        .toBuffer()
    : undefined;
  const layers = [...(photo ? [{ input: photo, top: 0, left: 0 }] : []), { input: Buffer.from(overlaySvg(content)), top: 0, left: 0 }];
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><rect width="${SIZE}" height="${SIZE}" fill="${photo ? '#ffffff' : '#d0ebff'}"/></svg>`;
  // Composed once (lossless), then encoded at the highest quality that fits.
  const composed = await sharp(Buffer.from(background))
    .timeout({ seconds: rules.timeoutSeconds })
    .composite(layers)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let jpeg: Buffer | undefined;
  for (const quality of JPEG_QUALITIES) {
    jpeg = await sharp(composed.data, { raw: composed.info })
      .timeout({ seconds: rules.timeoutSeconds })
      .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toBuffer();
    if (jpeg.length <= SOCIAL_IMAGE_MAX_BYTES) break;
  }
  return jpeg!;
}
