import {
  GIFT_REFERENCE_MAX,
  type GiftConcept,
  type HistoryActor,
  type ImportDateFormat,
  type ImportDuplicate,
  type ImportRowError,
  type MoneyMethod,
  PERSON_NAME_MAX,
  PERSON_SURNAME_MAX,
  importMessages,
  parseEurosToCents,
} from '@refugio/contracts';
import type { Database, Tx } from '../../db/client';
import type { DonationsPort } from '../donations/donations.port';
import type { PersonsPort } from '../persons/persons.port';
import { type MappedRow, RowErrors, dateField, nifField, text, words } from './import-fields';
import { type PlannedRow, columnOf, context, isEmpty, mapped, repeats } from './import-plan';
import { createImporterRepository } from './importer.repository';

/*
 * Gifts from a spreadsheet (DESIGN sections 15 and 18): each row a sum received on a day, in integer cents read digit
 * by digit, from a donor found by NIF first, then by the linking rule of section 10 (first name and e-mail or phone),
 * or created; a row without any donor is an anonymous gift. A gift the donor already has (same day and amount, not
 * annulled), or the file's own receipt number imported before, is a duplicate: the same file twice creates nothing.
 */

/** Header names of a gifts sheet (Spanish, a bank's or a fundraising tool's export, Animal Shelter Manager's). */
export const GIFT_HEADERS: Record<string, string> = Object.fromEntries(
  Object.entries({
    codigo: [
      'id',
      'codigo',
      'no',
      'n',
      'numero',
      'recibo',
      'no recibo',
      'n recibo',
      'numero de recibo',
      'id donativo',
      'id donacion',
      'receipt',
      'receiptnumber',
    ],
    nombre: ['nombre', 'donante', 'nombre del donante', 'nombre donante', 'name', 'firstname', 'personfirstname', 'nombre de pila'],
    apellidos: ['apellidos', 'apellido', 'apellidos del donante', 'lastname', 'surname', 'personlastname'],
    nif: ['nif', 'dni', 'nie', 'cif', 'nif nie', 'dni nie', 'nif cif', 'nif del donante', 'dni del donante', 'documento', 'documento de identidad'],
    email: ['email', 'e mail', 'correo', 'correo electronico', 'mail', 'personemail', 'emailaddress'],
    telefono: ['telefono', 'tel', 'movil', 'telefono movil', 'personmobilephone', 'personhomephone', 'mobilephone'],
    fecha: [
      'fecha',
      'fecha del donativo',
      'fecha donativo',
      'fecha de la donacion',
      'fecha de cobro',
      'fecha cobro',
      'fecha valor',
      'fecha operacion',
      'date',
      'donationdate',
      'date received',
    ],
    importe: ['importe', 'cantidad', 'euros', 'importe eur', 'importe euros', 'donativo', 'donacion', 'amount', 'donation', 'ownerdonationamount'],
    metodo: ['forma de pago', 'metodo', 'metodo de pago', 'medio de pago', 'pago', 'via', 'payment method', 'paymentmethod', 'donationpaymentname'],
    concepto: ['concepto', 'tipo', 'tipo de donativo', 'tipo de ingreso', 'campana', 'donationname', 'donationtype'],
    referencia: ['referencia', 'notas', 'observaciones', 'comentarios', 'comments', 'comentario'],
  }).flatMap(([campo, names]) => names.map((n) => [n, campo])),
);

const METHODS: Record<string, MoneyMethod> = {
  transferencia: 'transferencia',
  'transferencia bancaria': 'transferencia',
  transfer: 'transferencia',
  'bank transfer': 'transferencia',
  banco: 'transferencia',
  bizum: 'bizum',
  tarjeta: 'tarjeta',
  'tarjeta de credito': 'tarjeta',
  tpv: 'tarjeta',
  card: 'tarjeta',
  'credit card': 'tarjeta',
  paypal: 'tarjeta',
  efectivo: 'efectivo',
  metalico: 'efectivo',
  cash: 'efectivo',
  hucha: 'efectivo',
  domiciliacion: 'domiciliacion',
  'domiciliacion bancaria': 'domiciliacion',
  domiciliado: 'domiciliacion',
  recibo: 'domiciliacion',
  'recibo domiciliado': 'domiciliacion',
  sepa: 'domiciliacion',
  'direct debit': 'domiciliacion',
};

const CONCEPTS: Record<string, GiftConcept> = {
  donativo: 'donativo',
  donacion: 'donativo',
  puntual: 'donativo',
  'donativo puntual': 'donativo',
  donation: 'donativo',
  cuota: 'cuota',
  'cuota de socio': 'cuota',
  socio: 'cuota',
  socia: 'cuota',
  membership: 'cuota',
  apadrinamiento: 'apadrinamiento',
  padrino: 'apadrinamiento',
  madrina: 'apadrinamiento',
  sponsorship: 'apadrinamiento',
  teaming: 'teaming',
  evento: 'evento',
  mercadillo: 'evento',
  rifa: 'evento',
  event: 'evento',
  otro: 'otro',
  otros: 'otro',
  other: 'otro',
};

/** A gift as a row gives it: the donor as written (NIF and contact normalised), or none (anonymous). */
export interface GiftRowValues {
  codigo?: string;
  donante: {
    nombre: string;
    apellidos: string;
    nif: string | null;
    email: string | null;
    telefono: string | null;
  } | null;
  importeCentimos: number;
  fecha: string;
  metodo: MoneyMethod;
  concepto: GiftConcept;
  referencia: string;
}

/**
 * An amount of money received in integer cents, or why not: "12,50", "12.50", "1.234,56 €" are read; a negative,
 * zero, or "1.234" (thousands or decimals?) is refused telling how to write it.
 */
export function parseAmount(raw: string): { value: number } | { error: string } {
  const value = raw.trim();
  const bare = value
    .replace(/[\s\u00a0]/g, '')
    .replace(/^(?:€|eur)/i, '')
    .replace(/(?:€|eur|euros)$/i, '');
  if (/^-|-$|^\(.*\)$/.test(bare)) return { error: importMessages.amountNegative(value) };
  if (/^0+(?:[.,]0{1,2})?$/.test(bare)) return { error: importMessages.amountZero(value) };
  const cents = parseEurosToCents(bare);
  if (cents !== null) return { value: cents };
  if (/^\d{1,3}(?:[.,]\d{3})+$/.test(bare)) return { error: importMessages.amountAmbiguous(value) };
  return { error: importMessages.amountInvalid(value) };
}

type Normalise = PersonsPort['normaliseImported'];

/** A gift from a row, or its errors (a row with any error is skipped whole). */
export function readGiftRow(
  row: MappedRow,
  ctx: ReturnType<typeof context>,
  normalise: Normalise,
): { values: GiftRowValues } | { errors: ImportRowError[] } {
  const errors = new RowErrors(row);
  const nombre = text(row, errors, 'nombre', PERSON_NAME_MAX);
  const apellidos = text(row, errors, 'apellidos', PERSON_SURNAME_MAX);
  const nif = nifField(row, errors);
  const documento = row.cells.get('nif')?.valor.trim() ?? '';
  const emailText = text(row, errors, 'email', 254) || null;
  const telefonoText = text(row, errors, 'telefono', 40) || null;
  const contact = normalise(emailText, telefonoText);
  if (!contact.valido) errors.add(emailText && !contact.email ? 'email' : 'telefono', importMessages.contactInvalid);
  const identified = documento !== '' || emailText !== null || telefonoText !== null;
  if (identified && nombre === '') errors.add('nombre', importMessages.required('el nombre del donante'));
  if (!identified && nombre !== '') errors.add('nombre', importMessages.donorUnidentified);
  const fecha = dateField(row, errors, 'fecha', ctx);
  if (fecha === null && !(row.cells.get('fecha')?.valor.trim() ?? '')) errors.add('fecha', importMessages.required('la fecha'));
  const importeText = text(row, errors, 'importe', 40);
  let importeCentimos = 0;
  if (importeText === '') errors.add('importe', importMessages.required('el importe'));
  else {
    const parsed = parseAmount(importeText);
    if ('error' in parsed) errors.add('importe', parsed.error);
    else importeCentimos = parsed.value;
  }
  const metodo = words(row, errors, 'metodo', METHODS, 'Transferencia, Bizum, Tarjeta, Efectivo o Domiciliación') ?? 'transferencia';
  const concepto = words(row, errors, 'concepto', CONCEPTS, 'Donativo, Cuota, Apadrinamiento, Teaming, Evento u Otro') ?? 'donativo';
  const referencia = text(row, errors, 'referencia', GIFT_REFERENCE_MAX);
  const codigo = text(row, errors, 'codigo', 100) || undefined;
  if (errors.list.length > 0) return { errors: errors.list };
  return {
    values: {
      ...(codigo !== undefined ? { codigo } : {}),
      donante: identified ? { nombre, apellidos, nif, email: contact.email, telefono: contact.telefono } : null,
      importeCentimos,
      fecha: fecha!,
      metodo,
      concepto,
      referencia,
    },
  };
}

/** The donor's key within one file (the same donor written twice is one person). */
const donorKey = (d: GiftRowValues['donante']) => (d === null ? 'anonimo' : (d.nif ?? d.email ?? `tel:${d.telefono}`));

export function planGifts(
  columnas: string[],
  filas: string[][],
  mapeo: Record<string, string>,
  formato: ImportDateFormat | undefined,
  today: string,
  normalise: Normalise,
): PlannedRow<GiftRowValues>[] {
  const ctx = context(columnas, filas, mapeo, formato, today);
  const rows = mapped(columnas, filas, mapeo).map((row, i): PlannedRow<GiftRowValues> => {
    if (isEmpty(filas[i]!)) return { fila: row.fila, vacia: true };
    const read = readGiftRow(row, ctx, normalise);
    return 'values' in read ? { fila: row.fila, values: read.values } : { fila: row.fila, errors: read.errors };
  });
  const byCode = repeats(
    rows,
    (v) => v.codigo,
    columnOf(columnas, mapeo, 'codigo'),
    (fila) => `El mismo número de recibo está también en la fila ${fila}.`,
  );
  return repeats(
    byCode,
    (v) => (v.codigo === undefined ? `${donorKey(v.donante)}|${v.fecha}|${v.importeCentimos}` : undefined),
    columnOf(columnas, mapeo, 'importe'),
    importMessages.giftRepeated,
  );
}

type Persons = Pick<PersonsPort, 'byIdentifiers' | 'matchImported'>;
type Gifts = Pick<DonationsPort, 'importMatches'>;

/** The donor of each row as things stand: a person's id, null for an anonymous gift, or 'nuevo' (will be created). */
export async function matchDonors(persons: Persons, handle: Database | Tx, rows: GiftRowValues[]): Promise<(number | null | 'nuevo')[]> {
  const nifs = [...new Set(rows.flatMap((v) => (v.donante?.nif ? [v.donante.nif] : [])))];
  const byNif = new Map<string, number>();
  for (let i = 0; i < nifs.length; i += 1000) {
    for (const p of await persons.byIdentifiers(handle, { nifs: nifs.slice(i, i + 1000), emails: [], telefonos: [] })) {
      for (const por of p.por) if (por.tipo === 'nif' && !byNif.has(por.valor)) byNif.set(por.valor, p.id);
    }
  }
  const byContact = rows
    .map((v, i) => ({ v, i }))
    .filter(({ v }) => v.donante && !(v.donante.nif && byNif.has(v.donante.nif)) && (v.donante.email || v.donante.telefono));
  const linked = await persons.matchImported(
    handle,
    byContact.map(({ v }) => ({
      ...v.donante!,
      nif: v.donante!.nif ?? undefined,
      documento: '',
      direccion: '',
      ciudad: '',
      codigoPostal: '',
      roles: [],
    })),
  );
  const contactOf = new Map(byContact.map(({ i }, k) => [i, linked[k]!.personaId]));
  return rows.map((v, i) => {
    if (v.donante === null) return null;
    if (v.donante.nif && byNif.has(v.donante.nif)) return byNif.get(v.donante.nif)!;
    return contactOf.get(i) ?? 'nuevo';
  });
}

/** The existing gift (not annulled) that a row repeats: same donor (or anonymous), day and cents. */
export async function existingGifts(gifts: Gifts, handle: Database | Tx, keys: { personaId: number | null; fecha: string }[]) {
  const found = await gifts.importMatches(
    handle,
    [...new Set(keys.flatMap((k) => (k.personaId === null ? [] : [k.personaId])))],
    [...new Set(keys.flatMap((k) => (k.personaId === null ? [k.fecha] : [])))],
  );
  const byKey = new Map<string, number>();
  for (const g of found) byKey.set(`${g.personaId ?? 'anonimo'}|${g.fecha}|${g.importeCentimos}`, g.id);
  return (personaId: number | null, v: GiftRowValues) => byKey.get(`${personaId ?? 'anonimo'}|${v.fecha}|${v.importeCentimos}`);
}

/** The dry run's figures of gift rows (`taken`: the file's receipt numbers imported before, with their gift). */
export async function giftDryRun(
  persons: Persons,
  gifts: Gifts,
  handle: Database,
  rows: { fila: number; values: GiftRowValues }[],
  taken: Map<string, number>,
) {
  const duplicados: ImportDuplicate[] = [];
  let crear = 0;
  let omitir = 0;
  const donors = await matchDonors(
    persons,
    handle,
    rows.map((r) => r.values),
  );
  const known = rows.flatMap((r, i) => (donors[i] !== 'nuevo' ? [{ personaId: donors[i] as number | null, fecha: r.values.fecha }] : []));
  const existing = await existingGifts(gifts, handle, known);
  rows.forEach(({ fila, values: v }, i) => {
    const donor = donors[i]!;
    const byCode = v.codigo !== undefined ? taken.get(v.codigo) : undefined;
    const same = byCode ?? (donor === 'nuevo' ? undefined : existing(donor, v));
    if (same !== undefined) {
      duplicados.push({ fila, motivo: byCode !== undefined ? importMessages.duplicateCode : importMessages.giftDuplicate, existenteId: same });
      omitir++;
    } else crear++;
  });
  return { crear, omitir, duplicados };
}

/**
 * One gift row of the job, in its transaction: omitted when its receipt number was imported before or the donor has
 * it already; else its donor is found or created (the person's history names the file and row) and the gift stored.
 */
export async function importGiftRow(
  persons: Persons & Pick<PersonsPort, 'importPerson'>,
  gifts: Gifts & Pick<DonationsPort, 'createImported'>,
  tx: Tx,
  importId: string,
  v: GiftRowValues,
  actor: HistoryActor,
  origen: string,
): Promise<{ resultado: 'omitido' | 'creado'; entidadId: number; version?: number }> {
  const repo = createImporterRepository(tx);
  if (v.codigo) {
    const taken = (await repo.keysOf('donativos', [v.codigo])).get(v.codigo);
    if (taken !== undefined) return { resultado: 'omitido', entidadId: taken };
  }
  // Persons created by earlier rows of this transaction are found too (the same donor twice is one person).
  let personaId = (await matchDonors(persons, tx, [v]))[0]!;
  if (personaId !== 'nuevo') {
    const same = (await existingGifts(gifts, tx, [{ personaId, fecha: v.fecha }]))(personaId, v);
    if (same !== undefined) return { resultado: 'omitido', entidadId: same };
    // A donor found by name and contact who has no NIF gains the file's (the certificate and the modelo 182 need it);
    // one with another NIF was not trusted above. The person's history names the file and row.
    const donor = v.donante;
    if (donor?.nif && (await persons.byIdentifiers(tx, { nifs: [donor.nif], emails: [], telefonos: [] })).length === 0) {
      await persons.importPerson(
        tx,
        { ...donor, nif: donor.nif, documento: '', direccion: '', ciudad: '', codigoPostal: '', roles: [] },
        actor,
        origen,
      );
    }
  } else {
    const { nif, ...d } = v.donante!;
    const done = await persons.importPerson(
      tx,
      { ...d, documento: '', direccion: '', ciudad: '', codigoPostal: '', roles: [], ...(nif ? { nif } : {}) },
      actor,
      origen,
    );
    personaId = done.personaId;
  }
  const { importeCentimos, fecha, metodo, concepto, referencia } = v;
  const created = await gifts.createImported(tx, { personaId, importeCentimos, fecha, metodo, concepto, referencia }, actor, origen);
  if (v.codigo) await repo.saveKey('donativos', v.codigo, created.id, importId);
  return { resultado: 'creado', entidadId: created.id, version: created.version };
}
