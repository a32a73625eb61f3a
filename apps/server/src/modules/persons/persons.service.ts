import {
  ANONYMISED_NAME,
  type CreatePersonInput,
  type HistoryValue,
  type ListHistoryResponse,
  type ListPersonsQuery,
  type ListPersonsResponse,
  type MergePersonInput,
  type PatchPersonInput,
  type Person,
  type PersonDuplicate,
  type PersonDuplicateReason,
  type PersonExport,
  type PersonMergeField,
  type PersonRole,
  masksPersons,
  personMessages,
} from '@refugio/contracts';
import type { CountryCode } from 'libphonenumber-js/max';
import { AppError } from '../../lib/app-error';
import { isLockConflict } from '../../lib/db-errors';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, type HistoryViewer, changedFields, hasChanges, userActor } from '../history/history.port';
import { type CustomFieldsPort, customFieldChanges } from '../custom-fields/custom-fields.port';
import { type PersonsPort, duplicateReasons, normaliseContact } from './persons.port';
import type { PersonQueries, PersonRow, PersonUpdate, PersonWithDuplicates, PersonsRepository } from './persons.repository';

/** The export carries at most this many history events (newest first). */
const EXPORT_HISTORY_MAX = 10_000;

/** The fields of a person whose changes the history names (values as they were and became). */
const PERSON_HISTORY_FIELDS = [
  'nombre',
  'apellidos',
  'email',
  'telefono',
  'documento',
  'nif',
  'ciudad',
  'direccion',
  'codigoPostal',
  'pais',
  'roles',
  'bloqueado',
  'motivoBloqueo',
  'consentimientoEmail',
  'consentimientoWhatsapp',
] as const;

export function toPerson(row: PersonWithDuplicates): Person {
  return {
    id: row.id,
    nombre: row.nombre,
    apellidos: row.apellidos,
    email: row.email,
    telefono: row.telefono,
    documento: row.documento,
    nif: row.nif,
    ciudad: row.ciudad,
    direccion: row.direccion,
    codigoPostal: row.codigoPostal,
    pais: row.pais,
    roles: row.roles as PersonRole[],
    bloqueado: row.bloqueado,
    motivoBloqueo: row.motivoBloqueo,
    consentimientos: { email: row.consentimientoEmail, whatsapp: row.consentimientoWhatsapp },
    consentimientosOrigen: {
      email: { en: row.consentimientoEmailEn?.toISOString() ?? null, fuente: row.consentimientoEmailFuente },
      whatsapp: { en: row.consentimientoWhatsappEn?.toISOString() ?? null, fuente: row.consentimientoWhatsappFuente },
    },
    posiblesDuplicados: row.posiblesDuplicados,
    anonimizada: row.anonimizadaEn !== null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    campos: row.campos,
  };
}

/** The consent columns for a change of consent made by staff now. */
function consentChange(
  current: Pick<PersonRow, 'consentimientoEmail' | 'consentimientoWhatsapp'> | undefined,
  wanted: { email?: boolean | undefined; whatsapp?: boolean | undefined } | undefined,
  source: string,
  now: Date,
): PersonUpdate {
  const out: PersonUpdate = {};
  if (wanted?.email !== undefined && wanted.email !== (current?.consentimientoEmail ?? false)) {
    Object.assign(out, { consentimientoEmail: wanted.email, consentimientoEmailEn: now, consentimientoEmailFuente: source });
  }
  if (wanted?.whatsapp !== undefined && wanted.whatsapp !== (current?.consentimientoWhatsapp ?? false)) {
    Object.assign(out, { consentimientoWhatsapp: wanted.whatsapp, consentimientoWhatsappEn: now, consentimientoWhatsappFuente: source });
  }
  return out;
}

export interface PersonsDeps {
  repo: PersonsRepository;
  history: Pick<HistoryPort, 'record' | 'redactPerson'>;
  /** ORG_COUNTRY: how phones without a prefix are read. */
  country: CountryCode;
  /**
   * A person's events, newest first, with those of the persons merged into it (the history module's reading); the
   * money records' events (fees, gifts) only for an administrator (`viewer.admin`).
   */
  events: (personaId: number, page: number, pageSize: number, viewer: HistoryViewer) => Promise<ListHistoryResponse>;
  /** The tables of other modules that point at persons (registered on the port by their owners). */
  links: Pick<PersonsPort, 'linkTables'>;
  /** The organisation's own fields: a save's `campos` checked against them, in the save's transaction. */
  customFields: Pick<CustomFieldsPort, 'checkValues' | 'definitions'>;
  clock?: () => Date;
}

/** Persons (DESIGN section 10): the staff's list, record, duplicates, merge, anonymisation and export. */
export function createPersonsService({ repo, history, country, events, links, customFields, clock = () => new Date() }: PersonsDeps) {
  async function mustFind(r: PersonQueries, id: number, options: { forUpdate?: boolean } = {}): Promise<PersonWithDuplicates> {
    const row = await r.find(id, options);
    if (!row) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
    return row;
  }

  /** Marks `id` as a possible duplicate of every other live person with its e-mail or phone. */
  async function markContactDuplicates(tx: PersonQueries, id: number, email: string | null, telefono: string | null, nombre: string): Promise<void> {
    for (const other of await tx.byContact(email, telefono, nombre)) {
      if (other.id === id) continue;
      await tx.markDuplicates(id, other.id, [...duplicateReasons(other, email, telefono), ...(other.mismoNombre ? ['nombre_parecido'] : [])]);
    }
  }

  /** A lock conflict (PostgreSQL chose this transaction as a deadlock's victim) is a 409, never a 500. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isLockConflict(error)) throw new AppError('CONFLICT', { message: personMessages.stale });
      throw error;
    }
  }

  return {
    /** `masked`: a role that sees no phone or document searches by name, surname and e-mail only (no answer betrays them). */
    async list(query: ListPersonsQuery, { masked = false }: { masked?: boolean } = {}): Promise<ListPersonsResponse> {
      const { rows, total } = await repo.list(query, { masked });
      return { items: rows.map(toPerson), total, page: query.page, pageSize: query.pageSize };
    },

    get: async (id: number): Promise<Person> => toPerson(await mustFind(repo, id)),

    /** A person entered by staff (e-mail or phone required); persons sharing its contact become possible duplicates. */
    async create(actor: SessionUser, input: CreatePersonInput): Promise<Person> {
      const { email, telefono } = normaliseContact(input, country);
      const now = clock();
      return guarded(() =>
        repo.transaction(async (tx) => {
          // A new person: the required fields must come with it.
          const campos = await customFields.checkValues(tx.handle, 'persona', input.campos, { complete: true, masked: masksPersons(actor) });
          const row = await tx.insert({
            nombre: input.nombre,
            apellidos: input.apellidos,
            email,
            telefono,
            documento: input.documento,
            nif: input.nif ?? null,
            ciudad: input.ciudad,
            direccion: input.direccion,
            codigoPostal: input.codigoPostal ?? null,
            pais: input.pais ?? null,
            roles: [...new Set(input.roles)],
            ...consentChange(undefined, input.consentimientos, 'Alta por el equipo', now),
            campos,
          });
          await markContactDuplicates(tx, row.id, email, telefono, row.nombre);
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'persona',
            entidadId: row.id,
            accion: 'crear',
            cambios: { ...changedFields<(typeof PERSON_HISTORY_FIELDS)[number]>({}, row, PERSON_HISTORY_FIELDS), ...customFieldChanges({}, campos) },
          });
          return toPerson(await mustFind(tx, row.id));
        }),
      );
    },

    /** Edits, blocks or unblocks a person at `version` (stale: 409); an anonymised person cannot be edited. */
    async patch(actor: SessionUser, id: number, input: PatchPersonInput): Promise<Person> {
      const contact = normaliseContact({ email: input.email ?? null, telefono: input.telefono ?? null }, country);
      const now = clock();
      return guarded(() =>
        repo.transaction(async (tx) => {
          const current = await mustFind(tx, id, { forUpdate: true });
          if (current.version !== input.version) throw new AppError('CONFLICT', { message: personMessages.stale });
          if (current.anonimizadaEn) throw new AppError('CONFLICT', { message: personMessages.anonymised });
          const values: PersonUpdate = {
            ...(input.nombre !== undefined ? { nombre: input.nombre } : {}),
            ...(input.apellidos !== undefined ? { apellidos: input.apellidos } : {}),
            ...(input.email !== undefined ? { email: contact.email } : {}),
            ...(input.telefono !== undefined ? { telefono: contact.telefono } : {}),
            ...(input.documento !== undefined ? { documento: input.documento } : {}),
            ...(input.nif !== undefined ? { nif: input.nif } : {}),
            ...(input.ciudad !== undefined ? { ciudad: input.ciudad } : {}),
            ...(input.direccion !== undefined ? { direccion: input.direccion } : {}),
            ...(input.codigoPostal !== undefined ? { codigoPostal: input.codigoPostal } : {}),
            ...(input.pais !== undefined ? { pais: input.pais } : {}),
            ...(input.roles !== undefined ? { roles: [...new Set(input.roles)] } : {}),
            ...(input.bloqueado !== undefined
              ? { bloqueado: input.bloqueado, motivoBloqueo: input.bloqueado ? (input.motivoBloqueo ?? '') : '' }
              : {}),
            ...(input.bloqueado === undefined && input.motivoBloqueo !== undefined && current.bloqueado
              ? { motivoBloqueo: input.motivoBloqueo }
              : {}),
            ...consentChange(current, input.consentimientos, 'Cambio por el equipo', now),
            // Only the fields sent change; once `campos` is sent, the required ones must hold a value (as the form checks).
            ...(input.campos !== undefined
              ? {
                  campos: await customFields.checkValues(tx.handle, 'persona', input.campos, {
                    previous: current.campos,
                    complete: true,
                    masked: masksPersons(actor),
                  }),
                }
              : {}),
          };
          const email = values.email !== undefined ? values.email : current.email;
          const telefono = values.telefono !== undefined ? values.telefono : current.telefono;
          if (!email && !telefono) {
            throw new AppError('VALIDATION_ERROR', {
              message: personMessages.contactRequired,
              fieldErrors: { email: personMessages.contactRequired },
            });
          }
          const cambios = {
            ...changedFields<(typeof PERSON_HISTORY_FIELDS)[number]>(current, values, PERSON_HISTORY_FIELDS),
            ...(values.campos ? customFieldChanges(current.campos, values.campos) : {}),
          };
          if (!hasChanges(cambios)) return toPerson(current);
          if (!(await tx.update(id, values, input.version))) throw new AppError('CONFLICT', { message: personMessages.stale });
          if (cambios.email || cambios.telefono || cambios.nombre) {
            await markContactDuplicates(tx, id, email ?? null, telefono ?? null, values.nombre ?? current.nombre);
          }
          await history.record(tx.handle, { actor: userActor(actor), entidad: 'persona', entidadId: id, accion: 'modificar', cambios });
          return toPerson(await mustFind(tx, id));
        }),
      );
    },

    /** The possible duplicates not dismissed, each with the reasons (`motivos`). */
    async duplicates(id: number): Promise<PersonDuplicate[]> {
      await mustFind(repo, id);
      const pairs = await repo.duplicatesOf(id);
      const others = new Map((await repo.findMany(pairs.map((p) => p.otraId))).map((row) => [row.id, row]));
      return pairs.flatMap((pair) => {
        const other = others.get(pair.otraId);
        return other ? [{ persona: toPerson(other), motivos: pair.motivos as PersonDuplicateReason[] }] : [];
      });
    },

    /** "Not the same person": the pair is not proposed again. */
    async dismiss(actor: SessionUser, id: number, otraId: number): Promise<void> {
      await repo.transaction(async (tx) => {
        await mustFind(tx, id);
        if (!(await tx.dismissDuplicate(id, otraId, actor.id))) throw new AppError('NOT_FOUND', { message: personMessages.duplicateNotFound });
        for (const [self, other] of [
          [id, otraId],
          [otraId, id],
        ] as const) {
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'persona',
            entidadId: self,
            accion: 'modificar',
            cambios: { duplicadoDescartado: [null, other] },
          });
        }
      });
    },

    /**
     * Merges `conId` into `id`, in one transaction: the survivor takes `valores` (chosen field by field), the
     * union of both roles, the blocking of either and the more recent decision on each consent; every row of every
     * registered table that points at `conId` points at `id`; then `conId` is gone. Both histories are kept.
     */
    async merge(actor: SessionUser, id: number, input: MergePersonInput): Promise<Person> {
      if (input.conId === id)
        throw new AppError('VALIDATION_ERROR', { message: personMessages.mergeSelf, fieldErrors: { conId: personMessages.mergeSelf } });
      const valores = input.valores ?? {};
      const contact = normaliseContact({ email: valores.email ?? null, telefono: valores.telefono ?? null }, country, {
        email: 'valores.email',
        telefono: 'valores.telefono',
      });
      return guarded(() =>
        repo.transaction(async (tx) => {
          // Both rows locked in id order, as every merge takes them: two merges of the same pair queue.
          const [first, second] = id < input.conId ? [id, input.conId] : [input.conId, id];
          const rows = new Map<number, PersonWithDuplicates | undefined>();
          rows.set(first, await tx.find(first, { forUpdate: true }));
          rows.set(second, await tx.find(second, { forUpdate: true }));
          const survivor = rows.get(id);
          const merged = rows.get(input.conId);
          if (!survivor) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
          if (!merged) throw new AppError('NOT_FOUND', { message: personMessages.mergeOtherNotFound });
          if (survivor.anonimizadaEn || merged.anonimizadaEn) throw new AppError('CONFLICT', { message: personMessages.anonymised });

          const later = (a: Date | null, b: Date | null) => (b && (!a || b > a) ? 'merged' : 'survivor');
          const emailFrom = later(survivor.consentimientoEmailEn, merged.consentimientoEmailEn) === 'merged' ? merged : survivor;
          const whatsappFrom = later(survivor.consentimientoWhatsappEn, merged.consentimientoWhatsappEn) === 'merged' ? merged : survivor;
          // A field not chosen keeps the survivor's value, or takes the other's when the survivor has none.
          const pick = <K extends PersonMergeField>(field: K, chosen: PersonRow[K] | undefined): PersonUpdate =>
            chosen !== undefined ? { [field]: chosen } : survivor[field] === null || survivor[field] === '' ? { [field]: merged[field] } : {};
          const values: PersonUpdate = {
            ...pick('nombre', valores.nombre),
            ...pick('apellidos', valores.apellidos),
            ...pick('email', valores.email !== undefined ? contact.email : undefined),
            ...pick('telefono', valores.telefono !== undefined ? contact.telefono : undefined),
            ...pick('documento', valores.documento),
            ...pick('nif', valores.nif),
            ...pick('ciudad', valores.ciudad),
            ...pick('direccion', valores.direccion),
            ...pick('codigoPostal', valores.codigoPostal),
            ...pick('pais', valores.pais),
            roles: [...new Set([...survivor.roles, ...merged.roles])],
            bloqueado: survivor.bloqueado || merged.bloqueado,
            motivoBloqueo: [survivor.motivoBloqueo, merged.motivoBloqueo].filter((m) => m !== '').join(' / '),
            consentimientoEmail: emailFrom.consentimientoEmail,
            consentimientoEmailEn: emailFrom.consentimientoEmailEn,
            consentimientoEmailFuente: emailFrom.consentimientoEmailFuente,
            consentimientoWhatsapp: whatsappFrom.consentimientoWhatsapp,
            consentimientoWhatsappEn: whatsappFrom.consentimientoWhatsappEn,
            consentimientoWhatsappFuente: whatsappFrom.consentimientoWhatsappFuente,
            // The organisation's own fields: the survivor's values, and the other's where the survivor has none.
            campos: { ...merged.campos, ...survivor.campos },
          };
          const emailAfter = values.email !== undefined ? values.email : survivor.email;
          const telefonoAfter = values.telefono !== undefined ? values.telefono : survivor.telefono;
          if (!emailAfter && !telefonoAfter) {
            throw new AppError('VALIDATION_ERROR', {
              message: personMessages.contactRequired,
              fieldErrors: { 'valores.email': personMessages.contactRequired },
            });
          }
          for (const table of links.linkTables()) await table.move(tx.handle, merged.id, survivor.id);
          await tx.moveDuplicates(merged.id, survivor.id);
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'persona',
            entidadId: merged.id,
            accion: 'fusionar',
            cambios: { fusionadaEn: [null, survivor.id] },
          });
          await tx.remove(merged.id);
          await tx.update(survivor.id, values);
          const cambios: Record<string, [HistoryValue, HistoryValue]> = {
            fusionadaCon: [null, merged.id],
            ...changedFields<(typeof PERSON_HISTORY_FIELDS)[number]>(survivor, values, PERSON_HISTORY_FIELDS),
            ...customFieldChanges(survivor.campos, values.campos ?? survivor.campos),
          };
          await history.record(tx.handle, { actor: userActor(actor), entidad: 'persona', entidadId: survivor.id, accion: 'fusionar', cambios });
          return toPerson(await mustFind(tx, survivor.id));
        }),
      );
    },

    /**
     * Removes the person's identity, irreversibly (administrators): from the record and from the copies kept in
     * every registered table (requests, registrations, links). Roles, links and figures stay; the history records
     * that it happened, without the values.
     */
    async anonymise(actor: SessionUser, id: number): Promise<Person> {
      return guarded(() =>
        repo.transaction(async (tx) => {
          const current = await mustFind(tx, id, { forUpdate: true });
          if (current.anonimizadaEn) return toPerson(current);
          for (const table of links.linkTables()) await table.anonymise(tx.handle, id);
          await tx.clearDuplicates(id);
          await tx.update(id, {
            nombre: ANONYMISED_NAME,
            apellidos: '',
            email: null,
            telefono: null,
            documento: '',
            nif: null,
            ciudad: '',
            direccion: '',
            codigoPostal: null,
            pais: null,
            bloqueado: false,
            motivoBloqueo: '',
            consentimientoEmail: false,
            consentimientoEmailEn: null,
            consentimientoEmailFuente: '',
            consentimientoWhatsapp: false,
            consentimientoWhatsappEn: null,
            consentimientoWhatsappFuente: '',
            // The organisation's own fields may say anything about the person: none is kept.
            campos: {},
            anonimizadaEn: clock(),
          });
          const ownFields = (await customFields.definitions('persona', tx.handle)).map((f) => `campos.${f.clave}`);
          await history.redactPerson(tx.handle, id, [
            'nombre',
            'apellidos',
            'email',
            'telefono',
            'documento',
            'nif',
            'ciudad',
            'direccion',
            'codigoPostal',
            'pais',
            'motivoBloqueo',
            ...ownFields,
            ...Object.keys(current.campos).map((clave) => `campos.${clave}`),
          ]);
          await history.record(tx.handle, { actor: userActor(actor), entidad: 'persona', entidadId: id, accion: 'anonimizar' });
          return toPerson(await mustFind(tx, id));
        }),
      );
    },

    async history(id: number, page: number, pageSize: number, viewer: HistoryViewer): Promise<ListHistoryResponse> {
      await mustFind(repo, id);
      return events(id, page, pageSize, viewer);
    },

    /** Everything held about the person (the right of access), read only; its history as `viewer` may read it. */
    async exportOf(id: number, viewer: HistoryViewer): Promise<PersonExport> {
      const row = await mustFind(repo, id);
      const vinculos: Record<string, unknown[]> = {};
      for (const table of links.linkTables()) {
        if (table.adminOnly && !viewer.admin) continue;
        vinculos[table.clave] = await table.exportOf(repo.handle, id);
      }
      return {
        exportadoEn: clock().toISOString(),
        persona: toPerson(row),
        vinculos,
        historial: (await events(id, 1, EXPORT_HISTORY_MAX, viewer)).items,
      };
    },
  };
}

export type PersonsService = ReturnType<typeof createPersonsService>;
