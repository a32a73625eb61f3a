/*
 * What a bank movement's text says about who paid and for what (bank-import.service.ts), pure: the identifiers
 * written in it (IBAN, NIF/NIE/CIF, phone, e-mail; never a name), the IBANs masked for showing, the concept and
 * method a gift would take, and the key that tells a movement already imported.
 */
import { type GiftConcept, type MoneyMethod, isValidFiscalId, isValidIban, maskIban, normaliseFiscalId, normaliseIban } from '@refugio/contracts';

export interface Identifiers {
  ibans: string[];
  nifs: string[];
  telefonos: string[];
  emails: string[];
}

/** An IBAN as banks print it: country, check digits, then 11 to 30 letters or digits, maybe in groups of 4. */
const IBAN_LIKE = /(?<![A-Z0-9])[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}/i;
/** A DNI (8 digits, maybe grouped by dots, and a letter), a NIE (X, Y or Z, 7 digits and a letter) or a CIF (a letter, 7 digits, a check). */
const FISCAL_ID_LIKE =
  /(?<![A-Z0-9])(?:\d{2}\.?\d{3}\.?\d{3}[ -]?[A-Z]|[XYZ][ -]?\d{7}[ -]?[A-Z]|[ABCDEFGHJNPQRSUVW][ -]?\d{7}[ -]?[0-9A-J])(?![A-Z0-9])/gi;
const EMAIL_LIKE = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;
/** A Spanish phone (9 digits from 6, 7, 8 or 9, maybe after +34 or 0034) or an international one after + or 00. */
const PHONE_LIKE = /(?<![\dA-Z])(?:(?:\+|00)34[ .-]?)?[6789](?:[ .-]?\d){8}(?![\dA-Z])|(?<![\dA-Z])(?:\+|00)[1-9](?:[ .-]?\d){7,13}(?![\dA-Z])/gi;

/**
 * The valid IBANs in `text` (electronic format) with the text each was read from: the longest valid reading of a
 * run of letters and digits, so a word glued after one is not part of it, and the search goes on right after it.
 */
function ibansIn(text: string): { raw: string; iban: string }[] {
  const found: { raw: string; iban: string }[] = [];
  const pattern = new RegExp(IBAN_LIKE.source, 'gi');
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const raw = match[0];
    const compact = raw.replace(/[ -]/g, '').toUpperCase();
    let next = match.index + 1;
    for (let length = compact.length; length >= 15; length--) {
      if (!isValidIban(compact.slice(0, length))) continue;
      // The raw text up to the last character kept (spaces included), to mask exactly what was read.
      let kept = 0;
      let end = 0;
      while (kept < length && end < raw.length) {
        if (!/[ -]/.test(raw[end]!)) kept++;
        end++;
      }
      found.push({ raw: raw.slice(0, end), iban: normaliseIban(compact.slice(0, length)) });
      next = match.index + end;
      break;
    }
    pattern.lastIndex = next;
  }
  return found;
}

/** `text` with every IBAN in it masked as everywhere but the bank file ('ES91 **** **** **** **** 1332'). */
export function maskIbansIn(text: string): string {
  let masked = text;
  for (const { raw, iban } of ibansIn(text)) masked = masked.replace(raw, maskIban(iban));
  return masked;
}

/** The identifiers written in a movement's texts (concept, counterpart, references), each checked where it can be. */
export function identifiersIn(...texts: string[]): Identifiers {
  let text = texts.join(' \u2022 ');
  const ibans = ibansIn(text);
  // What was read as an IBAN is not read again as a phone or a NIF.
  for (const { raw } of ibans) text = text.replace(raw, ' ');
  const emails = [...text.matchAll(EMAIL_LIKE)].map((m) => m[0].toLowerCase());
  for (const email of emails) text = text.replace(new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), ' ');
  const nifs = [...text.matchAll(FISCAL_ID_LIKE)].map((m) => normaliseFiscalId(m[0])).filter(isValidFiscalId);
  for (const m of text.matchAll(FISCAL_ID_LIKE)) text = text.replace(m[0], ' ');
  const telefonos = [...text.matchAll(PHONE_LIKE)].map((m) => m[0].replace(/[ .-]/g, ''));
  const unique = (values: string[]) => [...new Set(values)];
  return { ibans: unique(ibans.map((i) => i.iban)), nifs: unique(nifs), telefonos: unique(telefonos), emails: unique(emails) };
}

/**
 * The concept a gift takes: the matched fee's (a member's fee is `cuota`, a sponsorship `apadrinamiento`), else what
 * the bank's text says (cuota or socio, apadrinamiento or padrino, Teaming), else `donativo`.
 */
export function giftConceptOf(text: string, feeType?: string): GiftConcept {
  if (feeType === 'socio') return 'cuota';
  if (feeType === 'padrino') return 'apadrinamiento';
  if (/apadrin|padrin/i.test(text)) return 'apadrinamiento';
  if (/\bcuota|\bsocio|\bsocia\b/i.test(text)) return 'cuota';
  if (/\bteaming\b/i.test(text)) return 'teaming';
  return 'donativo';
}

/**
 * How the money came, as the bank's concept says it (accents and case ignored), the first that matches: Bizum; cash
 * (`EFECTIVO`: "INGRESO EFECTIVO"); a transfer said as such (`TRANSFERENCIA`, `TRANSF.`, `TRF`); a direct debit
 * (`DOMICILIACION`, `DOMICILIADO`, `RECIBO`, `ADEUDO`, `SEPA DD`); a card (`TARJETA`, `TPV`). Anything else, Teaming's
 * payments among them, is a transfer: the only way a credit reaches an account without saying how.
 */
export function giftMethodOf(text: string): MoneyMethod {
  const t = fold(text);
  if (/\bBIZUM\b/.test(t)) return 'bizum';
  if (/\bEFECTIVO\b/.test(t)) return 'efectivo';
  if (/\b(TRANSFERENCIA|TRANSFER|TRANSF|TRF)\b/.test(t)) return 'transferencia';
  if (/\b(DOMICILIACION|DOMICILIAD[OA]|RECIBOS?|ADEUDO|SEPA DD)\b/.test(t)) return 'domiciliacion';
  if (/\b(TARJETA|TPV)\b/.test(t)) return 'tarjeta';
  return 'transferencia';
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim();
}

/**
 * The keys of a statement's movements: date, cents, the bank's reference (or, when the bank gives none, its concept)
 * and the occurrence of that triple in the statement (`#1`, `#2`: two identical transfers of one day are two gifts,
 * and the same statement read again numbers them alike). Stored unique with each imported gift.
 */
export function importKeys(movements: { fecha: string; importeCentimos: number; concepto: string; referencia: string }[]): string[] {
  const seen = new Map<string, number>();
  return movements.map((m) => {
    const what = m.referencia.trim() !== '' ? `ref:${fold(m.referencia)}` : `concepto:${fold(m.concepto)}`;
    const base = `${m.fecha}|${m.importeCentimos}|${what}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}#${n}`;
  });
}
