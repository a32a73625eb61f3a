import {
  IDENTITY_TEXT_MAX_LENGTH,
  IMPORT_FIELDS,
  type ImportDateFormat,
  type ImportRowError,
  type ImportType,
  PERSON_ADDRESS_MAX,
  PERSON_CITY_MAX,
  PERSON_DOCUMENT_MAX,
  PERSON_NAME_MAX,
  PERSON_ROLES,
  PERSON_SURNAME_MAX,
  PET_AGE_MAX_LENGTH,
  PET_NAME_MAX_LENGTH,
  PET_TEXT_MAX_LENGTH,
  PROCEDENCIA_DETAIL_MAX_LENGTH,
  type PersonRole,
  type Procedencia,
  TAGS_MAX,
  TAG_MAX_LENGTH,
  importFieldLabels,
  importMessages,
  isValidFiscalId,
  normaliseFiscalId,
  textProblem,
} from '@refugio/contracts';
import { NO, ORIGINS, ROLES, SEXES, SIZES, SPECIES, YES } from './import-words';

/*
 * The importer's reading of a row (DESIGN section 18), pure: which field each column header suggests (Spanish
 * headers, Animal Shelter Manager's export, the pet list's own export), the words of species, sex and size, dates
 * and microchips read without ever storing them wrong, each problem told in Spanish with how to fix it.
 */

/** A header or a value without accents, case, punctuation or repeated spaces (`Nº` -> `no`, `Fecha de nacimiento`). */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const HEADERS: Record<'mascotas' | 'personas', Record<string, string>> = {
  mascotas: Object.fromEntries(
    Object.entries({
      id: ['no', 'n', 'numero', 'id refugio', 'no refugio'],
      codigo: ['id', 'codigo', 'code', 'referencia', 'ref', 'animalcode', 'sheltercode', 'codigo animal', 'expediente'],
      nombre: ['nombre', 'name', 'animalname', 'nombre del animal', 'nombre mascota', 'nombre de la mascota'],
      tipo: ['especie', 'tipo', 'animalspecies', 'species', 'speciesname'],
      genero: ['sexo', 'genero', 'animalsex', 'sex', 'sexname'],
      tamano: ['tamano', 'talla', 'animalsize', 'size', 'sizename'],
      edad: ['edad', 'age', 'animalage', 'animalagegroup'],
      fechaNacimiento: ['fecha de nacimiento', 'fecha nacimiento', 'nacimiento', 'f nacimiento', 'animaldob', 'dateofbirth', 'dob'],
      fechaIngreso: [
        'fecha de entrada',
        'fecha entrada',
        'fecha de ingreso',
        'fecha ingreso',
        'entrada',
        'ingreso',
        'f entrada',
        'animalentrydate',
        'datebroughtin',
        'mostrecententrydate',
      ],
      procedencia: [
        'procedencia',
        'origen',
        'motivo de entrada',
        'motivo de ingreso',
        'tipo de entrada',
        'tipo de ingreso',
        'animalentrytype',
        'entrytypename',
        'animalentrycategory',
        'entryreasonname',
      ],
      procedenciaDetalle: [
        'detalle de la procedencia',
        'detalle procedencia',
        'detalle del origen',
        'lugar de recogida',
        'animalreasonforentry',
        'reasonforentry',
        'animalpickuplocation',
      ],
      microchip: [
        'chip',
        'microchip',
        'no chip',
        'n chip',
        'numero de chip',
        'numero de microchip',
        'animalmicrochip',
        'microchipnumber',
        'identificacion',
      ],
      raza: ['raza', 'animalbreed', 'breed', 'breedname', 'breedname1'],
      color: ['color', 'capa', 'animalcolor', 'animalcolour', 'basecolour', 'basecolourname'],
      discapacidad: ['discapacidad', 'discapacitado'],
      etiquetas: ['etiquetas', 'tags'],
      personalidad: ['personalidad', 'caracter', 'temperamento'],
      historia: ['historia', 'descripcion', 'observaciones', 'comentarios', 'notas', 'animalcomments', 'animaldescription'],
      foto: ['foto', 'fotografia', 'imagen', 'archivo foto', 'archivo de la foto', 'photo', 'image', 'picture', 'animalphoto', 'photourl'],
    }).flatMap(([campo, names]) => names.map((n) => [n, campo])),
  ),
  personas: Object.fromEntries(
    Object.entries({
      codigo: ['id', 'codigo', 'code', 'personcode', 'referencia', 'no socio', 'numero de socio', 'no', 'n'],
      nombre: ['nombre', 'name', 'personfirstname', 'firstname', 'nombre de pila'],
      apellidos: ['apellidos', 'apellido', 'personlastname', 'lastname', 'surname'],
      email: ['email', 'e mail', 'correo', 'correo electronico', 'personemail', 'emailaddress', 'mail'],
      telefono: ['telefono', 'tel', 'telefono fijo', 'personhomephone', 'homephone', 'personworkphone'],
      movil: ['movil', 'telefono movil', 'celular', 'personmobilephone', 'mobilephone'],
      documento: ['dni', 'nie', 'dni nie', 'nif nie', 'documento', 'documento de identidad', 'pasaporte'],
      nif: ['nif', 'cif', 'nif cif', 'nif para hacienda', 'nif fiscal'],
      direccion: ['direccion', 'domicilio', 'address', 'personaddress'],
      ciudad: ['ciudad', 'localidad', 'poblacion', 'municipio', 'town', 'persontown'],
      codigoPostal: ['codigo postal', 'cp', 'c p', 'postcode', 'personpostcode', 'zipcode'],
      rol: ['rol', 'roles', 'tipo', 'relacion'],
    }).flatMap(([campo, names]) => names.map((n) => [n, campo])),
  ),
};

/**
 * The field each column suggests ('' for none): a mapping saved for the same header wins, then an own field whose
 * label is the header (`campo.<clave>`, accents and case aside), then the known names; each field once.
 */
export function suggestMapping(
  tipo: ImportType,
  columnas: string[],
  saved: Map<string, string>,
  ownHeaders: Record<string, string> = {},
  ownFields: readonly { campo: string; etiqueta: string }[] = [],
): Record<string, string> {
  const known = tipo === 'mascotas' || tipo === 'personas' ? HEADERS[tipo] : ownHeaders;
  const fields = new Set<string>([...IMPORT_FIELDS[tipo], ...ownFields.map((f) => f.campo)]);
  const byLabel = new Map(ownFields.map((f) => [fold(f.etiqueta), f.campo]));
  const used = new Set<string>();
  const mapping: Record<string, string> = {};
  for (const columna of columnas) {
    const key = fold(columna);
    const savedField = saved.get(key);
    const field = savedField !== undefined ? savedField : (byLabel.get(key) ?? known[key] ?? known[key.replace(/ /g, '')] ?? '');
    if (field !== '' && fields.has(field) && !used.has(field)) {
      mapping[columna] = field;
      used.add(field);
    } else mapping[columna] = '';
  }
  return mapping;
}

// Values: the words of each kind are in import-words.ts.

// ---------------------------------------------------------------------------------------------------------------
// Dates

const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/;

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How a column's slashed dates read when no format is given: day first unless some value can only be month first. */
export function dateOrderOf(values: string[]): 'dia' | 'ambigua' {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values) {
    const m = SLASHED.exec(value.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[2]) > 12) monthFirst = true;
  }
  return monthFirst && !dayFirst ? 'ambigua' : 'dia';
}

type Parsed<T> = { value: T } | { error: string };

/** A day as `aaaa-mm-dd`, or why not. `order`: the column's reading when no format is given (see `dateOrderOf`). */
export function parseDate(raw: string, formato: ImportDateFormat | undefined, order: 'dia' | 'ambigua', today: string): Parsed<string> {
  const value = raw.trim();
  const iso = ISO.exec(value);
  let day: string | null;
  if (iso && formato !== 'dd/mm/aaaa' && formato !== 'mm/dd/aaaa') {
    day = isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  } else {
    const m = SLASHED.exec(value);
    if (!m || formato === 'aaaa-mm-dd') return { error: importMessages.dateUnreadable(value) };
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (!formato && order === 'ambigua') return { error: importMessages.dateAmbiguous(value) };
    day = formato === 'mm/dd/aaaa' ? isoDay(year, a, b) : isoDay(year, b, a);
  }
  if (!day) return { error: importMessages.dateImpossible(value) };
  if (day < '1900-01-01' || day > today) return { error: importMessages.dateOutOfRange(value) };
  return { value: day };
}

// ---------------------------------------------------------------------------------------------------------------
// Microchips

/** 15 digits (spaces, dots and hyphens between groups ignored), or why not: a number in scientific notation or short of digits. */
export function parseMicrochip(raw: string): Parsed<string> {
  const value = raw.trim();
  if (/^\d+(?:[.,]\d+)?\s*e\s*\+?\s*\d+$/i.test(value)) return { error: importMessages.chipScientific(value) };
  const digits = value.replace(/[\s.-]/g, '');
  if (!/^\d+$/.test(digits)) return { error: importMessages.chipInvalid(value) };
  if (digits.length < 15) return { error: importMessages.chipShort(value, digits.length) };
  if (digits.length > 15) return { error: importMessages.chipInvalid(value) };
  return { value: digits };
}

// ---------------------------------------------------------------------------------------------------------------
// Rows

/** A pet as a row gives it. */
export interface PetRowValues {
  id?: number;
  codigo?: string;
  nombre: string;
  tipo: 'Perro' | 'Gato' | 'Conejo';
  genero: 'macho' | 'hembra';
  /** '' when the sheet does not say (never guessed). */
  tamano: 'chico' | 'mediano' | 'grande' | '';
  /** '' when the sheet gives neither an age nor a birth date. */
  edad: string;
  fechaNacimiento: string | null;
  fechaIngreso: string | null;
  /** Where it came from: told by its `ingreso` movement on fechaIngreso (DESIGN 16). */
  procedencia: Procedencia | null;
  procedenciaDetalle: string;
  microchip: string | null;
  raza: string;
  color: string;
  discapacidad: boolean;
  tags: string[];
  personalidad: string;
  historia: string;
  /** The name of its photo in the .zip, as the row writes it. */
  foto?: string;
  /** The organisation's own fields the row gives (`campo.<clave>` columns), checked against their definitions (import-custom-fields.ts). */
  campos: Record<string, string | number | boolean | string[]>;
}

/** A person as a row gives it (contact data as written: the persons port normalises it). */
export interface PersonRowValues {
  codigo?: string;
  nombre: string;
  apellidos: string;
  email: string | null;
  telefono: string | null;
  documento: string;
  direccion: string;
  ciudad: string;
  codigoPostal: string;
  roles: PersonRole[];
  /** A valid NIF, NIE or CIF, normalised (what the donor certificate and the modelo 182 need). */
  nif?: string;
  /** The organisation's own fields the row gives (`campo.<clave>` columns), checked against their definitions (import-custom-fields.ts). */
  campos: Record<string, string | number | boolean | string[]>;
}

/** One row's cells by field, with the column each came from. */
export interface MappedRow {
  fila: number;
  cells: Map<string, { columna: string; valor: string }>;
}

export interface RowContext {
  formato: ImportDateFormat | undefined;
  /** Per date field, the column's reading (see `dateOrderOf`). */
  orders: Record<string, 'dia' | 'ambigua'>;
  today: string;
}

export class RowErrors {
  readonly list: ImportRowError[] = [];
  constructor(private readonly row: MappedRow) {}
  add(field: string, mensaje: string) {
    this.list.push({
      fila: this.row.fila,
      columna: this.row.cells.get(field)?.columna ?? importFieldLabels[field as keyof typeof importFieldLabels] ?? field,
      mensaje,
    });
  }
}

/** A cell's text, checked for hostile characters and length ('' when the column is not mapped or the cell is empty). */
export function text(row: MappedRow, errors: RowErrors, field: string, max: number, lines: 'one' | 'multi' = 'one'): string {
  const value = (row.cells.get(field)?.valor ?? '').trim().replace(/^'(?=[=+\-@\t\r])/, '');
  if (value === '') return '';
  if (value.length > max || textProblem(value, lines)) {
    errors.add(field, importMessages.textInvalid(importFieldLabels[field as keyof typeof importFieldLabels]));
    return '';
  }
  return value;
}

/** A NIF, NIE or CIF with its check character verified, normalised; null when the cell is empty (or wrong: its error added). */
export function nifField(row: MappedRow, errors: RowErrors): string | null {
  const raw = text(row, errors, 'nif', 40);
  if (raw === '') return null;
  const n = normaliseFiscalId(raw);
  if (isValidFiscalId(n)) return n;
  errors.add('nif', importMessages.nifInvalid(raw));
  return null;
}

export function dateField(row: MappedRow, errors: RowErrors, field: string, context: RowContext): string | null {
  const raw = text(row, errors, field, 40);
  if (raw === '') return null;
  const parsed = parseDate(raw, context.formato, context.orders[field] ?? 'dia', context.today);
  if ('error' in parsed) {
    errors.add(field, parsed.error);
    return null;
  }
  return parsed.value;
}

export function words<T>(row: MappedRow, errors: RowErrors, field: string, table: Record<string, T>, options: string): T | undefined {
  const raw = text(row, errors, field, 60);
  if (raw === '') return undefined;
  const found = table[fold(raw)];
  if (found === undefined)
    errors.add(field, importMessages.valueUnknown(importFieldLabels[field as keyof typeof importFieldLabels].toLowerCase(), raw, options));
  return found;
}

/** "3 años" / "5 meses" from a birth date, for a file without an age. */
function ageFrom(birth: string, today: string): string {
  const [by, bm] = birth.split('-').map(Number) as [number, number];
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  const months = Math.max(0, (ty - by) * 12 + (tm - bm));
  if (months < 12) return `${months} ${months === 1 ? 'mes' : 'meses'}`;
  const years = Math.floor(months / 12);
  return `${years} ${years === 1 ? 'año' : 'años'}`;
}

/** A pet from a row (its own fields apart: import-custom-fields.ts), or its errors (a row with any error is skipped whole). */
export function readPetRow(row: MappedRow, context: RowContext): { values: Omit<PetRowValues, 'campos'> } | { errors: ImportRowError[] } {
  const errors = new RowErrors(row);
  const nombre = text(row, errors, 'nombre', PET_NAME_MAX_LENGTH);
  if (nombre === '' && errors.list.length === 0) errors.add('nombre', importMessages.required('el nombre'));
  const species = words(row, errors, 'tipo', SPECIES, 'Perro, Gato o Conejo (también Perra, Gata, Dog, Cat, Rabbit)');
  if (!species && !row.cells.get('tipo')?.valor.trim()) errors.add('tipo', importMessages.required('la especie'));
  const sex = words(row, errors, 'genero', SEXES, 'Macho o Hembra (también M, H, Male, Female)') ?? species?.genero;
  if (!sex && !row.cells.get('genero')?.valor.trim()) errors.add('genero', importMessages.required('el sexo'));
  const tamano = words(row, errors, 'tamano', SIZES, 'Chico, Mediano o Grande (también Pequeño, Small, Medium, Large)') ?? '';
  const fechaNacimiento = dateField(row, errors, 'fechaNacimiento', context);
  const fechaIngreso = dateField(row, errors, 'fechaIngreso', context);
  const procedencia =
    words(
      row,
      errors,
      'procedencia',
      ORIGINS,
      'Abandono, Cesión, Rescate, Extraviado, Nacimiento, Traslado, Decomiso u Otra (también Stray, Surrender, Transfer In)',
    ) ?? null;
  const procedenciaDetalle = text(row, errors, 'procedenciaDetalle', PROCEDENCIA_DETAIL_MAX_LENGTH);
  let microchip: string | null = null;
  const chipText = text(row, errors, 'microchip', 60);
  if (chipText !== '') {
    const parsed = parseMicrochip(chipText);
    if ('error' in parsed) errors.add('microchip', parsed.error);
    else microchip = parsed.value;
  }
  const edad = text(row, errors, 'edad', PET_AGE_MAX_LENGTH) || (fechaNacimiento ? ageFrom(fechaNacimiento, context.today) : '');
  const discapacidadText = text(row, errors, 'discapacidad', 20);
  let discapacidad = false;
  if (discapacidadText !== '') {
    const f = fold(discapacidadText);
    if (YES.has(f)) discapacidad = true;
    else if (!NO.has(f)) errors.add('discapacidad', importMessages.valueUnknown('discapacidad', discapacidadText, 'Sí o No'));
  }
  const tags = text(row, errors, 'etiquetas', TAGS_MAX * (TAG_MAX_LENGTH + 2))
    .split(/[,;]/)
    .map((t) => t.trim().replace(/^'(?=[=+\-@])/, ''))
    .filter((t) => t !== '');
  if (tags.length > TAGS_MAX || tags.some((t) => t.length > TAG_MAX_LENGTH)) errors.add('etiquetas', importMessages.textInvalid('Etiquetas'));
  const idText = text(row, errors, 'id', 12);
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : undefined;
  const codigo = text(row, errors, 'codigo', 100) || undefined;
  const foto = text(row, errors, 'foto', 255) || undefined;
  const values: Omit<PetRowValues, 'campos'> = {
    ...(id !== undefined ? { id } : {}),
    ...(foto !== undefined ? { foto } : {}),
    ...(codigo !== undefined ? { codigo } : {}),
    nombre,
    tipo: species?.tipo ?? 'Perro',
    genero: sex ?? 'macho',
    tamano,
    edad,
    fechaNacimiento,
    fechaIngreso,
    procedencia,
    procedenciaDetalle,
    microchip,
    raza: text(row, errors, 'raza', IDENTITY_TEXT_MAX_LENGTH),
    color: text(row, errors, 'color', IDENTITY_TEXT_MAX_LENGTH),
    discapacidad,
    tags: [...new Set(tags)],
    personalidad: text(row, errors, 'personalidad', PET_TEXT_MAX_LENGTH, 'multi'),
    historia: text(row, errors, 'historia', PET_TEXT_MAX_LENGTH, 'multi'),
  };
  return errors.list.length > 0 ? { errors: errors.list } : { values };
}

/**
 * A person from a row (its own fields apart: import-custom-fields.ts), or its errors. Contact data is checked by
 * the persons port (normalised as it stores it).
 */
export function readPersonRow(row: MappedRow): { values: Omit<PersonRowValues, 'campos'> } | { errors: ImportRowError[] } {
  const errors = new RowErrors(row);
  const nombre = text(row, errors, 'nombre', PERSON_NAME_MAX);
  if (nombre === '' && errors.list.length === 0) errors.add('nombre', importMessages.required('el nombre'));
  const email = text(row, errors, 'email', 254) || null;
  const telefono = text(row, errors, 'telefono', 40) || text(row, errors, 'movil', 40) || null;
  if (!email && !telefono && errors.list.length === 0) errors.add(row.cells.has('email') ? 'email' : 'telefono', importMessages.contactMissing);
  const nif = nifField(row, errors);
  const roles: PersonRole[] = [];
  for (const word of text(row, errors, 'rol', 200).split(/[,;/]/)) {
    if (word.trim() === '') continue;
    const role = ROLES[fold(word)];
    if (!role) errors.add('rol', importMessages.valueUnknown('rol', word.trim(), PERSON_ROLES.join(', ')));
    else if (!roles.includes(role)) roles.push(role);
  }
  const values: Omit<PersonRowValues, 'campos'> = {
    ...(text(row, errors, 'codigo', 100) ? { codigo: text(row, errors, 'codigo', 100) } : {}),
    nombre,
    apellidos: text(row, errors, 'apellidos', PERSON_SURNAME_MAX),
    email,
    telefono,
    documento: text(row, errors, 'documento', PERSON_DOCUMENT_MAX),
    direccion: text(row, errors, 'direccion', PERSON_ADDRESS_MAX),
    ciudad: text(row, errors, 'ciudad', PERSON_CITY_MAX),
    codigoPostal: text(row, errors, 'codigoPostal', 10),
    roles,
    ...(nif ? { nif } : {}),
  };
  return errors.list.length > 0 ? { errors: errors.list } : { values };
}
