import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiErrorBody,
  type Fee,
  type Remesa,
  dayInZone,
  earliestCollectionDay,
  isTarget2BusinessDay,
  nextBusinessDay,
} from '@refugio/contracts';
import { eq } from 'drizzle-orm';
import { fee, person } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * The SEPA rules a direct debit is checked with when it is entered, not only when a batch is written (DESIGN section
 * 15, docs/api.md): a country of the SEPA schemes; for a bank outside the EEA its BIC and the debtor's address; a
 * mandate reference by the EPC rules and unique for the creditor; an IBAN written with the separators people use;
 * a collection day the banks settle on. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

describe('SEPA rules of direct debits', () => {
  let t: TestApp;
  let today: string;
  let year: number;
  let seq = 0;
  const admin = () => t.as('admin');

  beforeAll(async () => {
    t = await createTestApp();
    today = dayInZone(new Date(), t.config.orgTimeZone);
    year = Number(today.slice(0, 4)) + 1;
    const saved = await admin().inject({
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
  });
  afterAll(() => t.close());

  const newPerson = async (nombre = 'Ana', apellidos = 'Prueba') => {
    const [row] = await t.database.db.insert(person).values({ nombre, apellidos }).returning();
    return row!.id;
  };
  const createFee = async (extra: Record<string, unknown>, personaId?: number) =>
    admin().inject({
      method: 'POST',
      url: `/api/personas/${personaId ?? (await newPerson())}/cuotas`,
      payload: {
        tipo: 'socio',
        importe: '10',
        periodicidad: 'mensual',
        desde: `${year}-01-01`,
        metodoPago: 'domiciliacion',
        iban: 'ES7921000813610123456789',
        mandato: { referencia: `REF-${++seq}`, fechaFirma: '2026-01-01' },
        ...extra,
      },
    });
  const fieldErrors = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().fieldErrors ?? {};

  it('refuses an IBAN of a country outside the SEPA schemes for a direct debit (400 in Spanish)', async () => {
    // Valid IBANs (the SWIFT registry's examples) of countries that have IBANs but no SEPA.
    for (const iban of [
      'GT82TRAJ01020000001210029690',
      'IL620108000000099999999',
      'LB62099900000001001901229114',
      'MR1300020001010000123456753',
      'VG96VPVG0000012345678901',
      'GE29NB0000000101904917',
      'BA391290079401028494',
    ]) {
      const res = await createFee({ iban });
      expectErrorShape(res, 400);
      expect(fieldErrors(res).iban, iban).toMatch(new RegExp(`^La cuenta es de .+ \\(${iban.slice(0, 2)}\\), fuera de la zona SEPA`));
    }
    expect((await t.database.db.select().from(fee)).length).toBe(0);
  });

  it('asks a debtor whose bank is outside the EEA for the BIC and address, and writes both in the file', async () => {
    for (const iban of ['CH9300762011623852957', 'GB29NWBK60161331926819', 'SM86U0322509800000000270100', 'AD1200012030200359100100']) {
      const res = await createFee({ iban });
      expectErrorShape(res, 400);
      expect(Object.keys(fieldErrors(res)).sort(), iban).toEqual(['bic', 'domicilioDeudor']);
    }
    const wrongBic = await createFee({
      iban: 'CH9300762011623852957',
      bic: 'NWBKGB2L',
      domicilioDeudor: { direccion: 'x', localidad: 'y', pais: 'CH' },
    });
    expect(fieldErrors(wrongBic).bic).toBe('El BIC es de un banco de otro país que el IBAN.');
    const swiss = await newPerson('Jürg', 'Müller-Lüthi');
    const ok = await createFee(
      {
        iban: 'CH93 0076 2011 6238 5295 7',
        bic: 'ubsw ch zh 80a',
        domicilioDeudor: { direccion: 'Bahnhofstrasse 1', localidad: '8001 Zürich', pais: 'ch' },
        mandato: { referencia: 'MANDATO-CH-1', fechaFirma: '2026-01-01' },
      },
      swiss,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<Fee>()).toMatchObject({
      bic: 'UBSWCHZH80A',
      domicilioDeudor: { direccion: 'Bahnhofstrasse 1', localidad: '8001 Zürich', pais: 'CH' },
    });
    const fechaCobro = isTarget2BusinessDay(`${year}-01-12`) ? `${year}-01-12` : nextBusinessDay(`${year}-01-12`);
    const batch = await admin().inject({ method: 'POST', url: '/api/remesas', payload: { fechaCobro } });
    expect(batch.statusCode, batch.body).toBe(201);
    const xml = (await admin().inject({ method: 'GET', url: `/api/remesas/${batch.json<Remesa>().id}/xml` })).body;
    expect(xml).toContain('<BIC>UBSWCHZH80A</BIC>');
    expect(xml).toMatch(
      /<Dbtr>\s*<Nm>Jurg Muller-Luthi<\/Nm>\s*<PstlAdr>\s*<Ctry>CH<\/Ctry>\s*<AdrLine>Bahnhofstrasse 1<\/AdrLine>\s*<AdrLine>8001 Zurich<\/AdrLine>/,
    );
  });

  it('checks the mandate reference with the EPC rules when the fee is made, not only when a batch is', async () => {
    for (const referencia of ['MANDATO 7', '/MANDATO', 'MANDATO/', 'MAN//DATO', 'MANDATO-Ñ', 'M'.repeat(36), 'MAND_1']) {
      const res = await createFee({ mandato: { referencia, fechaFirma: '2026-01-01' } });
      expectErrorShape(res, 400);
      expect(Object.keys(fieldErrors(res)), referencia).toEqual(['mandato.referencia']);
    }
    const fine = await createFee({ mandato: { referencia: "A1/b-?:().,'+Z", fechaFirma: '2026-01-01' } });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('refuses a mandate reference another mandate holds (409): two debtors would both be charged FRST under one', async () => {
    const first = await createFee({ mandato: { referencia: 'SOCIO-0001', fechaFirma: '2026-01-01' } });
    expect(first.statusCode, first.body).toBe(201);
    for (const referencia of ['SOCIO-0001', 'socio-0001']) {
      const again = await createFee({ mandato: { referencia, fechaFirma: '2026-01-01' } });
      expectErrorShape(again, 409, 'CONFLICT');
      expect(again.json<ApiErrorBody>().message).toMatch(/^La referencia de mandato «.+» ya es de otro mandato/);
    }
    const [a, b] = await Promise.all([
      createFee({ mandato: { referencia: 'SOCIO-RACE', fechaFirma: '2026-01-01' } }),
      createFee({ mandato: { referencia: 'SOCIO-RACE', fechaFirma: '2026-01-01' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('takes an IBAN written with spaces, dots or hyphens and stores it in electronic form', async () => {
    for (const [written, stored] of [
      ['NO93.8601.1117.947', 'NO9386011117947'],
      ['es79-2100-0813-6101-2345-6789', 'ES7921000813610123456789'],
      ['DE89 3704.0044-0532 0130 00', 'DE89370400440532013000'],
    ] as const) {
      const res = await createFee({ iban: written });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.database.db.select().from(fee).where(eq(fee.id, res.json<Fee>().id));
      expect(row!.iban).toBe(stored);
    }
  });

  it('refuses a collection day on a weekend, a TARGET2 holiday or too soon, naming the day that would do', async () => {
    const post = (fechaCobro: string) => admin().inject({ method: 'POST', url: '/api/remesas', payload: { fechaCobro } });
    const cases: [string, RegExp][] = [
      [`${year}-12-25`, /^El 25 de diciembre de \d{4} es festivo para los bancos \(Navidad\).*el siguiente hábil es el /],
      [`${year}-12-26`, /San Esteban/],
      [`${year}-05-01`, /Día del Trabajo/],
      [`${year}-01-01`, /Año Nuevo/],
    ];
    // Good Friday and Easter Monday of 2027: 26 and 29 March.
    if (year === 2027) cases.push(['2027-03-26', /Viernes Santo/], ['2027-03-29', /Lunes de Pascua/]);
    const june = [1, 2, 3, 4, 5, 6, 7].map((d) => `${year}-06-0${d}`);
    const saturday = june.find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6)!;
    cases.push([saturday, /cae en fin de semana: los bancos solo cobran en días hábiles/]);
    for (const [day, message] of cases) {
      const res = await post(day);
      expectErrorShape(res, 400);
      expect(fieldErrors(res).fechaCobro, day).toMatch(message);
    }
    // Today is never a collection day a batch made today may have: the earliest is two business days later.
    expect(earliestCollectionDay(today) > nextBusinessDay(today)).toBe(true);
    const tooSoon = await post(today);
    expectErrorShape(tooSoon, 400);
    expect(fieldErrors(tooSoon).fechaCobro).toMatch(/^El banco necesita el fichero antes del día de cobro: elige como pronto el /);
  });
});
