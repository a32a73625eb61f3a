import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/** The dashboard's "Adoptadas este mes" leads to the list filtered by `adoptadoMes`, counted in the same time zone. */
describe('GET /phpApi/mascotas?adoptadoMes=YYYY-MM', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ORG_TIME_ZONE: 'Europe/Madrid' });
    const add = async (nombre: string, adoptadoEn: Date | null) => {
      const [row] = await t.database.db
        .insert(pet)
        .values({ nombre, edad: '1 año', tipo: 'Gato', genero: 'macho', tamano: 'chico', adoptado: adoptadoEn !== null })
        .returning();
      if (adoptadoEn) await t.database.db.update(pet).set({ adoptadoEn }).where(eq(pet.id, row!.id));
    };
    // 23:30 UTC on 31 January is 00:30 on 1 February in Madrid: a February adoption for the organisation.
    await add('Febrero', new Date('2026-01-31T23:30:00Z'));
    await add('Enero', new Date('2026-01-15T10:00:00Z'));
    await add('Sin adoptar', null);
    await t.app.changes.caughtUp();
  });
  afterAll(() => t.close());

  const names = async (query: string) => {
    const res = await t.as('staff').inject({ method: 'GET', url: `/phpApi/mascotas?${query}` });
    expect(res.statusCode).toBe(200);
    return res
      .json<{ items: { nombre: string }[] }>()
      .items.map((i) => i.nombre)
      .sort();
  };

  it("lists the pets adopted in that month of the organisation's calendar", async () => {
    expect(await names('adoptadoMes=2026-02')).toEqual(['Febrero']);
    expect(await names('adoptadoMes=2026-01')).toEqual(['Enero']);
    expect(await names('adoptadoMes=2025-12')).toEqual([]);
  });

  it('refuses a month that is not YYYY-MM, in Spanish', async () => {
    const res = await t.as('staff').inject({ method: 'GET', url: '/phpApi/mascotas?adoptadoMes=2026-13' });
    expectErrorShape(res, 400);
    expect(JSON.stringify(res.json())).toMatch(/mes de adopción/);
  });
});
