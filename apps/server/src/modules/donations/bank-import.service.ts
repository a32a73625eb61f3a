import { createHash, randomUUID } from 'node:crypto';
import {
  BANK_IMPORT_TTL_HOURS,
  BANK_MATCH_REASONS,
  BANK_STATEMENT_MAX_MOVEMENTS,
  type BankImport,
  type BankImportConfirmInput,
  type BankImportResult,
  type BankMatchReason,
  type BankMovement,
  type GiftConcept,
  MONEY_MAX_CENTS,
  GIFT_REFERENCE_MAX,
  type MoneyMethod,
  bankImportMessages,
  bankMatchReasonLabels,
  centsToEuros,
  dayInZone,
  deductibleByDefault,
} from '@refugio/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, userActor } from '../history/history.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import type { BankImportRepository, FeeOfIban } from './bank-import.repository';
import { StatementError, parseBankStatement } from './bank-statements';
import { giftConceptOf, giftMethodOf, identifiersIn, importKeys, maskIbansIn } from './statement-matching';

/** An incoming movement of a dry run as kept until its confirmation (`bank_import.movimientos`). */
export interface PendingMovement {
  fila: number;
  fecha: string;
  importeCentimos: number;
  /** The bank's texts with every IBAN masked. */
  concepto: string;
  referencia: string;
  /** See `importKeys`. */
  clave: string;
  coincidencia?: { personaId: number; nombre: string; motivo: BankMatchReason; cuotaId?: number; mascotaId?: number };
  aviso?: string;
  propuesta: { concepto: GiftConcept; metodo: MoneyMethod };
}

export interface BankImportDeps {
  repo: BankImportRepository;
  persons: Pick<PersonsPort, 'byIdentifiers' | 'contactOf' | 'rolesOf' | 'addRole'>;
  history: Pick<HistoryPort, 'record'>;
  /** The organisation's time zone: a movement dated after its today is not money received (donations.port.ts). */
  timeZone: TimeZoneSource;
  clock?: () => Date;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', { message, fieldErrors: { [field]: message } });
const byReason = (a: BankMatchReason, b: BankMatchReason) => BANK_MATCH_REASONS.indexOf(a) - BANK_MATCH_REASONS.indexOf(b);

/** The fee an IBAN names for a person: an active one first, else the most recent. */
function feeFor(fees: FeeOfIban[], personaId: number): FeeOfIban | undefined {
  const own = fees.filter((f) => f.personaId === personaId);
  return own.find((f) => f.estado === 'activa') ?? own.at(-1);
}

/**
 * Bank statements into gifts (DESIGN section 15): a dry run that reads the file, matches each incoming movement to a
 * person by an identifier written in it, and keeps the result for 24 hours; then a confirmation that stores the
 * chosen movements as gifts, each once whatever happens (a unique import key per movement).
 */
export function createBankImportService({ repo, persons, history, timeZone, clock = () => new Date() }: BankImportDeps) {
  const today = async () => dayInZone(clock(), await timeZone(repo.handle));

  /** Who each movement's text names: one person (with the strongest reason), none, or several (no match, and why). */
  async function resolve(rawTexts: string[], pending: Omit<PendingMovement, 'coincidencia' | 'aviso' | 'propuesta'>[]): Promise<PendingMovement[]> {
    const ids = rawTexts.map((text) => identifiersIn(text));
    const all = (pick: (i: (typeof ids)[number]) => string[]) => [...new Set(ids.flatMap(pick))];
    const fees = await repo.feesOfIbans(all((i) => i.ibans));
    const people = await persons.byIdentifiers(repo.handle, {
      nifs: all((i) => i.nifs),
      emails: all((i) => i.emails),
      telefonos: all((i) => i.telefonos),
    });
    // Persons found only through a fee: their names, and whether they are still live.
    const feePersons = new Map<number, string | null>();
    for (const personaId of new Set(fees.map((f) => f.personaId))) {
      const contact = await persons.contactOf(repo.handle, personaId);
      feePersons.set(personaId, contact && !contact.anonimizada ? `${contact.nombre} ${contact.apellidos}`.trim() : null);
    }

    return pending.map((movement, index) => {
      const mine = ids[index]!;
      const text = `${movement.concepto} ${movement.referencia}`;
      const candidates = new Map<number, { nombre: string; motivos: BankMatchReason[] }>();
      const add = (personaId: number, nombre: string, motivo: BankMatchReason) => {
        const entry = candidates.get(personaId) ?? { nombre, motivos: [] };
        if (!entry.motivos.includes(motivo)) entry.motivos.push(motivo);
        candidates.set(personaId, entry);
      };
      for (const f of fees) {
        const nombre = feePersons.get(f.personaId);
        if (mine.ibans.includes(f.iban) && nombre) add(f.personaId, nombre, 'iban');
      }
      for (const p of people) {
        for (const { tipo, valor } of p.por) {
          const values = tipo === 'nif' ? mine.nifs : tipo === 'email' ? mine.emails : mine.telefonos;
          if (values.includes(valor)) add(p.id, p.nombre, tipo);
        }
      }
      const propuesta = { concepto: giftConceptOf(text), metodo: giftMethodOf(text) };
      if (candidates.size === 1) {
        const [personaId, { nombre, motivos }] = [...candidates][0]!;
        const motivo = motivos.sort(byReason)[0]!;
        const fee = motivos.includes('iban')
          ? feeFor(
              fees.filter((f) => mine.ibans.includes(f.iban)),
              personaId,
            )
          : undefined;
        return {
          ...movement,
          coincidencia: {
            personaId,
            nombre,
            motivo,
            ...(fee ? { cuotaId: fee.id } : {}),
            ...(fee?.tipo === 'padrino' && fee.petId !== null ? { mascotaId: fee.petId } : {}),
          },
          propuesta: { ...propuesta, concepto: giftConceptOf(text, fee?.tipo) },
        };
      }
      if (candidates.size > 1) {
        const detail = [...candidates.values()]
          .flatMap(({ nombre, motivos }) => motivos.map((m) => `${bankMatchReasonLabels[m]}: ${nombre}`))
          .join('; ');
        return { ...movement, aviso: bankImportMessages.ambiguous(detail), propuesta };
      }
      const named = mine.ibans.length + mine.nifs.length + mine.emails.length + mine.telefonos.length > 0;
      return { ...movement, aviso: named ? bankImportMessages.nobodyNamed : bankImportMessages.noIdentifier, propuesta };
    });
  }

  /** Which of these movements are stored already: by their import key, or as a gift entered by hand with the bank's reference. */
  async function storedAlready(handle: BankImportRepository, movements: PendingMovement[]): Promise<Set<string>> {
    const keys = await handle.importedKeys(movements.map((m) => m.clave));
    const withReference = movements.filter((m) => m.referencia !== '');
    if (withReference.length > 0) {
      const dates = withReference.map((m) => m.fecha).sort();
      const byHand = await handle.handEnteredWithReference([...new Set(withReference.map((m) => storedReference(m)))], dates[0]!, dates.at(-1)!);
      const same = new Set(byHand.map((g) => `${g.fecha}|${g.importeCentimos}|${g.referencia}`));
      for (const m of withReference) if (same.has(`${m.fecha}|${m.importeCentimos}|${storedReference(m)}`)) keys.add(m.clave);
    }
    return keys;
  }

  function toWire(
    row: { id: string; archivo: string; formato: string; caducaEn: Date; ignorados: number },
    movements: PendingMovement[],
    stored: Set<string>,
    day: string,
  ): BankImport {
    return {
      id: row.id,
      archivo: row.archivo,
      formato: row.formato as BankImport['formato'],
      caducaEn: row.caducaEn.toISOString(),
      ignorados: row.ignorados,
      movimientos: movements.map((m): BankMovement => {
        const duplicate = stored.has(m.clave);
        const future = !duplicate && m.fecha > day;
        return {
          fila: m.fila,
          fecha: m.fecha,
          importe: centsToEuros(m.importeCentimos),
          importeCentimos: m.importeCentimos,
          concepto: m.concepto,
          ...(m.referencia === '' ? {} : { referencia: m.referencia }),
          ...(m.coincidencia
            ? { coincidencia: { personaId: m.coincidencia.personaId, nombre: m.coincidencia.nombre, motivo: m.coincidencia.motivo } }
            : {}),
          estado: duplicate ? 'duplicado' : future ? 'futuro' : m.coincidencia ? 'nuevo' : 'sin_persona',
          ...(duplicate
            ? { aviso: bankImportMessages.alreadyStored }
            : future
              ? { aviso: bankImportMessages.futureDate }
              : m.aviso
                ? { aviso: m.aviso }
                : {}),
          propuesta: m.propuesta,
        };
      }),
    };
  }

  return {
    /** `POST /api/donativos/importar`: the dry run; stores nothing but the pending import. Not a statement: 400. */
    async previewImport(actor: SessionUser, file: { fileName: string; data: Buffer }): Promise<BankImport> {
      let statement;
      try {
        statement = parseBankStatement(file.data, file.fileName);
      } catch (error) {
        if (error instanceof StatementError) throw invalid('archivo', error.message);
        throw error;
      }
      const credits = statement.movimientos.filter((m) => m.importeCentimos > 0 && m.importeCentimos <= MONEY_MAX_CENTS);
      if (credits.length === 0) throw invalid('archivo', bankImportMessages.noCredits);
      // Before any query: a dry run's work grows with its movements (DESIGN section 15, the statement's limit).
      if (credits.length > BANK_STATEMENT_MAX_MOVEMENTS) throw invalid('archivo', bankImportMessages.tooManyMovements);
      const masked = credits.map((m) => ({ ...m, concepto: maskIbansIn(m.concepto), referencia: maskIbansIn(m.referencia) }));
      const keys = importKeys(masked);
      const movements = await resolve(
        credits.map((m) => `${m.concepto} \u2022 ${m.referencia}`),
        masked.map((m, i) => ({ ...m, clave: keys[i]! })),
      );
      const now = clock();
      const row = {
        id: randomUUID(),
        archivo: file.fileName.slice(0, 255) || 'extracto',
        hash: createHash('sha256').update(file.data).digest('hex'),
        formato: statement.formato,
        movimientos: movements,
        ignorados: statement.movimientos.length - credits.length,
        createdBy: actor.id,
        caducaEn: new Date(now.getTime() + BANK_IMPORT_TTL_HOURS * 3600_000),
      };
      await repo.transaction(async (tx) => {
        await tx.deleteExpired(now);
        await tx.insertImport(row);
      });
      return toWire(row, movements, await storedAlready(repo, movements), await today());
    },

    /**
     * `POST /api/donativos/importar/{id}/confirmar`: stores the chosen movements as gifts in one transaction, each with
     * its history event; one already stored (by anyone, even at this very moment) is counted, never stored twice.
     */
    async confirmImport(actor: SessionUser, id: string, input: BankImportConfirmInput): Promise<BankImportResult> {
      const row = await repo.findImport(id, clock());
      if (!row) throw new AppError('NOT_FOUND', { message: bankImportMessages.notFound });
      const movements = row.movimientos as PendingMovement[];
      const byRow = new Map(movements.map((m) => [m.fila, m]));
      // fila -> the person chosen for it (undefined: the proposed match, or anonymous without one).
      const chosen = new Map<number, number | undefined>();
      // A movement dated after today is not money received: never stored (chosen by name: 400).
      const day = await today();
      if (input.filas === undefined) {
        for (const m of movements) if (m.coincidencia && m.fecha <= day) chosen.set(m.fila, undefined);
      } else {
        for (const choice of input.filas) {
          const fila = typeof choice === 'number' ? choice : choice.fila;
          if (!byRow.has(fila)) throw invalid('filas', bankImportMessages.rowNotInImport(fila));
          if (byRow.get(fila)!.fecha > day) throw invalid('filas', bankImportMessages.rowInFuture(fila));
          chosen.set(fila, typeof choice === 'number' ? undefined : choice.personaId);
        }
      }
      // Locks in one global order, so that two confirmations never wait for each other crosswise: the gifts by their
      // import key (the unique index makes a second insert of a key wait for the first), then the persons by id.
      const key = (fila: number) => byRow.get(fila)!.clave;
      const rows = [...chosen].sort(([a], [b]) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      return repo.transaction(async (tx) => {
        const stored = await storedAlready(
          tx,
          rows.map(([fila]) => byRow.get(fila)!),
        );
        let creados = 0;
        let duplicados = 0;
        const donors = new Set<number>();
        for (const [fila, override] of rows) {
          const m = byRow.get(fila)!;
          if (stored.has(m.clave)) {
            duplicados++;
            continue;
          }
          const personaId = override ?? m.coincidencia?.personaId ?? null;
          if (personaId !== null) await livePerson(tx.handle, personaId);
          const ownMatch = m.coincidencia !== undefined && m.coincidencia.personaId === personaId;
          const concepto = ownMatch || personaId === null ? m.propuesta.concepto : giftConceptOf(m.concepto);
          const gift = await tx.insertImportedGift({
            personaId,
            importeCentimos: m.importeCentimos,
            fecha: m.fecha,
            metodo: m.propuesta.metodo,
            concepto,
            feeId: ownMatch ? (m.coincidencia?.cuotaId ?? null) : null,
            petId: ownMatch ? (m.coincidencia?.mascotaId ?? null) : null,
            referencia: storedReference(m),
            estado: 'registrado',
            deducible: deductibleByDefault(concepto),
            importClave: m.clave,
            createdBy: actor.id,
            updatedBy: actor.id,
          });
          if (!gift) {
            duplicados++;
            continue;
          }
          creados++;
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'donativo',
            entidadId: gift.id,
            accion: 'crear',
            cambios: {
              ...(gift.personaId === null ? {} : { personaId: [null, gift.personaId] }),
              importe: [null, centsToEuros(gift.importeCentimos)],
              fecha: [null, gift.fecha],
              metodo: [null, gift.metodo],
              concepto: [null, gift.concepto],
              ...(gift.feeId === null ? {} : { cuotaId: [null, gift.feeId] }),
              ...(gift.petId === null ? {} : { mascotaId: [null, gift.petId] }),
              ...(gift.referencia === '' ? {} : { referencia: [null, gift.referencia] }),
              estado: [null, gift.estado],
              origen: [null, `importado del extracto ${row.archivo}, fila ${fila}`],
            },
          });
          if (gift.personaId !== null) donors.add(gift.personaId);
        }
        // A person who gives becomes `donante` unless they are a member or a sponsor already (as `POST /api/donativos`).
        for (const personaId of [...donors].sort((a, b) => a - b)) {
          const roles = (await persons.rolesOf(tx.handle, personaId)) ?? [];
          if (!roles.includes('socio') && !roles.includes('padrino')) await persons.addRole(tx.handle, personaId, 'donante', userActor(actor));
        }
        return { creados, duplicados, omitidos: movements.length - rows.length };
      });
    },
  };

  /** A gift is given only to a live person: one missing or anonymised since the dry run is a 400 naming it. */
  async function livePerson(tx: Tx, personaId: number): Promise<void> {
    const person = await persons.contactOf(tx, personaId);
    if (!person) throw invalid('filas', bankImportMessages.personNotFound(personaId));
    if (person.anonimizada) throw invalid('filas', bankImportMessages.personAnonymised(personaId));
  }
}

/** The reference a gift keeps: the bank's, IBANs masked, within the gift's limit. */
function storedReference(m: PendingMovement): string {
  return m.referencia.slice(0, GIFT_REFERENCE_MAX);
}

export type BankImportService = ReturnType<typeof createBankImportService>;
