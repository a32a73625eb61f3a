import { describe, expect, it } from 'vitest';
import {
  type Declarado182,
  type Modelo182Input,
  Modelo182Error,
  aeatText,
  buildModelo182,
  recurrenceOf,
} from '../../src/modules/donations/modelo-182';

/*
 * The modelo 182 file read back field by field against records written here by hand from the AEAT's "Diseños de
 * registro" (positions below copied from that document, not from the module): one organisation and three donors,
 * a natural person with accents and Ñ, a company, and a donor with recurrence.
 */

/** [field, from, to], 1-based inclusive, as the AEAT's document lists them. */
const TYPE1: [string, number, number][] = [
  ['tipo de registro', 1, 1],
  ['modelo', 2, 4],
  ['ejercicio', 5, 8],
  ['NIF del declarante', 9, 17],
  ['denominación', 18, 57],
  ['tipo de soporte', 58, 58],
  ['teléfono', 59, 67],
  ['persona de contacto', 68, 107],
  ['justificante', 108, 120],
  ['complementaria', 121, 121],
  ['sustitutiva', 122, 122],
  ['justificante anterior', 123, 135],
  ['número de registros', 136, 144],
  ['importe total', 145, 159],
  ['naturaleza del declarante', 160, 160],
  ['blancos', 161, 237],
  ['sello electrónico', 238, 250],
];
const TYPE2: [string, number, number][] = [
  ['tipo de registro', 1, 1],
  ['modelo', 2, 4],
  ['ejercicio', 5, 8],
  ['NIF del declarante', 9, 17],
  ['NIF del declarado', 18, 26],
  ['NIF del representante', 27, 35],
  ['apellidos y nombre', 36, 75],
  ['provincia', 76, 77],
  ['clave', 78, 78],
  ['% deducción', 79, 83],
  ['importe', 84, 96],
  ['en especie', 97, 97],
  ['comunidad autónoma', 98, 99],
  ['% deducción CCAA', 100, 104],
  ['naturaleza del declarado', 105, 105],
  ['revocación', 106, 106],
  ['ejercicio revocación', 107, 110],
  ['tipo de bien', 111, 111],
  ['identificación del bien', 112, 131],
  ['recurrencia', 132, 132],
  ['NIF patrimonio protegido', 133, 141],
  ['nombre patrimonio protegido', 142, 181],
  ['blancos', 182, 250],
];

function byField(layout: [string, number, number][], line: string): Record<string, string> {
  return Object.fromEntries(layout.map(([name, from, to]) => [name, line.slice(from - 1, to)]));
}

const blanks = (n: number): string => ' '.repeat(n);
const zeros = (n: number): string => '0'.repeat(n);

const input: Modelo182Input = {
  ejercicio: 2024,
  declarante: {
    nif: 'G12345678',
    denominacion: 'Asociación Refugio Peñas Blancas',
    telefono: '+34 912 345 678',
    personaContacto: 'Gómez Ruiz, María José',
    naturaleza: 1,
  },
  declarados: [
    {
      nif: '12345678z',
      nombre: 'Peña Núñez José Ángel',
      provincia: '28',
      importeCentimos: 15_000,
      naturaleza: 'F',
      recurrencia: 2,
      deduccionCCAA: { comunidad: '12', porcentaje: 15 },
    },
    {
      nif: 'B-1234567-4',
      nombre: 'Clínica Veterinaria Can & Gat, S.L.',
      provincia: '08',
      importeCentimos: 120_000,
      naturaleza: 'J',
      recurrencia: 2,
    },
    {
      nif: 'X1234567L',
      nombre: 'Françés López Ana',
      provincia: '46',
      importeCentimos: 40_000,
      naturaleza: 'F',
      recurrencia: recurrenceOf({ 2022: 30_000, 2023: 36_000, 2024: 40_000 }, 2024),
    },
  ],
};

const expectedType1 =
  '1' +
  '182' +
  '2024' +
  'G12345678' +
  'ASOCIACION REFUGIO PEÑAS BLANCAS'.padEnd(40, ' ') +
  'T' +
  '912345678' +
  'GOMEZ RUIZ MARIA JOSE'.padEnd(40, ' ') +
  '1822024000001' +
  ' ' +
  ' ' +
  zeros(13) +
  '3'.padStart(9, '0') +
  String(15_000 + 120_000 + 40_000).padStart(15, '0') +
  '1' +
  blanks(77) +
  blanks(13);

const common2 = '2' + '182' + '2024' + 'G12345678';
const expectedType2 = [
  common2 +
    '12345678Z' +
    blanks(9) +
    'PEÑA NUÑEZ JOSE ANGEL'.padEnd(40, ' ') +
    '28' +
    'A' +
    '08000' + // 80 %: 150 euros, under the 250 of the first band
    '15000'.padStart(13, '0') +
    ' ' +
    '12' +
    '01500' +
    'F' +
    ' ' +
    zeros(4) +
    ' ' +
    blanks(20) +
    '2' +
    blanks(9) +
    blanks(40) +
    blanks(69),
  common2 +
    'B12345674' +
    blanks(9) +
    'CLINICA VETERINARIA CAN & GAT S.L.'.padEnd(40, ' ') +
    '08' +
    'A' +
    '04000' + // a company without recurrence: 40 %
    '120000'.padStart(13, '0') +
    ' ' +
    '00' +
    '00000' +
    'J' +
    ' ' +
    zeros(4) +
    ' ' +
    blanks(20) +
    '2' +
    blanks(9) +
    blanks(40) +
    blanks(69),
  common2 +
    'X1234567L' +
    blanks(9) +
    'FRANÇES LOPEZ ANA'.padEnd(40, ' ') +
    '46' +
    'A' +
    '04500' + // 400 euros with recurrence: 45 % above 250
    '40000'.padStart(13, '0') +
    ' ' +
    '00' +
    '00000' +
    'F' +
    ' ' +
    zeros(4) +
    ' ' +
    blanks(20) +
    '1' +
    blanks(9) +
    blanks(40) +
    blanks(69),
];

/** The records of a file: every one exactly 250 bytes followed by CR LF. */
function records(file: Buffer): Buffer[] {
  expect(file.length % 252).toBe(0);
  const out: Buffer[] = [];
  for (let at = 0; at < file.length; at += 252) {
    const record = file.subarray(at, at + 250);
    expect([...record].filter((b) => b === 0x0d || b === 0x0a)).toEqual([]);
    expect([...file.subarray(at + 250, at + 252)]).toEqual([0x0d, 0x0a]);
    out.push(record);
  }
  return out;
}

describe('modelo 182', () => {
  it('writes the organisation and its three donors field by field as the layout says', () => {
    const file = buildModelo182(input);
    const lines = records(file).map((r) => r.toString('latin1'));
    expect(expectedType1).toHaveLength(250);
    for (const line of expectedType2) expect(line).toHaveLength(250);

    expect(lines).toHaveLength(4);
    expect(byField(TYPE1, lines[0] ?? '')).toEqual(byField(TYPE1, expectedType1));
    expectedType2.forEach((expected, i) => {
      expect(byField(TYPE2, lines[i + 1] ?? ''), `donor ${i + 1}`).toEqual(byField(TYPE2, expected));
    });
    // And nothing outside the named fields: the whole file is these records.
    expect(file.equals(Buffer.from([expectedType1, ...expectedType2].map((l) => `${l}\r\n`).join(''), 'latin1'))).toBe(true);
  });

  it('is ISO-8859-1: Ñ is the one byte 0xD1 and Ç 0xC7, nothing else above ASCII', () => {
    const [type1, donor1, , donor3] = records(buildModelo182(input));
    expect(type1?.[17 + 'ASOCIACION REFUGIO PE'.length]).toBe(0xd1);
    expect(donor1?.[35 + 2]).toBe(0xd1); // PE|Ñ|A at 36-75
    expect(donor1?.[35 + 'PEÑA NU'.length]).toBe(0xd1);
    expect(donor3?.[35 + 'FRAN'.length]).toBe(0xc7);
    const high = [...buildModelo182(input)].filter((b) => b > 0x7f);
    expect(new Set(high)).toEqual(new Set([0xd1, 0xc7]));
  });

  it('the type-1 totals are the number of type-2 records and the sum of their amounts, revocations left out of the sum', () => {
    const withRevocation: Modelo182Input = {
      ...input,
      declarados: [
        ...input.declarados,
        {
          nif: '00000001R',
          nombre: 'Ruiz Sanz Eva',
          provincia: '01',
          importeCentimos: 9_999,
          naturaleza: 'F',
          recurrencia: 2,
          revocacion: true,
          ejercicioRevocacion: 2022,
        },
      ],
    };
    const [type1, ...donors] = records(buildModelo182(withRevocation)).map((r) => r.toString('latin1'));
    const amounts = donors.map((d) => Number(d.slice(83, 96)));
    const revoked = donors.map((d) => d.slice(105, 106) === 'X');
    expect(revoked).toEqual([false, false, false, true]);
    expect(donors[3]?.slice(106, 110)).toBe('2022');
    expect(type1?.slice(135, 144)).toBe('000000004');
    expect(Number(type1?.slice(144, 159))).toBe(amounts.filter((_, i) => !revoked[i]).reduce((a, b) => a + b, 0));
    expect(Number(type1?.slice(144, 159))).toBe(175_000);
  });

  it('a gift in kind, a minor with a representative, a given percentage and a second filing', () => {
    const file = buildModelo182({
      ejercicio: 2025,
      declarante: { ...input.declarante, naturaleza: 2, justificante: '1820000000042', tipoDeclaracion: 'S', justificanteAnterior: '1820000000041' },
      declarados: [
        {
          nif: '1234567L',
          nifRepresentante: '12345678Z',
          nombre: 'Soto Gil Leo',
          provincia: '99',
          importeCentimos: 5_050,
          naturaleza: 'F',
          enEspecie: true,
          porcentajeDeduccion: 10,
          clave: 'B',
        },
      ],
    });
    const [type1, donor] = records(file).map((r) => r.toString('latin1'));
    expect(type1?.slice(107, 135)).toBe('1820000000042' + ' S' + '1820000000041');
    expect(type1?.slice(159, 160)).toBe('2');
    expect(donor?.slice(17, 35)).toBe('01234567L12345678Z');
    expect(donor?.slice(75, 83)).toBe('99B01000');
    expect(donor?.slice(96, 97)).toBe('X');
    expect(donor?.slice(131, 132)).toBe('0'); // no recurrence outside nature 1
  });

  it('text is upper case without accents, Ñ and Ç kept, and long names are cut, never the record', () => {
    expect(aeatText('José Peña Çà')).toBe('JOSE PEÑA ÇA');
    expect(aeatText("  O'Neill,   Müller  Mª · Ärzte™ ")).toBe('O NEILL MULLER M. . ARZTE');
    expect(aeatText('Asociación «Amigos» S.L. & 4/5 - bis')).toBe('ASOCIACION AMIGOS S.L. & 4/5 - BIS');
    const long = 'Fernández de la Vega Martínez-Almeida María de los Ángeles Inmaculada';
    const [, donor] = records(buildModelo182({ ...input, declarados: [{ ...(input.declarados[0] as Declarado182), nombre: long }] }));
    expect(donor?.toString('latin1').slice(35, 75)).toBe('FERNANDEZ DE LA VEGA MARTINEZ-ALMEIDA MA');
  });

  it('refuses what the layout cannot hold, naming the record and the field', () => {
    const donor = input.declarados[0] as Declarado182;
    const refused = (patch: Partial<Declarado182>, field: string): void => {
      const build = (): Buffer => buildModelo182({ ...input, declarados: [input.declarados[1] as Declarado182, { ...donor, ...patch }] });
      expect(build).toThrow(Modelo182Error);
      expect(build).toThrow(`registro de tipo 2 nº 2, campo ${field}:`);
    };
    refused({ nif: '' }, 'nifDeclarado');
    refused({ nif: '  ' }, 'nifDeclarado');
    refused({ nif: '1234567890Z' }, 'nifDeclarado');
    refused({ nombre: '¡¿?!' }, 'nombre');
    for (const importeCentimos of [0, -100, 12.5, Number.NaN]) refused({ importeCentimos }, 'importe');
    for (const provincia of ['00', '53', '5', 'AB', '280']) refused({ provincia }, 'provincia');
    refused({ recurrencia: undefined }, 'recurrencia');
    refused({ porcentajeDeduccion: 120 }, 'porcentajeDeduccion');
    refused({ porcentajeDeduccion: 12.345 }, 'porcentajeDeduccion');
    refused({ deduccionCCAA: { comunidad: '14', porcentaje: 10 } }, 'comunidadAutonoma');
    refused({ revocacion: true }, 'ejercicioRevocacion');
    refused({ revocacion: true, ejercicioRevocacion: 2024 }, 'ejercicioRevocacion');

    const declarant = (patch: Partial<Modelo182Input['declarante']>, field: string): void => {
      expect(() => buildModelo182({ ...input, declarante: { ...input.declarante, ...patch } })).toThrow(`registro de tipo 1, campo ${field}:`);
    };
    declarant({ nif: '' }, 'nifDeclarante');
    declarant({ denominacion: '***' }, 'denominacion');
    declarant({ telefono: '91234' }, 'telefonoContacto');
    declarant({ personaContacto: '' }, 'personaContacto');
    declarant({ justificante: '1234567890123' }, 'justificante');
    declarant({ tipoDeclaracion: 'C' }, 'justificanteAnterior');
    expect(() => buildModelo182({ ...input, ejercicio: 24 })).toThrow('registro de tipo 1, campo ejercicio:');
    // Nature 2 gives no default percentage: the caller must say it.
    expect(() => buildModelo182({ ...input, declarante: { ...input.declarante, naturaleza: 2 } })).toThrow(
      'registro de tipo 2 nº 1, campo porcentajeDeduccion:',
    );
  });

  it('recurrence: from 2024 the two years before given to and each at least the one before it, this year included', () => {
    expect(recurrenceOf({ 2022: 100, 2023: 100, 2024: 100 }, 2024)).toBe(1);
    expect(recurrenceOf({ 2022: 100, 2023: 200, 2024: 300 }, 2024)).toBe(1);
    expect(recurrenceOf({ 2023: 100, 2024: 100 }, 2024)).toBe(2); // nothing in 2022
    expect(recurrenceOf({ 2022: 100, 2024: 100 }, 2024)).toBe(2); // nothing in 2023
    expect(recurrenceOf({ 2022: 200, 2023: 100, 2024: 300 }, 2024)).toBe(2); // 2023 below 2022
    expect(recurrenceOf({ 2022: 100, 2023: 200, 2024: 150 }, 2024)).toBe(2); // 2024 below 2023
    expect(recurrenceOf({}, 2025)).toBe(2);
    // Before 2024 the layout's four years: N-3, N-2 and N-1, whatever this year's amount.
    expect(recurrenceOf({ 2020: 100, 2021: 100, 2022: 100, 2023: 1 }, 2023)).toBe(1);
    expect(recurrenceOf({ 2021: 100, 2022: 100, 2023: 100 }, 2023)).toBe(2);
  });

  it('ten thousand donors build', () => {
    const declarados: Declarado182[] = Array.from({ length: 10_000 }, (_, i) => ({
      nif: `${String(i).padStart(8, '0')}T`,
      nombre: `Apellido${i} Segundo Nombre`,
      provincia: String((i % 52) + 1).padStart(2, '0'),
      importeCentimos: 1_000 + i,
      naturaleza: 'F',
      recurrencia: i % 2 === 0 ? 1 : 2,
    }));
    const file = buildModelo182({ ...input, declarados });
    expect(file.length).toBe(10_001 * 252);
  });
});
