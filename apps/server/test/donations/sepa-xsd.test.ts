import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import { type DirectDebit, type DirectDebitBatch, buildDirectDebitXml } from '../../src/modules/donations/sepa-debits';

/*
 * The bank file checked by a real XML Schema validator (libxml2's, as WebAssembly: xmllint-wasm), not by the
 * code's own constants. No npm package ships the ISO 20022 pain.008.001.02 XSD, and published schema files may be
 * read but not copied into this repository, so fixtures/pain.008.001.02.subset.xsd is this project's own text of
 * the part of the message definition the files use (element order, multiplicities, lengths, patterns, codes).
 */

const XSD = readFileSync(new URL('./fixtures/pain.008.001.02.subset.xsd', import.meta.url), 'utf8');

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'remesa.xml', contents: xml }],
    schema: [{ fileName: 'pain.008.001.02.xsd', contents: XSD }],
  });
  return result.errors.map((e) => e.rawMessage);
}

const CREDITOR = { nombre: 'Protectora Patitas de Zaragoza', iban: 'ES9121000418450200051332', identificador: 'ES26ZZZG12345678' };

function debit(over: Partial<DirectDebit> & { id: string }): DirectDebit {
  return {
    importeCentimos: 1500,
    deudor: { nombre: 'Lucía Pérez Muñoz', iban: 'ES7921000813610123456789' },
    mandato: { referencia: `MANDATO-${over.id}`, fechaFirma: '2025-06-01' },
    secuencia: 'RCUR',
    concepto: 'Cuota de socio mensual desde 01/03/2026',
    ...over,
  };
}

function batch(adeudos: DirectDebit[], over: Partial<DirectDebitBatch> = {}): DirectDebitBatch {
  return { mensajeId: 'REMESA-17', creadoEn: new Date(2026, 2, 1, 9, 30, 0), acreedor: CREDITOR, fechaCobro: '2026-03-05', adeudos, ...over };
}

describe('the pain.008.001.02 file against the XSD (a real validator)', () => {
  it('validates batches of FRST and RCUR, a debtor outside the EEA with address and BIC, accents transliterated', async () => {
    const files = [
      buildDirectDebitXml(batch([debit({ id: 'R17-C1', secuencia: 'FRST' })])),
      buildDirectDebitXml(batch([debit({ id: 'R17-C2' }), debit({ id: 'R17-C3', importeCentimos: 1 })])),
      buildDirectDebitXml(
        batch([
          debit({ id: 'R17-C4', secuencia: 'FRST', deudor: { nombre: 'Íñigo Ibáñez Çelik', iban: 'ES7921000813610123456789', bic: 'CAIXESBBXXX' } }),
          debit({
            id: 'R17-C5',
            deudor: {
              nombre: 'Jürg Müller-Lüthi',
              iban: 'CH9300762011623852957',
              bic: 'UBSWCHZH80A',
              domicilio: { direccion: 'Bahnhofstrasse 1', localidad: '8001 Zürich', pais: 'CH' },
            },
          }),
          debit({
            id: 'R17-C6',
            importeCentimos: 99_999_999_999,
            deudor: {
              nombre: 'Søren Æbelø & Þóra',
              iban: 'GB29NWBK60161331926819',
              bic: 'NWBKGB2L',
              domicilio: { direccion: '1 High Street', localidad: 'London EC1A 1BB', pais: 'GB' },
            },
            concepto: 'Apadrinamiento de «Lúa» — trimestral',
          }),
        ]),
      ),
    ];
    for (const xml of files) expect(await schemaErrors(xml)).toEqual([]);
    const mixed = files[2]!;
    expect(mixed).toContain('<Nm>Inigo Ibanez Celik</Nm>');
    expect(mixed).toContain('<PstlAdr><Ctry>CH</Ctry><AdrLine>Bahnhofstrasse 1</AdrLine><AdrLine>8001 Zurich</AdrLine></PstlAdr>');
    expect(mixed).toContain('<DbtrAgt><FinInstnId><BIC>UBSWCHZH80A</BIC></FinInstnId></DbtrAgt>');
    expect(mixed).toContain('<SeqTp>FRST</SeqTp>');
    expect(mixed).toContain('<SeqTp>RCUR</SeqTp>');
  });

  it('is a real check: the validator refuses a file with an element out of order, too long or of the wrong type', async () => {
    const good = buildDirectDebitXml(batch([debit({ id: 'R17-C1' })]));
    const swapped = good.replace(/(<MsgId>[^<]*<\/MsgId>)(<CreDtTm>[^<]*<\/CreDtTm>)/, '$2$1');
    const tooLong = good.replace('<EndToEndId>R17-C1</EndToEndId>', `<EndToEndId>${'X'.repeat(36)}</EndToEndId>`);
    const badIban = good.replace('<IBAN>ES7921000813610123456789</IBAN>', '<IBAN>es79 2100</IBAN>');
    const badSequence = good.replace('<SeqTp>RCUR</SeqTp>', '<SeqTp>RECU</SeqTp>');
    for (const xml of [swapped, tooLong, badIban, badSequence]) expect((await schemaErrors(xml)).length).toBeGreaterThan(0);
  });
});
