import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fee, type Gift, dayInZone } from '@refugio/contracts';
import { gift, historyEvent, person } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';

/* Two administrators acting on one gift or one fee at once: one wins, the other is told 409, one event is written. */

describe('fees and gifts: races', () => {
  let t: TestApp;
  let today: string;
  const admin = () => t.as('admin');

  beforeAll(async () => {
    t = await createTestApp();
    today = dayInZone(new Date(), t.config.orgTimeZone);
  });
  afterAll(() => t.close());

  const eventsOf = async (entidad: string, id: number) =>
    (await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, entidad))).filter((e) => e.entidadId === String(id));

  it('two annulments of one gift: one 200, one 409, one event', async () => {
    for (let round = 0; round < 5; round++) {
      const made = await admin().inject({
        method: 'POST',
        url: '/api/donativos',
        payload: { importe: 5, fecha: today, metodo: 'domiciliacion', concepto: 'donativo' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json<Gift>().id;
      const [a, b] = await Promise.all([
        admin().inject({ method: 'POST', url: `/api/donativos/${id}/anular`, payload: { motivo: 'Primera', version: 1 } }),
        round % 2 === 0
          ? admin().inject({ method: 'POST', url: `/api/donativos/${id}/anular`, payload: { motivo: 'Segunda', version: 1 } })
          : admin().inject({ method: 'POST', url: `/api/donativos/${id}/devolucion`, payload: { version: 1 } }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
      const [row] = await t.database.db.select().from(gift).where(eq(gift.id, id));
      expect(row!.version).toBe(2);
      expect((await eventsOf('donativo', id)).filter((e) => e.accion === 'estado')).toHaveLength(1);
    }
  });

  it('two leaves of one fee: one 200, one 409', async () => {
    const [p] = await t.database.db.insert(person).values({ nombre: 'Nuria' }).returning();
    const made = await admin().inject({
      method: 'POST',
      url: `/api/personas/${p!.id}/cuotas`,
      payload: { tipo: 'socio', importe: '15', periodicidad: 'mensual', desde: '2026-01-01', metodoPago: 'efectivo' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<Fee>().id;
    const leave = (motivo: string) =>
      admin().inject({ method: 'POST', url: `/api/cuotas/${id}/baja`, payload: { fecha: '2026-06-30', motivo, version: 1 } });
    const [a, b] = await Promise.all([leave('Una'), leave('Otra')]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    expect((await eventsOf('cuota', id)).filter((e) => e.accion === 'estado')).toHaveLength(1);
  });
});
