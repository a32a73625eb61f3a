import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangedPets } from '../../plugins/changes';
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
  function setup(initial: PetVisibilityRow | undefined) {
    let now = 1_000_000;
    let current = initial;
    let loads = 0;
    const listeners: ((pets: ChangedPets) => void)[] = [];
    const changes = {
      live: true,
      onPets: (listener: (pets: ChangedPets) => void) => listeners.push(listener),
    } as unknown as ChangeFeed;
    const visibility = createPetVisibility({
      changes,
      load: () => {
        loads += 1;
        return Promise.resolve(current);
      },
      maxEntries: 3,
      clock: () => now,
    });
    return {
      visibility,
      loads: () => loads,
      set: (next: PetVisibilityRow | undefined) => (current = next),
      advance: (ms: number) => (now += ms),
      announce: (pets: ChangedPets) => listeners.forEach((l) => l(pets)),
    };
  }

  it('reads a pet once, however many requests ask, until it changes', async () => {
    const s = setup(row());
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.visibility.isPublic(1)));
    expect(answers.every(Boolean)).toBe(true);
    s.advance(60_000);
    expect(await s.visibility.isPublic(1)).toBe(true);
    expect(s.loads()).toBe(1);
  });

  it('sees a change as soon as the feed announces it, and only then', async () => {
    const s = setup(row());
    expect(await s.visibility.isPublic(1)).toBe(true);
    s.set(row({ estado: 'borrador' }));
    expect(await s.visibility.isPublic(1)).toBe(true);
    s.announce([2]);
    expect(await s.visibility.isPublic(1)).toBe(true);
    s.announce([1]);
    expect(await s.visibility.isPublic(1)).toBe(false);
  });

  it('turns a scheduled pet public at its time, from memory', async () => {
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
    let fail = true;
    const flaky = createPetVisibility({
      changes: { live: true, onPets: () => undefined } as unknown as ChangeFeed,
      load: () => (fail ? Promise.reject(new Error('sin base de datos')) : Promise.resolve(row())),
    });
    await expect(flaky.isPublic(1)).rejects.toThrow();
    fail = false;
    expect(await flaky.isPublic(1)).toBe(true);
  });
});
