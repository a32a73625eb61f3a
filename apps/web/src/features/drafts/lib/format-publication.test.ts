import { describe, expect, it } from 'vitest';
import { formatInZone, formatTimeInZone, summarizeBatch } from './format-publication';

describe('format-publication', () => {
  it('shows instants in the organisation time zone, not the device’s', () => {
    expect(formatTimeInZone('2026-07-15T08:00:00.000Z', 'Europe/Madrid')).toBe('10:00');
    expect(formatTimeInZone('2026-07-15T08:00:00.000Z', 'America/Mexico_City')).toBe('02:00');
    expect(formatInZone(null, 'Europe/Madrid')).toBe('');
  });

  it('summarises a bulk change', () => {
    const item = {
      nombre: 'A',
      tipo: 'Perro',
      adoptado: false,
      thumbnailUrl: null,
      estado: 'publicada' as const,
      publicarEn: null,
      version: 2,
      updatedAt: '',
      updatedBy: null,
    };
    expect(summarizeBatch({ resultados: [{ id: 1, ok: true, item: { ...item, id: 1 } }] }).text).toBe('1 mascota cambiada.');
    const mixed = summarizeBatch({
      resultados: [
        { id: 1, ok: true, item: { ...item, id: 1 } },
        { id: 2, ok: false, code: 'CONFLICT', message: 'Otra persona cambió esta mascota.' },
      ],
    });
    expect(mixed).toEqual({ ok: 1, failed: 1, text: '1 mascota cambiada; 1 sin cambiar: Otra persona cambió esta mascota.' });
  });
});
