import { BANK_STATEMENT_MAX_MOVEMENTS, type BankImport } from '@refugio/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankImport, gift } from '../../src/db/schema';
import { createBankImportRepository } from '../../src/modules/donations/bank-import.repository';
import { ADMIN, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * A statement of the user's size never becomes one bind parameter per row (PostgreSQL allows 65 535 in one query;
 * PGlite was left unusable by the attempt): the statement has a limit of movements answered with a 400, the
 * queries behind it work in bounded chunks, and a huge file leaves the database working for everybody else.
 */

/** A bank CSV of `n` credits, each with its own reference, NIF-like text, e-mail and phone (four identifiers a row). */
function bigCsv(n: number): Buffer {
  const lines = ['Fecha;Fecha valor;Concepto;Importe;Saldo'];
  for (let i = 0; i < n; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const phone = `6${String(i).padStart(8, '0')}`;
    lines.push(`${day}/03/2026;${day}/03/2026;TRANSFERENCIA DONANTE ${i} d${i}@example.org ${phone} REF${i};${(i % 97) + 1},00;1.000,00`);
  }
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

describe('a bank statement of the user\u2019s size', () => {
  let t: TestApp;
  const upload = (data: Buffer) => {
    const form = multipart([{ name: 'archivo', value: data, fileName: 'extracto.csv', contentType: 'text/csv' }]);
    return t.as('admin').inject({ method: 'POST', url: '/api/donativos/importar', payload: form.payload, headers: form.headers });
  };

  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t.close());

  it('answers a Spanish 400 above the limit of movements, storing nothing', async () => {
    const res = await upload(bigCsv(BANK_STATEMENT_MAX_MOVEMENTS + 1));
    expectErrorShape(res, 400, 'VALIDATION_ERROR');
    expect(res.json<{ message: string }>().message).toBe(
      `El extracto trae más de ${BANK_STATEMENT_MAX_MOVEMENTS.toLocaleString('es-ES')} ingresos: divídelo en extractos más cortos (por meses, por ejemplo).`,
    );
    const n = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bankImport))[0]!.n;
    expect(n).toBe(0);
  }, 120_000);

  it('reads a statement at the limit, each row with four identifiers (more than 65 535 values to look up)', async () => {
    const res = await upload(bigCsv(BANK_STATEMENT_MAX_MOVEMENTS));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const run = res.json<BankImport>();
    expect(run.movimientos).toHaveLength(BANK_STATEMENT_MAX_MOVEMENTS);
    expect(run.movimientos.every((m) => m.estado === 'sin_persona')).toBe(true);
  }, 180_000);

  it('after 100 000 rows the database still answers: sign-in, a session, a public form, the readiness check', async () => {
    const res = await upload(bigCsv(100_000));
    expect(res.statusCode).toBe(400);
    expect(await t.signIn(ADMIN.email, ADMIN.password)).toMatch(/=/);
    expect((await t.as('admin').inject({ url: '/api/auth/get-session' })).json()).toMatchObject({ user: { email: ADMIN.email } });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/public/colabora',
      remoteAddress: '198.51.100.7',
      payload: {
        tipo: 'socio',
        importe: '10,50',
        periodicidad: 'mensual',
        nombre: 'Lucía',
        apellidos: 'García Pérez',
        nif: '12345678z',
        email: 'lucia@example.com',
        telefono: '600 111 222',
        direccion: 'Calle del Olmo 3',
        codigoPostal: '28001',
        iban: 'ES91 2100 0418 4502 0005 1332',
        consentimientoMandato: true,
        privacidad: true,
      },
    });
    expect(form.statusCode, form.body).toBeLessThan(300);
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
  }, 180_000);

  it('looks up 100 000 import keys and references in bounded chunks', async () => {
    const repo = createBankImportRepository(t.database.db);
    const keys = Array.from({ length: 100_000 }, (_, i) => `clave-${i}`);
    await t.database.db.insert(gift).values({
      personaId: null,
      importeCentimos: 100,
      fecha: '2026-03-01',
      metodo: 'transferencia',
      concepto: 'donativo',
      referencia: 'REF-99999',
      estado: 'registrado',
      importClave: 'clave-99999',
    });
    expect([...(await repo.importedKeys(keys))]).toEqual(['clave-99999']);
    await t.database.db.update(gift).set({ importClave: null });
    const refs = Array.from({ length: 100_000 }, (_, i) => `REF-${i}`);
    expect(await repo.handEnteredWithReference(refs, '2026-01-01', '2026-12-31')).toHaveLength(1);
    expect(await repo.feesOfIbans(Array.from({ length: 70_000 }, (_, i) => `ES${i}`))).toEqual([]);
  }, 120_000);
});
