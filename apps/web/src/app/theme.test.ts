import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, mix } from '../lib/contrast';
import { cssVariablesResolver, theme } from './theme';

const { white, colors } = DEFAULT_THEME;
const lightSurfaces = [white, colors.gray[0], colors.gray[1]];
const darkSurfaces = [colors.dark[7], colors.dark[8], colors.dark[6], colors.dark[5]];
const palettes = Object.entries(theme.colors ?? {}) as [string, MantineColorsTuple][];
const textPalettes = palettes.filter(([name]) => name !== 'dark');

/** Hue in degrees of a #rrggbb colour. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('theme colours (WCAG 2.2 AA, text 4.5:1)', () => {
  it('covers every Mantine palette', () => {
    expect(palettes.map(([name]) => name).sort()).toEqual(Object.keys(colors).sort());
  });

  it.each(textPalettes)('%s: filled shade under white text and as text on the light surfaces', (_name, palette) => {
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(contrastRatio(palette[8], white)).toBeGreaterThanOrEqual(4.5);
    for (const surface of lightSurfaces) expect(contrastRatio(palette[8], surface)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(textPalettes)('%s: light-variant text on its background, darker than the filled shade', (_name, palette) => {
    for (const background of [palette[1], palette[2], ...lightSurfaces]) expect(contrastRatio(palette[9], background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette[9], white)).toBeGreaterThan(contrastRatio(palette[8], white));
  });

  it.each(textPalettes)('%s: coloured text in dark on the dark surfaces', (_name, palette) => {
    for (const surface of darkSurfaces) expect(contrastRatio(palette[4], surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the brand teal: the primary shades keep their hue', () => {
    const brand = theme.colors!.cyan!;
    for (const shade of [4, 8, 9] as const) expect(Math.abs(hue(brand[shade]) - hue(colors.cyan[shade]))).toBeLessThan(3);
    expect(theme.primaryColor).toBe('cyan');
  });

  it('gives secondary text (gray 6 in light, dark 2 in dark: dimmed, descriptions, placeholders) 4.5:1, also on tinted rows', () => {
    const secondaryLight = theme.colors!.gray![6];
    const secondaryDark = theme.colors!.dark![2];
    for (const surface of [...lightSurfaces, colors.blue[1], colors.red[1]])
      expect(contrastRatio(secondaryLight, surface)).toBeGreaterThanOrEqual(4.5);
    for (const surface of [...darkSurfaces, mix(colors.blue[9], '#000000', 0.5)])
      expect(contrastRatio(secondaryDark, surface)).toBeGreaterThanOrEqual(4.5);
    // Still secondary: lighter than the darker grays meant for body text.
    expect(contrastRatio(secondaryLight, white)).toBeLessThan(contrastRatio(colors.gray[7], white));
    // In dark too: clearly dimmer than the body text (dark 0).
    expect(contrastRatio(secondaryDark, colors.dark[7])).toBeLessThan(contrastRatio(colors.dark[0], colors.dark[7]) - 2);
    // The dark scheme's surfaces themselves stay Mantine's.
    const others = [0, 1, 3, 4, 5, 6, 7, 8, 9] as const;
    expect(others.map((i) => theme.colors!.dark![i])).toEqual(others.map((i) => colors.dark[i]));
    const variables = cssVariablesResolver(theme as Parameters<typeof cssVariablesResolver>[0]);
    expect(variables.light['--mantine-color-placeholder']).toBe('var(--mantine-color-gray-6)');
    expect(variables.dark['--mantine-color-placeholder']).toBe('var(--mantine-color-dark-2)');
    expect(variables.light['--mantine-color-error']).toBe('var(--mantine-color-red-8)');
    expect(variables.dark['--mantine-color-error']).toBe('var(--mantine-color-red-4)');
  });
});
