import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { type DirectDebit, type DirectDebitBatch, buildDirectDebitXml, centsToDecimal, toSepaText } from '../../src/modules/donations/sepa-debits';

/*
 * No npm package ships the pain.008.001.02 XSD, so the file is checked here against what that schema and the
 * SEPA Core rulebook say: element order, counts and sums, amounts, dates, mandate and creditor scheme fields.
 * The `sepa` library's own validation runs on every build as well.
 */

const CREDITOR_ID = 'ES26ZZZG12345678';
const CREDITOR_IBAN = 'ES9121000418450200051332';
const DEBTOR_IBAN = 'ES7921000813610123456789';

function debit(over: Partial<DirectDebit> = {}): DirectDebit {
  return {
    id: 'CUOTA-1',
    importeCentimos: 1500,
    deudor: { nombre: 'Lucía Pérez', iban: DEBTOR_IBAN },
    mandato: { referencia: 'MANDATO-1', fechaFirma: '2025-06-01' },
    secuencia: 'RCUR',
    concepto: 'Cuota de socio marzo 2026',
    ...over,
  };
}

function batch(adeudos: DirectDebit[], over: Partial<DirectDebitBatch> = {}): DirectDebitBatch {
  return {
    mensajeId: 'REMESA-2026-03',
    creadoEn: new Date(2026, 2, 1, 9, 30, 0),
    acreedor: { nombre: 'Protectora Patitas', iban: CREDITOR_IBAN, identificador: CREDITOR_ID },
    fechaCobro: '2026-03-05',
    adeudos,
    ...over,
  };
}

type Node = Record<string, unknown>;

/** Element names in document order, as preserveOrder gives them. */
function childNames(nodes: Node[]): string[] {
  return nodes.map((n) => Object.keys(n).find((k) => k !== ':@')!);
}

function child(nodes: Node[], name: string): Node[] {
  const found = nodes.find((n) => name in n);
  if (!found) throw new Error(`no <${name}>`);
  return found[name] as Node[];
}

function children(nodes: Node[], name: string): Node[][] {
  return nodes.filter((n) => name in n).map((n) => n[name] as Node[]);
}

function text(nodes: Node[], ...path: string[]): string {
  let current = nodes;
  for (const name of path) current = child(current, name);
  return String((current[0] as { '#text': unknown })['#text']);
}

function parse(xml: string): Node[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseTagValue: false }).parse(xml) as Node[];
  const root = child(doc, 'Document');
  return child(root, 'CstmrDrctDbtInitn');
}

describe('buildDirectDebitXml', () => {
  it('writes a well-formed pain.008.001.02 with the schema order, namespace, counts and sums', () => {
    const xml = buildDirectDebitXml(
      batch([
        debit({ id: 'E2E-1', importeCentimos: 10, secuencia: 'RCUR' }),
        debit({ id: 'E2E-2', importeCentimos: 20, secuencia: 'FRST', mandato: { referencia: 'M-2', fechaFirma: '2026-03-05' } }),
        debit({ id: 'E2E-3', importeCentimos: 123456, secuencia: 'RCUR', deudor: { nombre: 'Ana', iban: DEBTOR_IBAN, bic: 'CAIXESBBXXX' } }),
      ]),
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"');

    const initn = parse(xml);
    expect(childNames(initn)).toEqual(['GrpHdr', 'PmtInf', 'PmtInf']);
    const header = child(initn, 'GrpHdr');
    expect(childNames(header)).toEqual(['MsgId', 'CreDtTm', 'NbOfTxs', 'CtrlSum', 'InitgPty']);
    expect(text(header, 'MsgId')).toBe('REMESA-2026-03');
    expect(text(header, 'CreDtTm')).toBe('2026-03-01T09:30:00');
    expect(text(header, 'NbOfTxs')).toBe('3');
    expect(text(header, 'CtrlSum')).toBe('1234.86');

    const [first, recurring] = children(initn, 'PmtInf') as [Node[], Node[]];
    expect(childNames(first)).toEqual([
      'PmtInfId',
      'PmtMtd',
      'BtchBookg',
      'NbOfTxs',
      'CtrlSum',
      'PmtTpInf',
      'ReqdColltnDt',
      'Cdtr',
      'CdtrAcct',
      'CdtrAgt',
      'ChrgBr',
      'CdtrSchmeId',
      'DrctDbtTxInf',
    ]);
    expect(text(first, 'PmtMtd')).toBe('DD');
    expect(text(first, 'PmtTpInf', 'SvcLvl', 'Cd')).toBe('SEPA');
    expect(text(first, 'PmtTpInf', 'LclInstrm', 'Cd')).toBe('CORE');
    expect(text(first, 'PmtTpInf', 'SeqTp')).toBe('FRST');
    expect(text(first, 'NbOfTxs')).toBe('1');
    expect(text(first, 'CtrlSum')).toBe('0.20');
    expect(text(first, 'ReqdColltnDt')).toBe('2026-03-05');
    expect(text(first, 'CdtrAcct', 'Id', 'IBAN')).toBe(CREDITOR_IBAN);
    expect(text(first, 'CdtrAgt', 'FinInstnId', 'Othr', 'Id')).toBe('NOTPROVIDED');
    expect(text(first, 'ChrgBr')).toBe('SLEV');
    expect(text(first, 'CdtrSchmeId', 'Id', 'PrvtId', 'Othr', 'Id')).toBe(CREDITOR_ID);
    expect(text(first, 'CdtrSchmeId', 'Id', 'PrvtId', 'Othr', 'SchmeNm', 'Prtry')).toBe('SEPA');

    expect(text(recurring, 'PmtTpInf', 'SeqTp')).toBe('RCUR');
    expect(text(recurring, 'NbOfTxs')).toBe('2');
    expect(text(recurring, 'CtrlSum')).toBe('1234.66');
    const [tx1, tx3] = children(recurring, 'DrctDbtTxInf') as [Node[], Node[]];
    expect(childNames(tx1)).toEqual(['PmtId', 'InstdAmt', 'DrctDbtTx', 'DbtrAgt', 'Dbtr', 'DbtrAcct', 'RmtInf']);
    expect(text(tx1, 'PmtId', 'EndToEndId')).toBe('E2E-1');
    expect(text(tx1, 'InstdAmt')).toBe('0.10');
    expect(text(tx1, 'DrctDbtTx', 'MndtRltdInf', 'MndtId')).toBe('MANDATO-1');
    expect(text(tx1, 'DrctDbtTx', 'MndtRltdInf', 'DtOfSgntr')).toBe('2025-06-01');
    expect(text(tx1, 'Dbtr', 'Nm')).toBe('Lucia Perez');
    expect(text(tx1, 'DbtrAcct', 'Id', 'IBAN')).toBe(DEBTOR_IBAN);
    expect(text(tx1, 'RmtInf', 'Ustrd')).toBe('Cuota de socio marzo 2026');
    expect(text(tx3, 'InstdAmt')).toBe('1234.56');
    expect(text(tx3, 'DbtrAgt', 'FinInstnId', 'BIC')).toBe('CAIXESBBXXX');
    // Every id stays within the schema's 35 characters.
    for (const id of xml.matchAll(/<(?:MsgId|PmtInfId|InstrId|EndToEndId|MndtId)>([^<]*)</g)) expect(id[1]!.length).toBeLessThanOrEqual(35);
  });

  it('keeps the sums exact where adding floats would not: 0.10 + 0.20, and ten thousand large debits', () => {
    const xml = buildDirectDebitXml(batch([debit({ id: 'A', importeCentimos: 10 }), debit({ id: 'B', importeCentimos: 20 })]));
    expect([...xml.matchAll(/<CtrlSum>([^<]*)</g)].map((m) => m[1])).toEqual(['0.30', '0.30']);

    // Added as floats these make 999999999599.95; the cents make 999999999600.06.
    const many = Array.from({ length: 10_000 }, (_, i) => debit({ id: `C-${i}`, importeCentimos: 9_999_999_999 - (i % 7) }));
    const big = buildDirectDebitXml(batch(many));
    expect(big.match(/<CtrlSum>([^<]*)</)![1]).toBe('999999999600.06');
    expect(big.match(/<NbOfTxs>([^<]*)</)![1]).toBe('10000');
    expect(big).toContain('<InstdAmt Ccy="EUR">99999999.99</InstdAmt>');
    expect(big).toContain('<InstdAmt Ccy="EUR">99999999.93</InstdAmt>');
    const tooMuch = Array.from({ length: 1001 }, (_, i) => debit({ id: `D-${i}`, importeCentimos: 99_999_999_999 }));
    expect(() => buildDirectDebitXml(batch(tooMuch))).toThrow(/^adeudos: .*supera/);
  });

  it('formats cents with two decimals by integer arithmetic', () => {
    expect(centsToDecimal(1)).toBe('0.01');
    expect(centsToDecimal(10)).toBe('0.10');
    expect(centsToDecimal(100)).toBe('1.00');
    expect(centsToDecimal(99_999_999_999)).toBe('999999999.99');
    for (let c = 0; c < 100_000; c += 7) expect(centsToDecimal(c)).toBe((c / 100).toFixed(2));
  });

  it('writes names and concepts in the SEPA Latin character set, cut to 70 and 140 characters', () => {
    expect(toSepaText('José Ñúñez & Hijas, S.L. — «Peña» ½', 70)).toBe("Jose Nunez + Hijas, S.L. - 'Pena'");
    expect(toSepaText('Straße Øre Łódź', 70)).toBe('Strasse Ore Lodz');
    const xml = buildDirectDebitXml(
      batch([debit({ deudor: { nombre: 'Ñ'.repeat(100), iban: DEBTOR_IBAN }, concepto: `Cuota ${'x'.repeat(200)} <&>` })]),
    );
    const tx = child(children(parse(xml), 'PmtInf')[0]!, 'DrctDbtTxInf');
    expect(text(tx, 'Dbtr', 'Nm')).toBe('N'.repeat(70));
    expect(text(tx, 'RmtInf', 'Ustrd')).toHaveLength(140);
    expect(/^[A-Za-z0-9/\-?:().,'+ ]+$/.test(text(tx, 'RmtInf', 'Ustrd'))).toBe(true);
  });

  it('refuses invalid input with an error naming the field', () => {
    const cases: Array<[DirectDebitBatch, RegExp]> = [
      [batch([]), /^adeudos: /],
      [batch([debit({ importeCentimos: 0 })]), /^adeudos\[0\]\.importeCentimos: /],
      [batch([debit({ importeCentimos: -5 })]), /^adeudos\[0\]\.importeCentimos: /],
      [batch([debit({ importeCentimos: 12.5 })]), /^adeudos\[0\]\.importeCentimos: /],
      [batch([debit(), debit({ id: 'X', deudor: { nombre: 'A', iban: 'ES7921000813610123456780' } })]), /^adeudos\[1\]\.deudor\.iban: /],
      [batch([debit({ deudor: { nombre: 'A', iban: DEBTOR_IBAN, bic: 'DEUTDEFFXXX' } })]), /^adeudos\[0\]\.deudor\.bic: /],
      [batch([debit({ deudor: { nombre: '€€€', iban: DEBTOR_IBAN } })]), /^adeudos\[0\]\.deudor\.nombre: /],
      [batch([debit({ mandato: { referencia: 'M-1', fechaFirma: '2026-03-06' } })]), /^adeudos\[0\]\.mandato\.fechaFirma: .*después/],
      [batch([debit({ mandato: { referencia: 'M-1', fechaFirma: '2026-02-30' } })]), /^adeudos\[0\]\.mandato\.fechaFirma: /],
      [batch([debit({ mandato: { referencia: 'x'.repeat(36), fechaFirma: '2025-01-01' } })]), /^adeudos\[0\]\.mandato\.referencia: /],
      [batch([debit({ id: 'ÑU' })]), /^adeudos\[0\]\.id: /],
      [batch([debit({ id: 'A' }), debit({ id: 'A' })]), /^adeudos\[1\]\.id: .*repetido/],
      [batch([debit({ secuencia: 'XXXX' as 'RCUR' })]), /^adeudos\[0\]\.secuencia: /],
      [batch([debit()], { fechaCobro: '05/03/2026' }), /^fechaCobro: /],
      [batch([debit()], { mensajeId: 'M'.repeat(28) }), /^mensajeId: /],
      [batch([debit()], { creadoEn: new Date('nope') }), /^creadoEn: /],
      [batch([debit()], { acreedor: { nombre: 'P', iban: 'ES00', identificador: CREDITOR_ID } }), /^acreedor\.iban: /],
      [batch([debit()], { acreedor: { nombre: 'P', iban: CREDITOR_IBAN, identificador: 'ES00ZZZG12345678' } }), /^acreedor\.identificador: /],
    ];
    for (const [input, message] of cases) expect(() => buildDirectDebitXml(input), String(message)).toThrow(message);
  });

  it('accepts IBANs written with spaces and lower case, and writes them in electronic form', () => {
    const xml = buildDirectDebitXml(batch([debit({ deudor: { nombre: 'Ana', iban: 'es79 2100 0813 6101 2345 6789' } })]));
    expect(xml).toContain(`<IBAN>${DEBTOR_IBAN}</IBAN>`);
  });
});
