/*
 * The AEAT's modelo 182 (declaración informativa de donativos, donaciones y aportaciones recibidas; Ley 49/2002
 * art. 24, RD 1270/2003) as the fixed-width file the organisation files every January: one type-1 record of the
 * organisation, one type-2 record per donor and kind of gift. Pure: the caller gathers the year's totals (integer
 * cents) and the recurrence, this module only writes the file or refuses what the layout cannot hold.
 *
 * Layout followed (read, not guessed):
 * - The AEAT's "Modelo 182. Diseños de registro" (edition headed "Ejercicio 2021", Orden HAP/2194/2013 as amended
 *   by Orden HFP/231/2018), as kept in the repository Comunitea/l10n-spain, branch 16.0-l10n_es_aeat_mod182
 *   (commit 4c102e3, January 2024), file l10n_es_aeat_mod182/doc/182.pdf, with that module's export configuration
 *   (data/aeat_export_mod182_data.xml and data/aeat_export_mod182_partner_donation_data.xml, version 16.0.1.6.0).
 * - Cross-checked against babu-cat/AEAT 1.6.2 (January 2025), src/AEAT182RDeclarant.php and
 *   src/AEAT182RDeclared.php. Where the two differ the AEAT's document wins: babu-cat puts the "patrimonio
 *   protegido" NIF and name in the type-1 record (161-209); the AEAT's document has them in the type-2 record
 *   (133-181) and blanks at 161-237 of the type-1 record, as the OCA export does.
 * - The positions are unchanged for the ejercicios 2024 and 2025; what RDL 6/2023 changed from 2024 on is the content
 *   of two fields: the IRPF threshold of the "% de deducción" (250 euros instead of 150, 80 % below it, 40 % above,
 *   45 % with recurrence; companies 40 %, 50 % with recurrence) and the years the "recurrencia" looks at (below).
 *
 * Choices, each from the layout:
 * - Every record is exactly 250 characters followed by CR LF (0x0D 0x0A), the last one too, as the OCA export writes
 *   them. The file is ISO-8859-1: every character written is ASCII, Ñ (0xD1) or Ç (0xC7).
 * - Alphanumeric fields: upper case, left-aligned, padded with spaces, cut to the field's width. Accents and
 *   diaereses are dropped (Á -> A, Ü -> U) but Ñ and Ç are kept. Kept as they are: A-Z, Ñ, Ç, 0-9, space, and the
 *   punctuation . - & / ; º ª · become '.', anything else (commas, apostrophes, quotes, symbols) becomes a space,
 *   and runs of spaces collapse to one. ("sin caracteres especiales y sin vocales acentuadas")
 * - NIFs: right-aligned, the control character last, zeros on the left (the layout's rule for 9-17, 18-26, 27-35).
 * - Numeric fields: right-aligned, zero-padded; a numeric field with nothing to say is zeros. Amounts are integer
 *   cents without sign or decimal point (the layout's "sin signo y sin coma decimal": every amount is positive);
 *   percentages are hundredths (45 % -> 04500).
 * - 145-159 (the type-1 total) is the sum of 84-96 of the type-2 records "salvo en los donativos en los que se haya
 *   marcado la clave revocación"; 136-144 counts every type-2 record.
 * - 105 "naturaleza del declarado": F natural person, J legal person, E entity under the attribution-of-income
 *   regime (comunidades de bienes, herencias yacentes: a CIF starting with E), never J for those.
 * - 79-83 "% de deducción": the layout asks for it when the declarant's nature is 1 or 2. For nature 1 from
 *   ejercicio 2024 on it is worked out here when not given (natural person: 80 % up to 250 euros, above that 45 %
 *   with recurrence 1 and 40 % otherwise; legal person: 50 % with recurrence 1, 40 % otherwise). An 'E' entity's
 *   deduction is attributed to its members, who apply it in their IRPF (Ley 35/2006 art. 89.1): it takes the IRPF
 *   scale of a natural person, never the company rate. For nature 2 (10 % in IRPF, nothing in IS) and for earlier
 *   years the caller gives it, or the record is refused.
 * - 132 "recurrencia" is required for nature 1 with key A or B; nature 2 writes '0' (numeric field without content).
 * - The province (76-77) is 01-52, or 99 for a non-resident without a permanent establishment (the layout's list).
 * - The declarant's nature is 1 (Ley 49/2002 Title III entity) or 2 (foundation or public-utility association outside
 *   it): a shelter is neither a protected estate (3) nor a political party (4), so keys C-G and the fields only
 *   those use (tipo de bien 111, identificación del bien 112-131, patrimonio protegido 133-181) stay blank.
 */

/** A field of a record: 1-based inclusive positions, as the AEAT's document names them. */
interface Field {
  readonly name: string;
  readonly from: number;
  readonly to: number;
}

const RECORD_LENGTH = 250;
const EOL = '\r\n';

function fields<const T extends Record<string, readonly [number, number]>>(spec: T): { readonly [K in keyof T]: Field } {
  const out = {} as { [K in keyof T]: Field };
  let next = 1;
  for (const key of Object.keys(spec) as (keyof T & string)[]) {
    const [from, to] = spec[key] as readonly [number, number];
    // The table is the layout: it must tile 1..250 without gap or overlap, checked once when the module loads.
    if (from !== next || to < from) throw new Error(`modelo 182: position table broken at ${key}`);
    out[key] = { name: key, from, to };
    next = to + 1;
  }
  if (next !== RECORD_LENGTH + 1) throw new Error('modelo 182: a record must cover 250 positions');
  return out;
}

/** Type 1, registro de declarante. */
export const DECLARANTE_FIELDS = fields({
  tipoRegistro: [1, 1],
  modelo: [2, 4],
  ejercicio: [5, 8],
  nifDeclarante: [9, 17],
  denominacion: [18, 57],
  tipoSoporte: [58, 58],
  telefonoContacto: [59, 67],
  personaContacto: [68, 107],
  justificante: [108, 120],
  complementaria: [121, 121],
  sustitutiva: [122, 122],
  justificanteAnterior: [123, 135],
  numeroRegistros: [136, 144],
  importeTotal: [145, 159],
  naturalezaDeclarante: [160, 160],
  blancos: [161, 237],
  selloElectronico: [238, 250],
});

/** Type 2, registro de declarado. */
export const DECLARADO_FIELDS = fields({
  tipoRegistro: [1, 1],
  modelo: [2, 4],
  ejercicio: [5, 8],
  nifDeclarante: [9, 17],
  nifDeclarado: [18, 26],
  nifRepresentante: [27, 35],
  nombre: [36, 75],
  provincia: [76, 77],
  clave: [78, 78],
  porcentajeDeduccion: [79, 83],
  importe: [84, 96],
  enEspecie: [97, 97],
  comunidadAutonoma: [98, 99],
  porcentajeDeduccionCCAA: [100, 104],
  naturalezaDeclarado: [105, 105],
  revocacion: [106, 106],
  ejercicioRevocacion: [107, 110],
  tipoBien: [111, 111],
  identificacionBien: [112, 131],
  recurrencia: [132, 132],
  nifPatrimonioProtegido: [133, 141],
  nombrePatrimonioProtegido: [142, 181],
  blancos: [182, 250],
});

export interface Declarante182 {
  nif: string;
  /** The entity's full legal name, without acronym or trade name. */
  denominacion: string;
  /** 9 digits; spaces and a leading +34 or 0034 are dropped. */
  telefono: string;
  /** "APELLIDO1 APELLIDO2 NOMBRE" of the person the AEAT may call. */
  personaContacto: string;
  /** 1: entity under Ley 49/2002 Title III; 2: foundation or public-utility association outside it. */
  naturaleza: 1 | 2;
  /** 13 digits starting with 182; by default 182 + ejercicio + 000001. */
  justificante?: string;
  /** A second filing: 'C' complements, 'S' replaces the one whose justificante is given. */
  tipoDeclaracion?: 'C' | 'S';
  justificanteAnterior?: string;
}

/** Autonomous communities of 98-99, as the layout lists them (14 and 15 are not on it). */
const COMUNIDADES = new Set(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '16', '17']);

export interface Declarado182 {
  nif: string;
  /** The legal representative's NIF when the donor is under 14. */
  nifRepresentante?: string;
  /** Natural persons: "APELLIDO1 APELLIDO2 NOMBRE"; others: the full legal name. */
  nombre: string;
  /** Two digits: the first two of the donor's postcode, or 99 for a non-resident. */
  provincia: string;
  /** A: gifts outside, B: inside the priority patronage programmes. A by default. */
  clave?: 'A' | 'B';
  /** Percent with at most two decimals (e.g. 40, 17.5); see the header for when it is worked out here. */
  porcentajeDeduccion?: number;
  /** The year's total of this record, integer cents, > 0. */
  importeCentimos: number;
  /** A gift in kind (valued per art. 18 Ley 49/2002) is a record of its own. */
  enEspecie?: boolean;
  /** A regional IRPF deduction the gift qualifies for: the community's code and its percent. */
  deduccionCCAA?: { comunidad: string; porcentaje: number };
  /** F natural person, J legal person, E entity under attribution of income (comunidad de bienes...). */
  naturaleza: 'F' | 'J' | 'E';
  /** The gift of an earlier year with deduction, revoked this year (art. 17 Ley 49/2002). */
  revocacion?: boolean;
  ejercicioRevocacion?: number;
  /** 1 or 2, see recurrenceOf; required when the declarant's nature is 1. */
  recurrencia?: 1 | 2;
}

export interface Modelo182Input {
  ejercicio: number;
  declarante: Declarante182;
  declarados: readonly Declarado182[];
}

/** A refusal that names the record and the field, for the review screen to show. */
export class Modelo182Error extends Error {
  constructor(
    readonly registro: string,
    readonly campo: string,
    detail: string,
  ) {
    super(`Modelo 182, ${registro}, campo ${campo}: ${detail}`);
    this.name = 'Modelo182Error';
  }
}

/**
 * The recurrence of 132 for the ejercicio, from the donor's yearly totals to this entity (cents by year, the
 * ejercicio's own total included; a missing year is 0). '1' when, in the two years before, the donor gave with
 * deduction and each year's amount is at least the one of the year before it:
 * - from 2024 (RDL 6/2023, three years): N-2 > 0, N-1 >= N-2 and N >= N-1;
 * - before 2024 (the layout's own wording, four years): N-3 > 0, N-2 >= N-3 and N-1 >= N-2.
 * '2' otherwise.
 */
export function recurrenceOf(totalsByYear: Readonly<Record<number, number>>, ejercicio: number): 1 | 2 {
  const t = (year: number): number => totalsByYear[year] ?? 0;
  const n = ejercicio;
  if (n >= 2024) return t(n - 2) > 0 && t(n - 1) >= t(n - 2) && t(n) >= t(n - 1) ? 1 : 2;
  return t(n - 3) > 0 && t(n - 2) >= t(n - 3) && t(n - 1) >= t(n - 2) ? 1 : 2;
}

/** Text as the AEAT takes it: upper case, no accents but Ñ and Ç, the few punctuation kept, single spaces. */
export function aeatText(value: string): string {
  let out = '';
  for (const ch of value.toUpperCase()) {
    if (ch === 'Ñ' || ch === 'Ç' || /[A-Z0-9 .\-&/]/.test(ch)) out += ch;
    else if (ch === 'º' || ch === 'ª' || ch === '·') out += '.';
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += /^[A-Z]+$/.test(base) ? base : ' ';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

class RecordWriter {
  private readonly chars: string[] = Array.from({ length: RECORD_LENGTH }, () => ' ');

  constructor(private readonly registro: string) {}

  private put(field: Field, text: string): void {
    const width = field.to - field.from + 1;
    if (text.length !== width) throw new Modelo182Error(this.registro, field.name, `no cabe en ${width} posiciones`);
    for (let i = 0; i < width; i++) this.chars[field.from - 1 + i] = text[i] as string;
  }

  /** Left-aligned, space-padded, cut to the width. */
  alpha(field: Field, value: string): void {
    this.put(field, value.slice(0, field.to - field.from + 1).padEnd(field.to - field.from + 1, ' '));
  }

  /** Right-aligned, zero-padded; a value too wide is refused, never cut. */
  num(field: Field, value: number | bigint | string): void {
    const text = String(value);
    const width = field.to - field.from + 1;
    if (!/^\d+$/.test(text) || text.length > width) {
      throw new Modelo182Error(this.registro, field.name, `"${text}" no es un número de ${width} cifras como máximo`);
    }
    this.put(field, text.padStart(width, '0'));
  }

  /** A NIF: 1 to 9 letters and digits, right-aligned with zeros on the left. */
  nif(field: Field, value: string): void {
    const text = value.toUpperCase().replace(/[\s.\-/]/g, '');
    if (text === '') throw new Modelo182Error(this.registro, field.name, 'falta el NIF');
    if (!/^[0-9A-Z]{1,9}$/.test(text)) throw new Modelo182Error(this.registro, field.name, `"${value}" no es un NIF`);
    this.put(field, text.padStart(9, '0'));
  }

  toString(): string {
    return this.chars.join('');
  }
}

function requiredText(registro: string, field: Field, value: string): string {
  const text = aeatText(value);
  if (text === '') throw new Modelo182Error(registro, field.name, 'queda vacío');
  return text;
}

/** A percent with at most two decimals as hundredths (40 -> 4000, 17.5 -> 1750). */
function hundredths(registro: string, field: Field, percent: number): number {
  const value = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent <= 0 || percent > 100 || Math.abs(value - percent * 100) > 1e-6) {
    throw new Modelo182Error(registro, field.name, `${percent} no es un porcentaje entre 0 y 100 con dos decimales`);
  }
  return value;
}

const F = DECLARADO_FIELDS;
const D = DECLARANTE_FIELDS;

function deductionPercent(registro: string, ejercicio: number, naturaleza: 1 | 2, d: Declarado182): number {
  if (d.porcentajeDeduccion !== undefined) return hundredths(registro, F.porcentajeDeduccion, d.porcentajeDeduccion);
  if (naturaleza !== 1 || ejercicio < 2024) {
    throw new Modelo182Error(registro, F.porcentajeDeduccion.name, 'falta el porcentaje de deducción');
  }
  if (d.naturaleza === 'J') return d.recurrencia === 1 ? 5000 : 4000;
  if (d.importeCentimos <= 25_000) return 8000;
  return d.recurrencia === 1 ? 4500 : 4000;
}

function declaradoRecord(input: Modelo182Input, nifDeclarante: string, d: Declarado182, index: number): string {
  const { ejercicio, declarante } = input;
  const registro = `registro de tipo 2 nº ${index + 1}`;
  const w = new RecordWriter(registro);
  w.num(F.tipoRegistro, 2);
  w.num(F.modelo, 182);
  w.num(F.ejercicio, ejercicio);
  w.alpha(F.nifDeclarante, nifDeclarante);
  w.nif(F.nifDeclarado, d.nif);
  if (d.nifRepresentante !== undefined && d.nifRepresentante.trim() !== '') w.nif(F.nifRepresentante, d.nifRepresentante);
  w.alpha(F.nombre, requiredText(registro, F.nombre, d.nombre));

  const provincia = d.provincia.trim();
  const code = Number(provincia);
  if (!/^\d{2}$/.test(provincia) || !((code >= 1 && code <= 52) || code === 99)) {
    throw new Modelo182Error(registro, F.provincia.name, `"${d.provincia}" no es una provincia (01-52, o 99)`);
  }
  w.num(F.provincia, provincia);

  const clave = d.clave ?? 'A';
  if (clave !== 'A' && clave !== 'B') throw new Modelo182Error(registro, F.clave.name, `clave "${String(clave)}" no admitida`);
  w.alpha(F.clave, clave);

  if (!Number.isSafeInteger(d.importeCentimos) || d.importeCentimos <= 0) {
    throw new Modelo182Error(registro, F.importe.name, `${d.importeCentimos} no es un importe en céntimos entero y positivo`);
  }
  if (declarante.naturaleza === 1 && d.recurrencia !== 1 && d.recurrencia !== 2) {
    throw new Modelo182Error(registro, F.recurrencia.name, 'falta la recurrencia (1 o 2)');
  }
  w.num(F.porcentajeDeduccion, deductionPercent(registro, ejercicio, declarante.naturaleza, d));
  w.num(F.importe, d.importeCentimos);
  w.alpha(F.enEspecie, d.enEspecie === true ? 'X' : ' ');

  if (d.deduccionCCAA !== undefined) {
    if (!COMUNIDADES.has(d.deduccionCCAA.comunidad)) {
      throw new Modelo182Error(registro, F.comunidadAutonoma.name, `"${d.deduccionCCAA.comunidad}" no es una comunidad autónoma de la lista`);
    }
    w.num(F.comunidadAutonoma, d.deduccionCCAA.comunidad);
    w.num(F.porcentajeDeduccionCCAA, hundredths(registro, F.porcentajeDeduccionCCAA, d.deduccionCCAA.porcentaje));
  } else {
    w.num(F.comunidadAutonoma, 0);
    w.num(F.porcentajeDeduccionCCAA, 0);
  }

  if (d.naturaleza !== 'F' && d.naturaleza !== 'J' && d.naturaleza !== 'E') {
    throw new Modelo182Error(registro, F.naturalezaDeclarado.name, `"${String(d.naturaleza)}" no es F, J ni E`);
  }
  w.alpha(F.naturalezaDeclarado, d.naturaleza);

  if (d.revocacion === true) {
    const year = d.ejercicioRevocacion;
    if (year === undefined || !Number.isInteger(year) || year < 1000 || year >= ejercicio) {
      throw new Modelo182Error(registro, F.ejercicioRevocacion.name, 'una revocación necesita el ejercicio anterior en que se donó');
    }
    w.alpha(F.revocacion, 'X');
    w.num(F.ejercicioRevocacion, year);
  } else {
    w.num(F.ejercicioRevocacion, 0);
  }
  w.num(F.recurrencia, declarante.naturaleza === 1 ? (d.recurrencia as number) : 0);
  return w.toString();
}

/** The file for the ejercicio: the type-1 record, then one type-2 record per entry, each followed by CR LF. */
export function buildModelo182(input: Modelo182Input): Buffer {
  const { ejercicio, declarante, declarados } = input;
  const registro = 'registro de tipo 1';
  if (!Number.isInteger(ejercicio) || ejercicio < 1000 || ejercicio > 9999) {
    throw new Modelo182Error(registro, D.ejercicio.name, `${ejercicio} no es un año`);
  }
  if (declarante.naturaleza !== 1 && declarante.naturaleza !== 2) {
    throw new Modelo182Error(registro, D.naturalezaDeclarante.name, `${String(declarante.naturaleza)} no es 1 ni 2`);
  }
  const w = new RecordWriter(registro);
  w.num(D.tipoRegistro, 1);
  w.num(D.modelo, 182);
  w.num(D.ejercicio, ejercicio);
  w.nif(D.nifDeclarante, declarante.nif);
  w.alpha(D.denominacion, requiredText(registro, D.denominacion, declarante.denominacion));
  w.alpha(D.tipoSoporte, 'T');
  const telefono = declarante.telefono.replace(/[\s.-]/g, '').replace(/^(\+|00)34/, '');
  if (!/^\d{9}$/.test(telefono)) throw new Modelo182Error(registro, D.telefonoContacto.name, `"${declarante.telefono}" no tiene 9 cifras`);
  w.num(D.telefonoContacto, telefono);
  w.alpha(D.personaContacto, requiredText(registro, D.personaContacto, declarante.personaContacto));

  const justificante = declarante.justificante ?? `182${ejercicio}000001`;
  if (!/^182\d{10}$/.test(justificante)) {
    throw new Modelo182Error(registro, D.justificante.name, `"${justificante}" no son 13 cifras que empiecen por 182`);
  }
  w.num(D.justificante, justificante);
  if (declarante.tipoDeclaracion !== undefined) {
    const anterior = declarante.justificanteAnterior ?? '';
    if (!/^182\d{10}$/.test(anterior) || anterior === justificante) {
      throw new Modelo182Error(
        registro,
        D.justificanteAnterior.name,
        'una declaración complementaria o sustitutiva necesita el justificante de la anterior',
      );
    }
    w.alpha(declarante.tipoDeclaracion === 'C' ? D.complementaria : D.sustitutiva, declarante.tipoDeclaracion);
    w.num(D.justificanteAnterior, anterior);
  } else {
    w.num(D.justificanteAnterior, 0);
  }

  const nifDeclarante = w.toString().slice(D.nifDeclarante.from - 1, D.nifDeclarante.to);
  const records: string[] = [];
  let total = 0n;
  declarados.forEach((d, i) => {
    records.push(declaradoRecord(input, nifDeclarante, d, i));
    if (d.revocacion !== true) total += BigInt(d.importeCentimos);
  });
  w.num(D.numeroRegistros, declarados.length);
  w.num(D.importeTotal, total);
  w.num(D.naturalezaDeclarante, declarante.naturaleza);

  const text = [w.toString(), ...records].map((r) => r + EOL).join('');
  return Buffer.from(text, 'latin1');
}
