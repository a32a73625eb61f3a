import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Remesa, dayInZone, isTarget2BusinessDay, nextBusinessDay } from '@refugio/contracts';
import { gift, historyEvent, person, remesa, remesaLinea } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';

/*
 * Administrators making a batch for the same day at once (PGlite, and PostgreSQL with TEST_DATABASE_URL): one batch
 * charges every due fee, the others find nothing left to charge (422), and each fee is charged once per period.
 */

describe('remesas: races', () => {
  let t: TestApp;
  let year: number;
  const fees: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    year = Number(dayInZone(new Date(), t.config.orgTimeZone).slice(0, 4)) + 1;
    const saved = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: {
        nombre: 'Protectora Patitas',
        zonaHoraria: t.config.orgTimeZone,
        nif: 'G28260008',
        acreedorSepa: 'ES23ZZZ47690558N',
        ibanAcreedor: 'ES9121000418450200051332',
        version: 0,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (let i = 0; i < 6; i++) {
      const [p] = await t.database.db
        .insert(person)
        .values({ nombre: `Socia ${i}` })
        .returning();
      const res = await t.as('admin').inject({
        method: 'POST',
        url: `/api/personas/${p!.id}/cuotas`,
        payload: {
          tipo: 'socio',
          importe: `${10 + i},05`,
          periodicidad: i % 2 === 0 ? 'mensual' : 'trimestral',
          desde: `${year}-01-01`,
          metodoPago: 'domiciliacion',
          iban: 'ES7921000813610123456789',
          mandato: { referencia: `M-${i}`, fechaFirma: '2026-01-01' },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      fees.push(res.json<{ id: number }>().id);
    }
  });
  afterAll(() => t.close());

  it('three batches for one day at once: one 201 with every due fee, the others 422; each period charged once', async () => {
    // January: all six; February: the three monthly ones; April: all six again.
    const onBusinessDay = (day: string) => (isTarget2BusinessDay(day) ? day : nextBusinessDay(day));
    for (const [fecha, due] of [
      [onBusinessDay(`${year}-01-10`), 6],
      [onBusinessDay(`${year}-02-10`), 3],
      [onBusinessDay(`${year}-04-10`), 6],
    ] as const) {
      const answers = await Promise.all(
        [1, 2, 3].map(() => t.as('admin').inject({ method: 'POST', url: '/api/remesas', payload: { fechaCobro: fecha } })),
      );
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([201, 422, 422]);
      const made = answers.find((a) => a.statusCode === 201)!.json<Remesa>();
      expect(made.numero).toBe(due);
    }
    const lines = await t.database.db.select().from(remesaLinea);
    expect(lines).toHaveLength(15);
    const keys = lines.map((l) => `${l.feeId} ${l.periodoDesde}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(await t.database.db.select().from(remesa)).toHaveLength(3);
    expect(await t.database.db.select().from(gift)).toHaveLength(15);
    const events = await t.database.db.select().from(historyEvent);
    expect(events.filter((e) => e.entidad === 'remesa')).toHaveLength(3);
    expect(events.filter((e) => e.entidad === 'donativo')).toHaveLength(15);
  });
});
