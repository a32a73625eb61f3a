import { describe, expect, it } from 'vitest';
import {
  SCHEDULE_GRACE_MS,
  dayBoundsInZone,
  decidePublication,
  effectivePublicationState,
  instantToWallTime,
  isSchedulable,
  isValidTimeZone,
  lastMonthsInZone,
  monthStartInZone,
  publicationBatchInputSchema,
  publicationMessages,
  wallTimeToInstant,
} from './publications';

const at = (iso: string) => new Date(iso);

describe('effectivePublicationState', () => {
  const when = at('2026-05-10T08:00:00.000Z');

  it('a scheduled pet is public from its second on, not a millisecond before', () => {
    expect(effectivePublicationState('programada', when, at('2026-05-10T07:59:59.999Z'))).toBe('programada');
    expect(effectivePublicationState('programada', when, when)).toBe('publicada');
    expect(effectivePublicationState('programada', when, at('2026-05-10T08:00:00.001Z'))).toBe('publicada');
  });

  it('drafts stay drafts, published stay published, a schedule without a date never goes public', () => {
    expect(effectivePublicationState('borrador', when, at('2030-01-01T00:00:00Z'))).toBe('borrador');
    expect(effectivePublicationState('publicada', null, at('2000-01-01T00:00:00Z'))).toBe('publicada');
    expect(effectivePublicationState('programada', null, at('2030-01-01T00:00:00Z'))).toBe('programada');
  });
});

describe('past dates', () => {
  const now = at('2026-05-10T08:00:00.000Z');

  it('refuses a date before now minus the grace, accepts within it and later', () => {
    expect(isSchedulable(new Date(now.getTime() - SCHEDULE_GRACE_MS - 1), now)).toBe(false);
    expect(isSchedulable(new Date(now.getTime() - SCHEDULE_GRACE_MS), now)).toBe(true);
    expect(isSchedulable(now, now)).toBe(true);
    expect(isSchedulable(at('2026-05-11T00:00:00Z'), now)).toBe(true);
  });

  it('decidePublication: programada needs a future date; publish and withdraw clear it', () => {
    expect(decidePublication('programada', undefined, now)).toEqual({ ok: false, field: 'publicarEn', message: publicationMessages.dateRequired });
    expect(decidePublication('programada', at('2026-05-09T08:00:00Z'), now)).toEqual({
      ok: false,
      field: 'publicarEn',
      message: publicationMessages.pastDate,
    });
    const future = at('2026-05-12T10:00:00Z');
    expect(decidePublication('programada', future, now)).toEqual({ ok: true, change: { estado: 'programada', publicarEn: future } });
    expect(decidePublication('publicada', future, now)).toEqual({ ok: true, change: { estado: 'publicada', publicarEn: null } });
    expect(decidePublication('borrador', future, now)).toEqual({ ok: true, change: { estado: 'borrador', publicarEn: null } });
  });
});

describe('time zones', () => {
  it('knows IANA zones and refuses the rest', () => {
    expect(isValidTimeZone('Europe/Madrid')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Europe/Atlantis')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('turns Madrid wall time into the right instant in winter and summer', () => {
    expect(wallTimeToInstant('2026-01-15 10:00', 'Europe/Madrid')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(wallTimeToInstant('2026-07-15 10:00:00', 'Europe/Madrid')?.toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(wallTimeToInstant('2026-07-15T10:00', 'America/Mexico_City')?.toISOString()).toBe('2026-07-15T16:00:00.000Z');
    expect(wallTimeToInstant('2026-07-15 10:00', 'UTC')?.toISOString()).toBe('2026-07-15T10:00:00.000Z');
  });

  it('around the changes of time: a skipped time moves forward, a repeated one takes the later', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST.
    expect(wallTimeToInstant('2026-03-29 01:59', 'Europe/Madrid')?.toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(wallTimeToInstant('2026-03-29 03:00', 'Europe/Madrid')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(wallTimeToInstant('2026-03-29 02:30', 'Europe/Madrid')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 02:30 happens twice.
    expect(wallTimeToInstant('2026-10-25 02:30', 'Europe/Madrid')?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });

  it('refuses what is not a wall time', () => {
    expect(wallTimeToInstant('', 'Europe/Madrid')).toBeUndefined();
    expect(wallTimeToInstant('2026-02-30 10:00', 'Europe/Madrid')).toBeUndefined();
    expect(wallTimeToInstant('mañana', 'Europe/Madrid')).toBeUndefined();
  });

  it('shows an instant as the wall time of the zone, and back', () => {
    const instant = at('2026-12-31T23:30:00Z');
    expect(instantToWallTime(instant, 'Europe/Madrid')).toBe('2027-01-01 00:30:00');
    expect(wallTimeToInstant(instantToWallTime(instant, 'Europe/Madrid'), 'Europe/Madrid')?.toISOString()).toBe(instant.toISOString());
  });

  it('today and this month are the organisation’s, not UTC’s', () => {
    // 23:30 UTC on 31 May is already 1 June in Madrid.
    const now = at('2026-05-31T23:30:00Z');
    expect(dayBoundsInZone(now, 'Europe/Madrid')).toEqual({ start: at('2026-05-31T22:00:00Z'), end: at('2026-06-01T22:00:00Z') });
    expect(monthStartInZone(now, 'Europe/Madrid').toISOString()).toBe('2026-05-31T22:00:00.000Z');
    expect(monthStartInZone(now, 'UTC').toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(lastMonthsInZone(now, 'Europe/Madrid', 3)).toEqual(['2026-04', '2026-05', '2026-06']);
  });
});

describe('publicationBatchInputSchema', () => {
  it('refuses an empty batch, repeated pets and dates without a zone', () => {
    expect(publicationBatchInputSchema.safeParse({ items: [], accion: 'publicar' }).success).toBe(false);
    const twice = {
      items: [
        { id: 1, version: 1 },
        { id: 1, version: 2 },
      ],
      accion: 'publicar',
    };
    expect(publicationBatchInputSchema.safeParse(twice).success).toBe(false);
    const local = { items: [{ id: 1, version: 1 }], accion: 'programar', publicarEn: '2026-05-10 10:00' };
    expect(publicationBatchInputSchema.safeParse(local).success).toBe(false);
    expect(publicationBatchInputSchema.safeParse({ ...local, publicarEn: '2026-05-10T10:00:00+02:00' }).success).toBe(true);
  });
});
