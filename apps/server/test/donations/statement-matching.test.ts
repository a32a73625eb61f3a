import { describe, expect, it } from 'vitest';
import { giftConceptOf, giftMethodOf, identifiersIn, importKeys, maskIbansIn } from '../../src/modules/donations/statement-matching';

describe('what a bank movement names', () => {
  it('reads IBANs (grouped or not), NIF/NIE/CIF with a valid check, phones and e-mails, and never a name', () => {
    const found = identifiersIn(
      'TRANSF DE JOSÉ PEÑA ES91 2100 0418 4502 0005 1332 DNI 12.345.678-Z NIE X1234567L CIF B12345674 tel 612 34 56 78',
      'REF 0000123456 correo Pepa.Lopez+socia@Example.org',
    );
    expect(found.ibans).toEqual(['ES9121000418450200051332']);
    expect(found.nifs.sort()).toEqual(['12345678Z', 'B12345674', 'X1234567L']);
    expect(found.telefonos).toEqual(['612345678']);
    expect(found.emails).toEqual(['pepa.lopez+socia@example.org']);
    expect(identifiersIn('TRANSFERENCIA DE JOSÉ MUÑOZ IBÁÑEZ')).toEqual({ ibans: [], nifs: [], telefonos: [], emails: [] });
  });

  it('leaves out what only looks like one: a wrong check letter or IBAN, digits of an IBAN or a long reference', () => {
    const found = identifiersIn('DNI 12345678A ES00 2100 0418 4502 0005 1332 REF 6123456789012 +34 612 345 678');
    expect(found.nifs).toEqual([]);
    expect(found.ibans).toEqual([]);
    expect(found.telefonos).toEqual(['+34612345678']);
    // The IBAN's digits are not read again as a phone.
    expect(identifiersIn('ES91 2100 0418 4502 0005 1332').telefonos).toEqual([]);
  });

  it('masks every IBAN in a text, and only that', () => {
    expect(maskIbansIn('DE ES91 2100 0418 4502 0005 1332 CUOTA Y ES9121000418450200051332.')).toBe(
      'DE ES91 **** **** **** **** 1332 CUOTA Y ES91 **** **** **** **** 1332.',
    );
    expect(maskIbansIn('BIZUM 612345678 DNI 12345678Z')).toBe('BIZUM 612345678 DNI 12345678Z');
  });

  it('proposes the concept from the fee first, then the text, and the method from the text', () => {
    expect(giftConceptOf('DONATIVO', 'socio')).toBe('cuota');
    expect(giftConceptOf('CUOTA', 'padrino')).toBe('apadrinamiento');
    expect(giftConceptOf('Cuota de socia marzo')).toBe('cuota');
    expect(giftConceptOf('APADRINAMIENTO LUNA')).toBe('apadrinamiento');
    expect(giftConceptOf('TEAMING MARZO')).toBe('teaming');
    expect(giftConceptOf('PARA LOS GATITOS')).toBe('donativo');
    expect(giftMethodOf('Bizum de Ana')).toBe('bizum');
    expect(giftMethodOf('TRANSFERENCIA')).toBe('transferencia');
  });

  it('reads the method from the concept: cash, Bizum, transfer, direct debit, card; Teaming pays by transfer', () => {
    expect(giftMethodOf('INGRESO EFECTIVO OFICINA 0418')).toBe('efectivo');
    expect(giftMethodOf('Ingreso en efectivo de Ana')).toBe('efectivo');
    expect(giftMethodOf('BIZUM DE PEÑA')).toBe('bizum');
    expect(giftMethodOf('TRANSF. DE JOSE MUÑOZ')).toBe('transferencia');
    expect(giftMethodOf('RECIBO DOMICILIADO CUOTA')).toBe('domiciliacion');
    expect(giftMethodOf('Cobro domiciliación SEPA')).toBe('domiciliacion');
    expect(giftMethodOf('ABONO TARJETA TPV 1234')).toBe('tarjeta');
    expect(giftMethodOf('TEAMING MARZO')).toBe('transferencia');
    expect(giftMethodOf('DONATIVO PARA LUNA')).toBe('transferencia');
  });

  it('keys a movement by date, cents, reference or else concept, numbering identical ones', () => {
    const keys = importKeys([
      { fecha: '2026-03-01', importeCentimos: 500, concepto: 'Bizum Peña', referencia: '' },
      { fecha: '2026-03-01', importeCentimos: 500, concepto: 'BIZUM  PENA', referencia: '' },
      { fecha: '2026-03-01', importeCentimos: 500, concepto: 'otro texto', referencia: 'R-1' },
      { fecha: '2026-03-01', importeCentimos: 500, concepto: 'y otro', referencia: 'r-1' },
    ]);
    expect(keys).toEqual([
      '2026-03-01|500|concepto:BIZUM PENA#1',
      '2026-03-01|500|concepto:BIZUM PENA#2',
      '2026-03-01|500|ref:R-1#1',
      '2026-03-01|500|ref:R-1#2',
    ]);
  });
});
