import { eq, isNotNull, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankImport, BankImportResult } from '@refugio/contracts';
import { gift, historyEvent, person } from '../../src/db/schema';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * Two administrators confirming bank statements at the same moment (on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set): every movement is stored once, with one history event, whether they confirm the same
 * dry run or two dry runs of the same statement. The unique import key decides, not a read before the write.
 */

describe('bank statement import: races', () => {
  let t: TestApp;
  const admin = () => t.as('admin');

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(person).values([
      { nombre: 'Ana', apellidos: 'Peña', nif: '12345678Z' },
      { nombre: 'Íñigo', apellidos: 'Muñoz', telefono: '+34612345678' },
    ]);
  });
  afterAll(() => t.close());

  /** A statement of `n` credits of round `day`: the same file read twice gives the same movements. */
  const statement = (day: number, n: number) => {
    const rows = Array.from(
      { length: n },
      (_, i) => `${String(day).padStart(2, '0')}/04/2026;${i % 2 === 0 ? 'DNI 12345678Z' : 'BIZUM 612345678'} PAGO ${i};${i + 1},00`,
    );
    return iconv.encode(['Fecha;Concepto;Importe', ...rows].join('\r\n'), 'win1252');
  };
  const dryRun = async (data: Buffer) => {
    const form = multipart([{ name: 'archivo', value: data, fileName: 'abril.csv', contentType: 'text/csv' }]);
    const res = await admin().inject({ method: 'POST', url: '/api/donativos/importar', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BankImport>();
  };
  const confirm = (id: string) => admin().inject({ method: 'POST', url: `/api/donativos/importar/${id}/confirmar`, payload: {} });
  const giftsOfDay = async (fecha: string) => t.database.db.select().from(gift).where(eq(gift.fecha, fecha));

  it('two confirmations of one dry run, or of two dry runs of one statement, store each movement once', async () => {
    const N = 6;
    for (let round = 1; round <= 4; round++) {
      const data = statement(round, N);
      const first = await dryRun(data);
      const second = round % 2 === 0 ? await dryRun(data) : first;
      const [a, b] = await Promise.all([confirm(first.id), confirm(second.id)]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      const results = [a.json<BankImportResult>(), b.json<BankImportResult>()];
      expect(results[0]!.creados + results[1]!.creados).toBe(N);
      expect(results[0]!.duplicados + results[1]!.duplicados).toBe(N);
      const fecha = `2026-04-${String(round).padStart(2, '0')}`;
      const stored = await giftsOfDay(fecha);
      expect(stored).toHaveLength(N);
      const events = await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'donativo'));
      expect(events.filter((e) => stored.some((g) => String(g.id) === e.entidadId))).toHaveLength(N);
    }
    // Two statements holding the same movements in opposite orders (other row numbers), confirmed at once: no
    // crosswise wait (a deadlock would be a 500), each movement once.
    for (let round = 11; round <= 13; round++) {
      const lines = statement(round, N).toString('latin1').split('\r\n');
      const reversed = iconv.encode([lines[0], ...lines.slice(1).reverse()].join('\r\n'), 'win1252');
      const [first, second] = [await dryRun(statement(round, N)), await dryRun(reversed)];
      const [a, b] = await Promise.all([confirm(first.id), confirm(second.id)]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
      expect(a.json<BankImportResult>().creados + b.json<BankImportResult>().creados).toBe(N);
      expect(await giftsOfDay(`2026-04-${round}`)).toHaveLength(N);
    }
    const [keys] = await t.database.db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${gift.importClave})::int` })
      .from(gift)
      .where(isNotNull(gift.importClave));
    expect(keys!.n).toBe(keys!.distinct);
  });
});
