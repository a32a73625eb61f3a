import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { StatementError, parseBankStatement, parseSpanishAmount, parseSpanishDate } from '../../src/modules/donations/bank-statements';

const win1252 = (text: string) => iconv.encode(text, 'win1252');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

function refused(input: Uint8Array, fileName?: string): StatementError {
  try {
    parseBankStatement(input, fileName);
  } catch (err) {
    expect(err).toBeInstanceOf(StatementError);
    expect((err as Error).message).toMatch(/^El archivo no parece un extracto bancario: /);
    return err as StatementError;
  }
  throw new Error('the statement was accepted');
}

describe('bank statement CSV', () => {
  it('reads a Windows-1252 export with ; and a preamble, rows numbered as the spreadsheet shows them', () => {
    const csv = [
      'Cuenta;ES91 2100 0418 4502 0005 1332',
      'Titular;Protectora Patitas',
      '',
      'Fecha;Fecha valor;Concepto;Importe;Saldo',
      '02/03/2026;02/03/2026;TRANSFERENCIA DE MUÑOZ IBÁÑEZ, JOSÉ;1.234,56;5.000,00',
      '03/03/2026;03/03/2026;RECIBO LUZ;-12,00;4.988,00',
      '',
      '04/03/2026;04/03/2026;"BIZUM DE PEÑA; DONATIVO";0,10;4.988,10',
    ].join('\r\n');
    const statement = parseBankStatement(win1252(csv), 'extracto.csv');
    expect(statement.formato).toBe('csv');
    expect(statement.movimientos).toEqual([
      { fila: 5, fecha: '2026-03-02', importeCentimos: 123456, concepto: 'TRANSFERENCIA DE MUÑOZ IBÁÑEZ, JOSÉ', referencia: '' },
      { fila: 6, fecha: '2026-03-03', importeCentimos: -1200, concepto: 'RECIBO LUZ', referencia: '' },
      { fila: 8, fecha: '2026-03-04', importeCentimos: 10, concepto: 'BIZUM DE PEÑA; DONATIVO', referencia: '' },
    ]);
  });

  it('reads a UTF-8 export with BOM and , separator, quoted amounts, accents in the header and a reference', () => {
    const csv =
      '\uFEFFFecha,Descripción,Referencia,Importe (€)\n"05/03/2026","Donativo María José","REF-1","1.000,00"\n"06/03/2026","Teaming, marzo","","-0,50"\n';
    const { movimientos } = parseBankStatement(utf8(csv));
    expect(movimientos).toEqual([
      { fila: 2, fecha: '2026-03-05', importeCentimos: 100000, concepto: 'Donativo María José', referencia: 'REF-1' },
      { fila: 3, fecha: '2026-03-06', importeCentimos: -50, concepto: 'Teaming, marzo', referencia: '' },
    ]);
  });

  it('reads separate debit and credit columns, and joins several concept columns', () => {
    const csv =
      'F. Operación;Movimiento;Más datos;Cargo;Abono\n01/02/2026;Transferencia;DNI 12345678Z;;25,00\n02/02/2026;Comisión;;3,50;\nTotal;;;3,50;25,00\n';
    const { movimientos } = parseBankStatement(win1252(csv));
    expect(movimientos).toEqual([
      { fila: 2, fecha: '2026-02-01', importeCentimos: 2500, concepto: 'Transferencia · DNI 12345678Z', referencia: '' },
      { fila: 3, fecha: '2026-02-02', importeCentimos: -350, concepto: 'Comisión', referencia: '' },
    ]);
  });

  it('refuses a CSV without date and amount columns, and names the row of a bad amount or date', () => {
    expect(refused(utf8('Nombre;Teléfono\nAna;600000000\n')).message).toContain('fecha e importe');
    expect(refused(utf8('Fecha;Concepto;Importe\n01/02/2026;X;doce\n')).message).toContain('fila 2');
    expect(refused(utf8('Fecha;Concepto;Importe\n31/02/2026;X;1,00\n')).message).toContain('fila 2');
  });
});

describe('Spanish amounts and dates', () => {
  it('parses amounts as written by Spanish banks into integer cents', () => {
    const cases: Array<[string, number | null]> = [
      ['1.234,56', 123456],
      ['-12,00', -1200],
      ['+3', 300],
      ['12,5', 1250],
      ['0,10', 10],
      ['1.234.567,89 €', 123456789],
      ['1234.56', 123456],
      ['1,234.56', 123456],
      ['1.234', 123400],
      ['12,00-', -1200],
      ['−7,25', -725],
      ['1.23.4', null],
      ['1.234.56', null],
      ['abc', null],
      ['', null],
      ['12,345', 1234500],
      ['9'.repeat(15), null],
    ];
    for (const [text, cents] of cases) expect(parseSpanishAmount(text), text).toBe(cents);
  });

  it('never loses a cent: every amount written the Spanish way reads back to its cents', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < 20_000; i++) {
      const cents = Math.floor(random() * 10 ** Math.floor(random() * 14)) * (random() < 0.3 ? -1 : 1);
      const abs = Math.abs(cents);
      const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
      const written = `${cents < 0 ? '-' : ''}${units},${String(abs % 100).padStart(2, '0')}`;
      expect(parseSpanishAmount(written), written).toBe(cents === 0 ? 0 : cents);
    }
  });

  it('parses dd/mm/aaaa dates and refuses days that do not exist', () => {
    expect(parseSpanishDate('01/03/2026')).toBe('2026-03-01');
    expect(parseSpanishDate('1-3-26')).toBe('2026-03-01');
    expect(parseSpanishDate('29/02/2024')).toBe('2024-02-29');
    expect(parseSpanishDate('29/02/2026')).toBeNull();
    expect(parseSpanishDate('2026-03-01')).toBe('2026-03-01');
    expect(parseSpanishDate('03/2026')).toBeNull();
  });
});

/** One Norma 43 record, padded to 80 characters. */
function rec(...fields: string[]): string {
  const line = fields.join('');
  if (line.length > 80) throw new Error(`record of ${line.length} characters: ${line}`);
  return line.padEnd(80, ' ');
}
const amount = (cents: number) => String(cents).padStart(14, '0');

function norma43(totals: { debitCount: number; debits: number; creditCount: number; credits: number; closing: number }): string {
  const account = '2100' + '0418' + '0200051332';
  return [
    rec('11', account, '260301', '260331', '2', amount(100000), '978', '3', 'PROTECTORA PATITAS'.padEnd(26)),
    // Credit of 1.234,56 with two complementary concept lines.
    rec('22', '    ', '0418', '260302', '260302', '02', '099', '2', amount(123456), '0000000000', '000000000000', 'CUOTA0326'.padEnd(16)),
    rec('23', '01', 'TRANSFERENCIA DE MUÑOZ IBAÑEZ JOSE'.padEnd(38), 'DNI 12345678Z'.padEnd(38)),
    rec('23', '02', 'DONATIVO PARA LUNA'.padEnd(38), ''.padEnd(38)),
    // Debit of 12,00 with no concept line.
    rec('22', '    ', '0418', '260303', '260304', '03', '100', '1', amount(1200), '0000012345', 'RECIBO77'.padEnd(12), ''.padEnd(16)),
    // Credit of 0,10 with one concept line.
    rec('22', '    ', '0418', '260331', '260331', '02', '099', '2', amount(10), '0000000000', ''.padEnd(12), ''.padEnd(16)),
    rec('23', '01', 'BIZUM DE PEÑA'.padEnd(38), ''.padEnd(38)),
    rec(
      '33',
      account,
      String(totals.debitCount).padStart(5, '0'),
      amount(totals.debits),
      String(totals.creditCount).padStart(5, '0'),
      amount(totals.credits),
      '2',
      amount(totals.closing),
      '978',
    ),
    rec('88', '9'.repeat(18), '000007'),
  ].join('\r\n');
}

const GOOD_TOTALS = { debitCount: 1, debits: 1200, creditCount: 2, credits: 123466, closing: 100000 + 123466 - 1200 };

describe('Norma 43', () => {
  it('reads movements, appends the 23 concept lines and checks the account totals', () => {
    const statement = parseBankStatement(win1252(norma43(GOOD_TOTALS)), 'extracto.txt');
    expect(statement.formato).toBe('norma43');
    expect(statement.movimientos).toEqual([
      {
        fila: 2,
        fecha: '2026-03-02',
        importeCentimos: 123456,
        concepto: 'TRANSFERENCIA DE MUÑOZ IBAÑEZ JOSE DNI 12345678Z DONATIVO PARA LUNA',
        referencia: 'CUOTA0326',
      },
      { fila: 5, fecha: '2026-03-03', importeCentimos: -1200, concepto: 'Concepto común 03', referencia: 'RECIBO77' },
      { fila: 6, fecha: '2026-03-31', importeCentimos: 10, concepto: 'BIZUM DE PEÑA', referencia: '' },
    ]);
  });

  it('refuses a file whose totals do not match its movements', () => {
    expect(refused(win1252(norma43({ ...GOOD_TOTALS, credits: 123465 }))).message).toMatch(/totales del registro 33.*abonos/);
    expect(refused(win1252(norma43({ ...GOOD_TOTALS, debitCount: 2 }))).message).toMatch(/2 cargos declarados y 1 leídos/);
    expect(refused(win1252(norma43({ ...GOOD_TOTALS, closing: 1 }))).message).toMatch(/saldo final/);
  });

  it('refuses a truncated file, an unknown record type and a wrong record count', () => {
    const lines = norma43(GOOD_TOTALS).split('\r\n');
    expect(refused(win1252([...lines.slice(0, 8), rec('88', '9'.repeat(18), '000005')].join('\n'))).message).toMatch(/88 declara 5/);
    expect(refused(win1252(lines.slice(0, 7).join('\n'))).message).toMatch(/registro 33/);
    expect(refused(win1252([...lines.slice(0, 2), rec('99'), ...lines.slice(2)].join('\n'))).message).toMatch(/«99»/);
  });

  it('reads a 0,00 debit (a real bank writes one) as a debit of the 33 totals, not as a credit', () => {
    const account = '2100' + '0418' + '0200051332';
    const file = [
      rec('11', account, '260301', '260331', '2', amount(100000), '978', '3', 'PROTECTORA PATITAS'.padEnd(26)),
      rec('22', '    ', '0418', '260302', '260302', '17', '000', '1', amount(0), '0000000000', ''.padEnd(12), ''.padEnd(16)),
      rec('23', '01', 'COMISION MANTENIMIENTO'.padEnd(38), ''.padEnd(38)),
      rec('22', '    ', '0418', '260303', '260303', '02', '099', '2', amount(2500), '0000000000', ''.padEnd(12), ''.padEnd(16)),
      rec('33', account, '00001', amount(0), '00001', amount(2500), '2', amount(102500), '978'),
      rec('88', '9'.repeat(18), '000004'),
    ].join('\r\n');
    const { movimientos } = parseBankStatement(win1252(file), 'extracto.n43');
    expect(movimientos.map((m) => [m.fecha, m.importeCentimos, m.concepto])).toEqual([
      ['2026-03-02', 0, 'COMISION MANTENIMIENTO'],
      ['2026-03-03', 2500, 'Concepto común 02'],
    ]);
    expect(Object.is(movimientos[0]!.importeCentimos, -0)).toBe(false);
  });

  it('reads the published sample of OCA/l10n-spain with lines not padded to 80 characters', () => {
    const sample = [
      '110000000000000000001602011605312000000000000009783TECNATIVA S.L',
      '22    00001605261605250610010000000000000300000000000000000000005540014210128010',
      '2301COMISIÓN',
      '22    0000160512160512040161000000000178300000000000000975737917',
      '2301TRANSFERENC. A                               TEST PARTNER',
      '22    0000160516160516040162000000000280290000000000000000000000',
      '2301TRANSFERENC. TEST PARTNER 2',
      '240197800000000000100',
      '3300000000000000000000002000000000178330000100000000028029000000000010196978',
      '88999999999999999999000008',
    ].join('\n');
    const { movimientos } = parseBankStatement(iconv.encode(sample, 'latin1'), 'test.n43');
    expect(movimientos.map((m) => [m.fecha, m.importeCentimos, m.concepto])).toEqual([
      ['2016-05-26', -3, 'COMISIÓN'],
      ['2016-05-12', -17830, 'TRANSFERENC. A TEST PARTNER'],
      ['2016-05-16', 28029, 'TRANSFERENC. TEST PARTNER 2'],
    ]);
  });
});

describe('what is not a statement', () => {
  it('refuses images, PDFs, empty files and binary garbage with a Spanish message', () => {
    expect(refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])).message).toContain('PNG');
    expect(refused(Buffer.from('%PDF-1.7\n...')).message).toContain('PDF');
    expect(refused(Buffer.alloc(0)).message).toContain('vacío');
    expect(refused(utf8(' \r\n \n')).message).toContain('vacío');
    let seed = 7;
    const garbage = Buffer.alloc(64 * 1024, 0).map(() => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed >> 16;
    });
    refused(garbage);
    expect(refused(utf8('hola, esto es una carta\ny no un extracto\n')).message).toContain('fecha e importe');
    expect(refused(utf8('Fecha;Concepto;Importe\n'), 'extracto.n43').message).toContain('registro 11');
  });

  it('refuses a 20 MB single line, and a 5 MB one, quickly', () => {
    const started = Date.now();
    expect(refused(Buffer.alloc(20 * 1024 * 1024, 0x41)).message).toContain('10 MB');
    expect(refused(Buffer.alloc(5 * 1024 * 1024, 0x41)).message).toContain('fecha e importe');
    const header = utf8('Fecha;Concepto;Importe\n01/03/2026;');
    refused(Buffer.concat([header, Buffer.alloc(5 * 1024 * 1024, 0x41)]));
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
