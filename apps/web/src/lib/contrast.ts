/*
 * Colour contrast as WCAG 2.2 defines it (success criteria 1.4.3 and 1.4.11): relative luminance of sRGB
 * colours and their contrast ratio, 1:1 to 21:1. The theme uses it to pick shades that people can read.
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#?([\da-f]{3}|[\da-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`Not a hex colour: ${hex}`);
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  const n = Number.parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21 (order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` mixed with `toward` (0 = unchanged, 1 = `toward`). */
export function mix(hex: string, toward: string, amount: number): string {
  const from = parseHex(hex);
  const to = parseHex(toward);
  return toHex(from.map((value, i) => value + (to[i]! - value) * amount) as Rgb);
}

/**
 * `hex`, darkened (toward black) or lightened (toward white) in small steps only as far as needed to reach
 * `ratio` against every colour of `backgrounds`; unchanged when it already does. The hue is kept, so a
 * brand colour still reads as itself.
 */
export function ensureContrast(hex: string, backgrounds: readonly string[], ratio: number, direction: 'darken' | 'lighten'): string {
  const toward = direction === 'darken' ? '#000000' : '#ffffff';
  const meets = (candidate: string) => backgrounds.every((background) => contrastRatio(candidate, background) >= ratio);
  for (let step = 0; step <= 100; step++) {
    const candidate = mix(hex, toward, step / 100);
    if (meets(candidate)) return candidate;
  }
  return toward;
}
