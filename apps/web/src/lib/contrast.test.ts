import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, luminance, mix } from './contrast';

describe('contrast (WCAG 2.2 relative luminance and ratio)', () => {
  it('measures the extremes and known pairs', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#fff')).toBe(1);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#fff', '#000')).toBe(21);
    // The figures axe-core reported before the theme changed them.
    expect(contrastRatio('#0c8599', '#ffffff')).toBeCloseTo(4.34, 1);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 1);
  });

  it('mixes toward another colour', () => {
    expect(mix('#ff0000', '#000000', 0)).toBe('#ff0000');
    expect(mix('#ff0000', '#000000', 1)).toBe('#000000');
    expect(mix('#ffffff', '#000000', 0.5)).toBe('#808080');
  });

  it('darkens or lightens only as far as needed', () => {
    expect(ensureContrast('#000000', ['#ffffff'], 4.5, 'darken')).toBe('#000000');
    const teal = ensureContrast('#0c8599', ['#ffffff', '#f8f9fa'], 4.5, 'darken');
    expect(contrastRatio(teal, '#f8f9fa')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(mix('#0c8599', '#000000', 0), '#f8f9fa')).toBeLessThan(4.5);
    expect(luminance(teal)).toBeLessThan(luminance('#0c8599'));
    const light = ensureContrast('#828282', ['#242424'], 4.5, 'lighten');
    expect(contrastRatio(light, '#242424')).toBeGreaterThanOrEqual(4.5);
    expect(() => luminance('teal')).toThrow();
  });
});
