import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast';
import { cssVariablesResolver, theme } from './theme';

const { white, colors } = DEFAULT_THEME;
const lightSurfaces = [white, colors.gray[0], colors.gray[1]];
const darkSurfaces = [colors.dark[7], colors.dark[8], colors.dark[6]];
const palettes = Object.entries(theme.colors ?? {}) as [string, MantineColorsTuple][];

/** Hue in degrees of a #rrggbb colour. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('theme colours (WCAG 2.2 AA, text 4.5:1)', () => {
  it('covers every Mantine palette but the dark surfaces', () => {
    expect(palettes.map(([name]) => name).sort()).toEqual(
      Object.keys(colors)
        .filter((name) => name !== 'dark')
        .sort(),
    );
  });

  it.each(palettes)('%s: filled shade under white text and as text on the light surfaces', (_name, palette) => {
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(contrastRatio(palette[8], white)).toBeGreaterThanOrEqual(4.5);
    for (const surface of lightSurfaces) expect(contrastRatio(palette[8], surface)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(palettes)('%s: light-variant text on its background, darker than the filled shade', (_name, palette) => {
    for (const background of [palette[1], palette[2], ...lightSurfaces]) expect(contrastRatio(palette[9], background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette[9], white)).toBeGreaterThan(contrastRatio(palette[8], white));
  });

  it.each(palettes)('%s: coloured text in dark on the dark surfaces', (_name, palette) => {
    for (const surface of darkSurfaces) expect(contrastRatio(palette[4], surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the brand teal: the primary shades keep their hue', () => {
    const brand = theme.colors!.cyan!;
    for (const shade of [4, 8, 9] as const) expect(Math.abs(hue(brand[shade]) - hue(colors.cyan[shade]))).toBeLessThan(3);
    expect(theme.primaryColor).toBe('cyan');
  });

  it('gives secondary text, placeholders and errors 4.5:1 in both schemes', () => {
    const variables = cssVariablesResolver(theme as Parameters<typeof cssVariablesResolver>[0]);
    for (const name of ['--mantine-color-dimmed', '--mantine-color-placeholder'] as const) {
      for (const surface of lightSurfaces) expect(contrastRatio(variables.light[name]!, surface)).toBeGreaterThanOrEqual(4.5);
      for (const surface of darkSurfaces) expect(contrastRatio(variables.dark[name]!, surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(variables.light['--mantine-color-error']).toBe('var(--mantine-color-red-8)');
    expect(variables.dark['--mantine-color-error']).toBe('var(--mantine-color-red-4)');
  });
});
