import { describe, expect, it } from 'vitest';
import { type PetVisibilityRow, createPetVisibility, publicFrom } from './pet-visibility';

const row = (over: Partial<PetVisibilityRow> = {}): PetVisibilityRow => ({
  estado: 'publicada',
  publicarEn: null,
  adoptado: false,
  deletedAt: null,
  ...over,
});

describe('publicFrom', () => {
  it('is public for published pets, from its time for scheduled ones, never for the rest', () => {
    expect(publicFrom(row())).toBe(Number.NEGATIVE_INFINITY);
    expect(publicFrom(row({ estado: 'programada', publicarEn: new Date(5000) }))).toBe(5000);
    expect(publicFrom(row({ estado: 'programada' }))).toBeNull();
    expect(publicFrom(row({ estado: 'borrador' }))).toBeNull();
    expect(publicFrom(row({ adoptado: true }))).toBeNull();
    expect(publicFrom(row({ deletedAt: new Date() }))).toBeNull();
    expect(publicFrom(undefined)).toBeNull();
  });
});

describe('createPetVisibility', () => {
  function setup(initial: PetVisibilityRow | undefined, ttlMs = 5000) {
    let now = 1_000_000;
    let current = initial;
    let loads = 0;
    const visibility = createPetVisibility({
      load: () => {
        loads += 1;
        return Promise.resolve(current);
      },
      ttlMs,
      maxEntries: 3,
      clock: () => now,
    });
    return {
      visibility,
      loads: () => loads,
      set: (next: PetVisibilityRow | undefined) => (current = next),
      advance: (ms: number) => (now += ms),
    };
  }

  it('reads a pet once per bound, however many requests ask', async () => {
    const s = setup(row());
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.visibility.isPublic(1)));
    expect(answers.every(Boolean)).toBe(true);
    s.advance(4999);
    expect(await s.visibility.isPublic(1)).toBe(true);
    expect(s.loads()).toBe(1);
  });

  it('sees a change made elsewhere once the bound has passed, and one made here at once after forget()', async () => {
    const s = setup(row());
    expect(await s.visibility.isPublic(1)).toBe(true);
    s.set(row({ estado: 'borrador' }));
    expect(await s.visibility.isPublic(1)).toBe(true);
    s.advance(5000);
    expect(await s.visibility.isPublic(1)).toBe(false);
    s.set(row());
    s.visibility.forget(1);
    expect(await s.visibility.isPublic(1)).toBe(true);
  });

  it('turns a scheduled pet public at its time, from the cache', async () => {
    const s = setup(row({ estado: 'programada', publicarEn: new Date(1_002_000) }));
    expect(await s.visibility.isPublic(1)).toBe(false);
    s.advance(2000);
    expect(await s.visibility.isPublic(1)).toBe(true);
    expect(s.loads()).toBe(1);
  });

  it('keeps a bounded number of pets and does not keep failed reads', async () => {
    const s = setup(row());
    for (const id of [1, 2, 3, 4, 5]) await s.visibility.isPublic(id);
    expect(s.visibility.size()).toBe(3);
    const failing = createPetVisibility({ load: () => Promise.reject(new Error('sin base de datos')) });
    await expect(failing.isPublic(1)).rejects.toThrow();
    await Promise.resolve();
    expect(failing.size()).toBe(0);
  });
});
