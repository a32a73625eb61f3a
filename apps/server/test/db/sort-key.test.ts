import { asc, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { pet } from '../../src/db/schema';
import { sortKey } from '../../src/db/sort-key';
import { openTestDatabase } from '../helpers/helpers';

/** The Spanish sort key (migration 0011) on this file's database: PGlite, or PostgreSQL with TEST_DATABASE_URL. */
describe('refugio_sort_key: Spanish order by name', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  /** `names` in the order the database gives them by their sort key (ties keep the given order). */
  const sorted = async (names: string[]): Promise<string[]> => {
    // The two drivers type `execute` differently; both answer `{ rows }`.
    const result: unknown = await database.db.execute(
      sql`SELECT name FROM json_array_elements_text(${JSON.stringify(names)}::json) WITH ORDINALITY AS n(name, position) ORDER BY ${sortKey(sql.raw('name'))}, position`,
    );
    return (result as { rows: { name: string }[] }).rows.map((row) => row.name);
  };
  const key = async (name: string): Promise<string> => {
    const result: unknown = await database.db.execute(sql`SELECT refugio_sort_key(${name}) AS key`);
    return (result as { rows: { key: string }[] }).rows[0]!.key;
  };

  it('puts ñ after every n and before o', async () => {
    const expected = ['Nube', 'Nzeta', 'Ñandú', 'Ñube', 'Oca'];
    expect(await sorted([...expected].reverse())).toEqual(expected);
    expect(await sorted(['Oca', 'Ñube', 'Nube', 'Ñandú'])).toEqual(['Nube', 'Ñandú', 'Ñube', 'Oca']);
    // Inside a word too: Peña after Penz, before Peo.
    expect(await sorted(['Peo', 'Peña', 'Penz'])).toEqual(['Penz', 'Peña', 'Peo']);
  });

  it('sorts accented vowels with their letter, not after z', async () => {
    expect(await sorted(['Zorro', 'Pepa', 'Órion', 'Oca'])).toEqual(['Oca', 'Órion', 'Pepa', 'Zorro']);
    expect(await sorted(['Beto', 'Álvaro', 'Amanda', 'Alba'])).toEqual(['Alba', 'Álvaro', 'Amanda', 'Beto']);
    expect(await sorted(['Zoe', 'Éter', 'Ema', 'Üter', 'Uma'])).toEqual(['Ema', 'Éter', 'Uma', 'Üter', 'Zoe']);
  });

  it('ignores case, also of Ñ and accented capitals', async () => {
    expect(await key('NUBE')).toBe(await key('nube'));
    expect(await key('ÑUBE')).toBe(await key('ñube'));
    expect(await key('ÓRION')).toBe(await key('órion'));
    expect(await key('Órion')).toBe(await key('orion'));
    expect(await sorted(['nube', 'Ñandú', 'NUBE', 'ñu'])).toEqual(['nube', 'NUBE', 'Ñandú', 'ñu']);
  });

  it('reads an ñ typed as n plus a combining tilde as ñ', async () => {
    expect(await key('N\u0303andu\u0301')).toBe(await key('Ñandú'));
    expect(await sorted(['Oca', 'n\u0303u', 'Nube'])).toEqual(['Nube', 'n\u0303u', 'Oca']);
  });

  it("is the expression the pet list's name index is built on", async () => {
    await database.db.transaction(async (tx) => {
      // With so few rows the planner would rather sort; forbid that to see whether the index matches at all.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const query = tx
        .select({ id: pet.id })
        .from(pet)
        .where(isNull(pet.deletedAt))
        .orderBy(asc(sortKey(pet.nombre)), asc(pet.id))
        .limit(20);
      const plan: unknown = await tx.execute(sql`EXPLAIN ${query}`);
      const text = (plan as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
      // Read in order from the index: no sort step.
      expect(text).toContain('Index Scan using pet_live_nombre_orden');
      expect(text).not.toMatch(/\bSort\b/);
    });
  });
});
