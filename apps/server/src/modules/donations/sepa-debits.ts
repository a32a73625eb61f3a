/*
 * The SEPA Core direct-debit file the bank takes: ISO 20022 pain.008.001.02 (Customer Direct Debit Initiation),
 * the version Spanish banks accept for the SEPA Core scheme. The XML is written by the `sepa` package; this file
 * checks and cleans what goes in (IBANs with ibantools, the SEPA Latin character set, lengths, dates) and keeps
 * every amount in integer cents, so that no total is ever a sum of floats.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { Document, validateCreditorID } from 'sepa';
import { bicProblem, isNonEeaSepa, isSepaIban } from '@refugio/contracts';

export type SequenceType = 'FRST' | 'RCUR' | 'OOFF' | 'FNAL';

export interface DirectDebit {
  /** End-to-end id, sent back by the bank with a returned debit. */
  id: string;
  importeCentimos: number;
  deudor: {
    nombre: string;
    iban: string;
    bic?: string | null | undefined;
    /** Required (with the BIC) for a bank outside the EEA: street and number, postcode and town, ISO country. */
    domicilio?: { direccion: string; localidad: string; pais: string } | null | undefined;
  };
  mandato: { referencia: string; fechaFirma: string };
  secuencia: SequenceType;
  concepto: string;
}

export interface DirectDebitBatch {
  mensajeId: string;
  creadoEn: Date;
  acreedor: { nombre: string; iban: string; bic?: string | undefined; identificador: string };
  fechaCobro: string;
  adeudos: DirectDebit[];
}

/** The scheme wants one payment-info block per sequence type; this is the order they are written in. */
const SEQUENCE_ORDER: readonly SequenceType[] = ['FRST', 'RCUR', 'OOFF', 'FNAL'];

const NAME_MAX = 70;
const REMITTANCE_MAX = 140;
const ID_MAX = 35;
/**
 * The library names each block `<mensajeId>.<n>` and each debit `<mensajeId>.<n>.<i>`, and both must fit the
 * schema's 35 characters: 27 + ".3" + ".99999" = 35.
 */
const MESSAGE_ID_MAX = 27;
const MAX_DEBITS = 99_999;
/** 999,999,999.99 EUR, the largest amount the schema's 11 digits allow for one debit. */
const MAX_CENTS = 99_999_999_999;
/**
 * 999,999,999,999.99 EUR for a whole batch: below 2^46 euros the double nearest to a sum of cents is within
 * 0.004 of it, so the library's `toFixed(2)` still writes it exactly.
 */
const MAX_TOTAL_CENTS = 99_999_999_999_999;

/** Anything outside the characters every SEPA bank must accept (EPC guidance on the character set). */
const NOT_SEPA_TEXT = /[^A-Za-z0-9/\-?:().,'+ ]/g;
const SEPA_ID = /^[A-Za-z0-9/\-?:().,'+]+$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Letters outside Latin-1 that NFD does not decompose into a base letter and a mark. */
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'TH',
  '&': '+',
  º: 'o',
  ª: 'a',
  '"': "'",
  '‘': "'",
  '’': "'",
  '«': "'",
  '»': "'",
  '–': '-',
  '—': '-',
  _: '-',
};

function fail(field: string, problem: string): never {
  throw new Error(`${field}: ${problem}`);
}

/**
 * Writes a free text (a name, a concept) in the SEPA Latin character set: accents dropped (Muñoz -> Munoz),
 * a few letters spelled out, anything else a space; then cut to `max` characters.
 */
export function toSepaText(text: string, max: number): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\n]/gu, (ch) => TRANSLITERATIONS[ch] ?? ch)
    .replace(NOT_SEPA_TEXT, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return plain.slice(0, max).trimEnd();
}

function cleanText(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') fail(field, 'falta el texto');
  const text = toSepaText(value, max);
  if (text === '') fail(field, 'no tiene ningún carácter que admita SEPA');
  return text;
}

function checkId(value: unknown, field: string, max = ID_MAX): string {
  if (typeof value !== 'string' || value === '') fail(field, 'falta el identificador');
  if (value.length > max) fail(field, `tiene más de ${max} caracteres`);
  if (!SEPA_ID.test(value)) fail(field, "solo admite letras sin acento, cifras y / - ? : ( ) . , ' +");
  if (value.startsWith('/') || value.endsWith('/') || value.includes('//')) fail(field, 'no puede empezar ni acabar por / ni contener //');
  return value;
}

function checkIban(value: unknown, field: string): string {
  const iban = typeof value === 'string' ? electronicFormatIBAN(value) : null;
  if (!iban || !isValidIBAN(iban)) fail(field, 'el IBAN no es válido');
  if (!isSepaIban(iban)) fail(field, `el IBAN es de ${iban.slice(0, 2)}, un país fuera de la zona SEPA`);
  return iban;
}

function checkBic(value: unknown, field: string, iban: string): string {
  if (value === undefined || value === null || value === '') return '';
  const bic = typeof value === 'string' ? value.replace(/\s/g, '').toUpperCase() : '';
  const problem = bicProblem(bic, iban);
  if (problem !== null) fail(field, problem.replace(/\.$/, '').replace(/^El /, 'el '));
  return bic;
}

/** A calendar day `YYYY-MM-DD` as a local-midnight Date, which the library writes back as the same day. */
function checkDay(value: unknown, field: string): { iso: string; date: Date } {
  const match = typeof value === 'string' ? ISO_DAY.exec(value) : null;
  if (!match) fail(field, 'la fecha debe ser AAAA-MM-DD');
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) fail(field, 'la fecha no existe');
  return { iso: match[0], date };
}

function checkCents(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(field, 'el importe debe ser un número entero de céntimos');
  if (value <= 0) fail(field, 'el importe debe ser mayor que cero');
  if (value > MAX_CENTS) fail(field, 'el importe supera 999.999.999,99 €');
  return value;
}

/** Integer cents as the XML decimal with two places (1234 -> "12.34"), by integer arithmetic only. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`importe: ${cents} no es un número de céntimos`);
  const units = Math.floor(cents / 100);
  const rest = cents - units * 100;
  return `${units}.${String(rest).padStart(2, '0')}`;
}

/**
 * Cents as the library's `amount` number. The library writes it with `toFixed(2)`, which for a double nearest to
 * n/100 always gives back n/100's two decimals (the double is far closer than 0.005), so this one division is exact
 * on paper; buildDirectDebitXml still checks every written amount against `centsToDecimal`.
 */
function centsToNumber(cents: number): number {
  return Number(centsToDecimal(cents));
}

interface CheckedDebit {
  id: string;
  cents: number;
  name: string;
  iban: string;
  bic: string;
  address: { street: string; city: string; country: string } | null;
  mandateId: string;
  signedOn: Date;
  sequence: SequenceType;
  remittance: string;
}

function checkDebit(debit: DirectDebit, index: number, collection: string, seenIds: Set<string>): CheckedDebit {
  const at = `adeudos[${index}]`;
  if (typeof debit !== 'object' || debit === null) fail(at, 'falta el adeudo');
  const id = checkId(debit.id, `${at}.id`);
  if (seenIds.has(id)) fail(`${at}.id`, 'está repetido en la remesa');
  seenIds.add(id);
  const cents = checkCents(debit.importeCentimos, `${at}.importeCentimos`);
  if (typeof debit.deudor !== 'object' || debit.deudor === null) fail(`${at}.deudor`, 'falta el deudor');
  const name = cleanText(debit.deudor.nombre, `${at}.deudor.nombre`, NAME_MAX);
  const iban = checkIban(debit.deudor.iban, `${at}.deudor.iban`);
  const bic = checkBic(debit.deudor.bic, `${at}.deudor.bic`, iban);
  const address = checkAddress(debit.deudor.domicilio, `${at}.deudor.domicilio`);
  // EPC SDD Core rulebook: a debit to a bank outside the EEA carries the debtor's address (AT-09) and BIC (AT-13).
  if (isNonEeaSepa(iban, bic)) {
    if (bic === '') fail(`${at}.deudor.bic`, 'el banco del titular está fuera del Espacio Económico Europeo y exige su BIC');
    if (address === null) fail(`${at}.deudor.domicilio`, 'el banco del titular está fuera del Espacio Económico Europeo y exige su domicilio');
  }
  if (typeof debit.mandato !== 'object' || debit.mandato === null) fail(`${at}.mandato`, 'falta el mandato');
  const mandateId = checkId(debit.mandato.referencia, `${at}.mandato.referencia`);
  const signed = checkDay(debit.mandato.fechaFirma, `${at}.mandato.fechaFirma`);
  if (signed.iso > collection) fail(`${at}.mandato.fechaFirma`, 'el mandato se firmó después de la fecha de cobro');
  if (!SEQUENCE_ORDER.includes(debit.secuencia)) fail(`${at}.secuencia`, 'debe ser FRST, RCUR, OOFF o FNAL');
  const remittance = cleanText(debit.concepto, `${at}.concepto`, REMITTANCE_MAX);
  return { id, cents, name, iban, bic, address, mandateId, signedOn: signed.date, sequence: debit.secuencia, remittance };
}

function checkAddress(value: DirectDebit['deudor']['domicilio'], field: string): CheckedDebit['address'] {
  if (value === undefined || value === null) return null;
  const street = cleanText(value.direccion, `${field}.direccion`, NAME_MAX);
  const city = cleanText(value.localidad, `${field}.localidad`, NAME_MAX);
  const country = typeof value.pais === 'string' ? value.pais.trim().toUpperCase() : '';
  if (!/^[A-Z]{2}$/.test(country)) fail(`${field}.pais`, 'el país debe ser un código ISO de dos letras');
  return { street, city, country };
}

/**
 * What keeps one debit from being written (the message of the first check it fails, without the field), or null:
 * a batch leaves such a debit out and writes the rest.
 */
export function directDebitProblem(debit: DirectDebit, fechaCobro: string): string | null {
  try {
    checkDebit(debit, 0, fechaCobro, new Set());
    return null;
  } catch (error) {
    return (error as Error).message.replace(/^[^:]*: /, '');
  }
}

/** Builds the pain.008.001.02 XML of a batch, or throws an Error whose message starts with the faulty field. */
export function buildDirectDebitXml(batch: DirectDebitBatch): string {
  if (typeof batch !== 'object' || batch === null) fail('remesa', 'falta la remesa');
  const messageId = checkId(batch.mensajeId, 'mensajeId', MESSAGE_ID_MAX);
  if (!(batch.creadoEn instanceof Date) || Number.isNaN(batch.creadoEn.getTime())) fail('creadoEn', 'la fecha no es válida');
  const creditor = batch.acreedor;
  if (typeof creditor !== 'object' || creditor === null) fail('acreedor', 'falta el acreedor');
  const creditorName = cleanText(creditor.nombre, 'acreedor.nombre', NAME_MAX);
  const creditorIban = checkIban(creditor.iban, 'acreedor.iban');
  const creditorBic = checkBic(creditor.bic, 'acreedor.bic', creditorIban);
  const creditorId = typeof creditor.identificador === 'string' ? creditor.identificador.replace(/\s/g, '').toUpperCase() : '';
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(creditorId) || !validateCreditorID(creditorId)) {
    fail('acreedor.identificador', 'el identificador de acreedor SEPA no es válido');
  }
  const collection = checkDay(batch.fechaCobro, 'fechaCobro');
  if (!Array.isArray(batch.adeudos) || batch.adeudos.length === 0) fail('adeudos', 'la remesa no tiene adeudos');
  if (batch.adeudos.length > MAX_DEBITS) fail('adeudos', `la remesa tiene más de ${MAX_DEBITS} adeudos`);
  const seenIds = new Set<string>();
  const debits = batch.adeudos.map((debit, i) => checkDebit(debit, i, collection.iso, seenIds));

  const doc = new Document('pain.008.001.02');
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = batch.creadoEn;
  doc.grpHdr.initiatorName = creditorName;

  const expectedSums: string[] = [];
  const expectedAmounts: string[] = [];
  let totalCents = 0;
  for (const sequence of SEQUENCE_ORDER) {
    const group = debits.filter((d) => d.sequence === sequence);
    if (group.length === 0) continue;
    const info = doc.createPaymentInfo();
    info.collectionDate = collection.date;
    info.creditorName = creditorName;
    info.creditorIBAN = creditorIban;
    info.creditorBIC = creditorBic;
    info.creditorId = creditorId;
    info.sequenceType = sequence;
    info.localInstrumentation = 'CORE';
    doc.addPaymentInfo(info);
    let groupCents = 0;
    for (const debit of group) {
      const tx = info.createTransaction();
      tx.end2endId = debit.id;
      tx.amount = centsToNumber(debit.cents);
      tx.currency = 'EUR';
      tx.debtorName = debit.name;
      tx.debtorIBAN = debit.iban;
      tx.debtorBIC = debit.bic;
      if (debit.address) {
        tx.debtorStreet = debit.address.street;
        tx.debtorCity = debit.address.city;
        tx.debtorCountry = debit.address.country;
      }
      tx.mandateId = debit.mandateId;
      tx.mandateSignatureDate = debit.signedOn;
      tx.remittanceInfo = debit.remittance;
      info.addTransaction(tx);
      expectedAmounts.push(centsToDecimal(debit.cents));
      groupCents += debit.cents;
    }
    // The library adds the blocks' floats for CtrlSum; write the exact cent sums instead.
    info.normalize = () => {
      info.controlSum = centsToNumber(groupCents);
    };
    expectedSums.push(centsToDecimal(groupCents));
    totalCents += groupCents;
  }
  if (totalCents > MAX_TOTAL_CENTS) fail('adeudos', 'el total de la remesa supera 999.999.999.999,99 €');
  const exactTotal = centsToNumber(totalCents);
  const libraryNormalize = doc.normalize.bind(doc);
  doc.normalize = () => {
    libraryNormalize();
    doc.grpHdr.controlSum = exactTotal;
  };

  let xml: string;
  try {
    xml = doc.toString();
  } catch (err) {
    // The library's own checks (lengths, IBAN, creditor id, BIC country): after ours, a failure here is a bug.
    throw new Error(`remesa: ${(err as Error).message}`, { cause: err });
  }
  assertWrittenAmounts(xml, [centsToDecimal(totalCents), ...expectedSums], expectedAmounts);
  return xml;
}

/** The control sums and amounts as written must be the cents' exact decimals, in order. */
function assertWrittenAmounts(xml: string, sums: string[], amounts: string[]): void {
  const writtenSums = [...xml.matchAll(/<CtrlSum>([^<]*)<\/CtrlSum>/g)].map((m) => m[1]);
  const writtenAmounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([^<]*)<\/InstdAmt>/g)].map((m) => m[1]);
  if (writtenSums.join('|') !== sums.join('|') || writtenAmounts.join('|') !== amounts.join('|')) {
    throw new Error('remesa: los importes escritos no coinciden con los céntimos de entrada');
  }
}
