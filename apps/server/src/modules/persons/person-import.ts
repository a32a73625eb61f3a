import type { HistoryActor, HistoryValue, PersonRole } from '@refugio/contracts';
import { and, isNull, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { person } from '../../db/schema';
import { normaliseEmail, normalisePhone } from '../../lib/contact';
import { customFieldChanges } from '../custom-fields/custom-fields.port';
import type { HistoryPort } from '../history/history.port';
import { type PersonUpdate, createPersonsRepository } from './persons.repository';
import { anyOf } from '../../db/any-of';

/*
 * Persons from a spreadsheet (DESIGN section 18) with the linking rule of section 10: the same first name (accents
 * and case ignored) and the same normalised e-mail (or, without one, phone) is that person; the same e-mail or phone
 * under another first name makes a new person marked as a possible duplicate. Unlike a public form, an imported
 * e-mail carries no consent, and each event says which file and row it came from.
 */

/** A person as a row of the file gives it, contact data already normalised. */
export interface ImportedPerson {
  nombre: string;
  apellidos: string;
  email: string | null;
  telefono: string | null;
  documento: string;
  direccion: string;
  ciudad: string;
  codigoPostal: string;
  roles: PersonRole[];
  /** A donor's NIF, already checked and normalised (gifts: the certificate and the modelo 182 need it). */
  nif?: string | undefined;
  /** The organisation's own fields the row gives, already checked by the importer against their definitions. */
  campos?: Record<string, string | number | boolean | string[]> | undefined;
}

/** What the import would do with a person: link to `personaId` (filling `cambios`), or create (possible duplicates of `duplicados`). */
export type PersonImportMatch = { personaId: number; cambios: boolean } | { personaId: null; duplicados: number[] };

type FillField = 'email' | 'telefono' | 'documento' | 'direccion' | 'ciudad' | 'codigoPostal' | 'nif';
const FILLED: FillField[] = ['email', 'telefono', 'documento', 'direccion', 'ciudad', 'codigoPostal', 'nif'];

/** The first word of a name as `person.nombre_clave` folds it (refugio_fold: unaccent, lower case). */
function firstNameKey(nombre: string): string {
  return (nombre.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(' ')[0] ?? '').trim();
}

type Candidate = Pick<typeof person.$inferSelect, 'id' | 'email' | 'telefono' | 'roles' | 'campos' | FillField> & { clave: string | null };

function decide(candidates: Candidate[], values: ImportedPerson): { same?: Candidate; others: Candidate[] } {
  const key = firstNameKey(values.nombre);
  const related = candidates.filter((c) => (values.email && c.email === values.email) || (values.telefono && c.telefono === values.telefono));
  // A person whose stored NIF is another is never trusted as this row's (as in linking, DESIGN section 10).
  const same = related.find(
    (c) =>
      c.clave === key &&
      (values.email ? c.email === values.email : values.telefono !== null && c.telefono === values.telefono) &&
      !(values.nif && c.nif && c.nif !== values.nif),
  );
  return { ...(same ? { same } : {}), others: related };
}

function fills(same: Candidate, values: ImportedPerson): { update: PersonUpdate; cambios: Record<string, [HistoryValue, HistoryValue]> } {
  const update: PersonUpdate = {};
  const cambios: Record<string, [HistoryValue, HistoryValue]> = {};
  for (const field of FILLED) {
    const value = values[field];
    const kept = same[field];
    if (value && (kept === null || kept.trim() === '')) {
      update[field] = value;
      cambios[field] = [kept, value];
    }
  }
  // The own fields the file gives and the person lacks; the others keep their values.
  const lacking = Object.entries(values.campos ?? {}).filter(([clave]) => same.campos[clave] === undefined);
  if (lacking.length > 0) {
    update.campos = { ...same.campos, ...Object.fromEntries(lacking) };
    Object.assign(cambios, customFieldChanges(same.campos, update.campos));
  }
  const roles = [...same.roles, ...values.roles.filter((r) => !same.roles.includes(r))];
  if (roles.length !== same.roles.length) {
    update.roles = roles;
    cambios.roles = [same.roles, roles];
  }
  return { update, cambios };
}

async function candidatesFor(executor: Database, emails: string[], telefonos: string[]): Promise<Candidate[]> {
  const conditions = [
    emails.length > 0 ? anyOf(person.email, emails) : undefined,
    telefonos.length > 0 ? anyOf(person.telefono, telefonos) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  return executor
    .select({
      id: person.id,
      email: person.email,
      telefono: person.telefono,
      roles: person.roles,
      documento: person.documento,
      direccion: person.direccion,
      ciudad: person.ciudad,
      codigoPostal: person.codigoPostal,
      nif: person.nif,
      campos: person.campos,
      clave: person.nombreClave,
    })
    .from(person)
    .where(and(isNull(person.anonimizadaEn), or(...conditions)))
    .orderBy(person.id);
}

/** The persons port's import functions, bound to the organisation's country and the history. */
export function createPersonImport({ country, history }: { country: Parameters<typeof normalisePhone>[1]; history: Pick<HistoryPort, 'record'> }) {
  return {
    /** E-mail and phone as the persons module stores them; null for one that is not valid. */
    normaliseImported(email: string | null, telefono: string | null): { email: string | null; telefono: string | null; valido: boolean } {
      const e = email ? normaliseEmail(email) : null;
      const t = telefono ? normalisePhone(telefono, country) : null;
      return { email: e, telefono: t, valido: (!email || e !== null) && (!telefono || t !== null) };
    },

    /** The dry run: what importing each of these persons would do now (read only, a few queries for all). */
    async matchImported(executor: Database, people: ImportedPerson[]): Promise<PersonImportMatch[]> {
      const candidates: Candidate[] = [];
      const emails = [...new Set(people.flatMap((p) => (p.email ? [p.email] : [])))];
      const telefonos = [...new Set(people.flatMap((p) => (p.telefono ? [p.telefono] : [])))];
      for (let i = 0; i < Math.max(emails.length, telefonos.length); i += 1000) {
        candidates.push(...(await candidatesFor(executor, emails.slice(i, i + 1000), telefonos.slice(i, i + 1000))));
      }
      const unique = [...new Map(candidates.map((c) => [c.id, c])).values()];
      return people.map((values) => {
        const { same, others } = decide(unique, values);
        if (same) return { personaId: same.id, cambios: Object.keys(fills(same, values).cambios).length > 0 };
        return { personaId: null, duplicados: others.map((o) => o.id) };
      });
    },

    /**
     * Imports one person in the caller's transaction: links to the same person (filling what they lack, own fields
     * included, adding the roles) or creates one (possible duplicates marked), with one history event naming `origen`.
     */
    async importPerson(
      tx: Tx,
      values: ImportedPerson,
      actor: HistoryActor,
      origen: string,
    ): Promise<{ personaId: number; resultado: 'creado' | 'actualizado' | 'omitido'; version: number }> {
      const repo = createPersonsRepository(tx);
      await repo.lockContacts([values.email ? `email:${values.email}` : '', values.telefono ? `tel:${values.telefono}` : ''].filter((v) => v !== ''));
      const { same, others } = decide(await candidatesFor(tx, values.email ? [values.email] : [], values.telefono ? [values.telefono] : []), values);
      if (same) {
        const { update, cambios } = fills(same, values);
        if (Object.keys(cambios).length === 0) return { personaId: same.id, resultado: 'omitido', version: 0 };
        await repo.update(same.id, update);
        await history.record(tx, {
          actor,
          entidad: 'persona',
          entidadId: same.id,
          accion: 'modificar',
          cambios: { ...cambios, origen: [null, origen] as [HistoryValue, HistoryValue] },
        });
        return { personaId: same.id, resultado: 'actualizado', version: 0 };
      }
      const created = await repo.insert({
        nombre: values.nombre,
        apellidos: values.apellidos,
        email: values.email,
        telefono: values.telefono,
        documento: values.documento,
        direccion: values.direccion,
        ciudad: values.ciudad,
        codigoPostal: values.codigoPostal || null,
        nif: values.nif ?? null,
        roles: values.roles,
        campos: values.campos ?? {},
      });
      await history.record(tx, {
        actor,
        entidad: 'persona',
        entidadId: created.id,
        accion: 'crear',
        cambios: {
          nombre: [null, created.nombre],
          roles: [null, values.roles],
          ...customFieldChanges({}, values.campos ?? {}),
          origen: [null, origen] as [HistoryValue, HistoryValue],
        },
      });
      for (const other of others) {
        const motivos = [
          ...(values.email && other.email === values.email ? ['mismo_email'] : []),
          ...(values.telefono && other.telefono === values.telefono ? ['mismo_telefono'] : []),
          ...(other.clave === firstNameKey(values.nombre) ? ['nombre_parecido'] : []),
        ];
        await repo.markDuplicates(created.id, other.id, motivos);
      }
      return { personaId: created.id, resultado: 'creado', version: created.version };
    },

    /**
     * Undoes an imported person: removed when still at `version` and nothing points at them (a savepoint keeps the
     * caller's transaction usable when a link refuses the delete); false when kept.
     */
    async removeImported(tx: Tx, personaId: number, version: number, actor: HistoryActor, origen: string): Promise<boolean> {
      const row = await createPersonsRepository(tx).find(personaId, { forUpdate: true });
      if (!row || row.version !== version) return false;
      try {
        await tx.transaction(async (inner) => {
          await inner.execute(sql`DELETE FROM person_duplicate WHERE persona_a = ${personaId} OR persona_b = ${personaId}`);
          await inner.delete(person).where(sql`${person.id} = ${personaId}`);
        });
      } catch {
        return false;
      }
      await history.record(tx, {
        actor,
        entidad: 'persona',
        entidadId: personaId,
        accion: 'eliminar',
        cambios: { origen: [origen, null] as [HistoryValue, HistoryValue] },
      });
      return true;
    },
  };
}
