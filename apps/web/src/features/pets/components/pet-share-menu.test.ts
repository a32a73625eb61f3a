import { describe, expect, it } from 'vitest';
import { isSharable, shareLinks } from './pet-share-menu';

describe('the share menu', () => {
  it('shares only a public pet: published, not adopted, not deleted', () => {
    expect(isSharable({ estado: 'publicada', adoptado: false, deletedAt: null })).toBe(true);
    expect(isSharable({ estado: 'borrador', adoptado: false, deletedAt: null })).toBe(false);
    expect(isSharable({ estado: 'programada', adoptado: false, deletedAt: null })).toBe(false);
    expect(isSharable({ estado: 'publicada', adoptado: true, deletedAt: null })).toBe(false);
    expect(isSharable({ estado: 'publicada', adoptado: false, deletedAt: '2026-01-01T00:00:00Z' })).toBe(false);
  });

  it('sends the text with the address once to WhatsApp, and the address to Facebook, encoded', () => {
    const url = 'https://adopta.example.org/adopta/7';
    expect(shareLinks(url, 'Ñandú & cía. busca un hogar:')).toEqual({
      whatsapp: `https://wa.me/?text=${encodeURIComponent(`Ñandú & cía. busca un hogar: ${url}`)}`,
      facebook: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fadopta.example.org%2Fadopta%2F7',
    });
    // A post that already holds the address is sent as it is.
    expect(shareLinks(url, `Adopta a Luna ${url} #adopta`).whatsapp).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Adopta a Luna ${url} #adopta`)}`,
    );
  });
});
