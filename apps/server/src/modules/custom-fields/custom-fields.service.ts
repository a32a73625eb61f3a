import {
  CUSTOM_FIELD_LIMITS,
  type CustomField,
  type CustomFieldEntity,
  type CustomFieldInput,
  type CustomFieldType,
  type SessionUser,
  type UpdateCustomFieldInput,
  customFieldMessages,
  isChoiceType,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { type CustomFieldHistoryField, type HistoryPort, changedFields, hasChanges, userActor } from '../history/history.port';
import type { CustomFieldRow, CustomFieldsRepository } from './custom-fields.repository';

export function toCustomFieldDto(row: CustomFieldRow, usos: number): CustomField {
  return {
    id: row.id,
    entidad: row.entidad as CustomFieldEntity,
    clave: row.clave,
    etiqueta: row.etiqueta,
    tipo: row.tipo as CustomFieldType,
    opciones: [...row.opciones],
    especies: [...row.especies] as CustomField['especies'],
    obligatorio: row.obligatorio,
    publico: row.publico,
    sensible: row.sensible,
    ayuda: row.ayuda,
    orden: row.orden,
    archivado: row.archivado,
    usos,
    version: row.version,
  };
}

const FIELDS = [
  'entidad',
  'clave',
  'etiqueta',
  'tipo',
  'opciones',
  'especies',
  'obligatorio',
  'publico',
  'sensible',
  'ayuda',
  'orden',
  'archivado',
] as const satisfies readonly CustomFieldHistoryField[];

const notFound = () => new AppError('NOT_FOUND', { message: customFieldMessages.notFound });
const stale = () => new AppError('CONFLICT', { message: customFieldMessages.staleVersion });
const keyTaken = () => new AppError('CONFLICT', { message: customFieldMessages.keyTaken, fieldErrors: { clave: customFieldMessages.keyTaken } });

export interface CustomFieldsServiceDeps {
  repo: CustomFieldsRepository;
  /** Every change of a definition writes its event in the change's transaction. */
  history: Pick<HistoryPort, 'record'>;
}

/** The organisation's own fields (DESIGN section 21): Administración and Coordinación define them. */
export function createCustomFieldsService({ repo, history }: CustomFieldsServiceDeps) {
  async function withUses(handle: Pick<CustomFieldsRepository, 'uses'>, rows: CustomFieldRow[]): Promise<CustomField[]> {
    const uses = await handle.uses(rows);
    return rows.map((row) => toCustomFieldDto(row, uses.get(row.id) ?? 0));
  }

  return {
    async list(entidad: CustomFieldEntity | undefined, archived: boolean): Promise<CustomField[]> {
      return withUses(repo, await repo.list(entidad, { archived }));
    },

    /** A new field, last of its entity; its key is never used again by another field of that entity. */
    async create(actor: SessionUser, input: CustomFieldInput): Promise<CustomField> {
      try {
        return await repo.transaction(async (tx) => {
          await tx.lockEntity(input.entidad);
          const { total, nextOrden } = await tx.countFor(input.entidad);
          if (total >= CUSTOM_FIELD_LIMITS.fieldsPerEntity) throw new AppError('CONFLICT', { message: customFieldMessages.tooMany });
          const pets = input.entidad === 'mascota';
          const row = await tx.insert({
            entidad: input.entidad,
            clave: input.clave,
            etiqueta: input.etiqueta,
            tipo: input.tipo,
            opciones: isChoiceType(input.tipo) ? (input.opciones ?? []) : [],
            especies: pets ? (input.especies ?? []) : [],
            obligatorio: input.obligatorio,
            publico: pets && input.publico,
            sensible: !pets && input.sensible,
            ayuda: input.ayuda || null,
            orden: nextOrden,
          });
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'campo_propio',
            entidadId: row.id,
            accion: 'crear',
            cambios: changedFields({}, row, FIELDS),
          });
          return toCustomFieldDto(row, 0);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw keyTaken();
        throw error;
      }
    },

    /**
     * The label, options, species, flags and help. The key and the type never change; an option a record has chosen
     * is never removed (renaming one would change what those records say). Stale `version`: 409, nothing changes.
     */
    async update(actor: SessionUser, id: number, input: UpdateCustomFieldInput): Promise<CustomField> {
      return repo.transaction(async (tx) => {
        const before = await tx.findForUpdate(id);
        if (!before) throw notFound();
        if (before.version !== input.version) throw stale();
        if (input.clave !== undefined && input.clave !== before.clave)
          throw new AppError('VALIDATION_ERROR', { message: customFieldMessages.keyFixed, fieldErrors: { clave: customFieldMessages.keyFixed } });
        if (input.tipo !== undefined && input.tipo !== before.tipo)
          throw new AppError('VALIDATION_ERROR', { message: customFieldMessages.typeFixed, fieldErrors: { tipo: customFieldMessages.typeFixed } });
        const tipo = before.tipo as CustomFieldType;
        const pets = before.entidad === 'mascota';
        const opciones = isChoiceType(tipo) ? (input.opciones ?? before.opciones) : [];
        if (isChoiceType(tipo) && opciones.length < 2)
          throw new AppError('VALIDATION_ERROR', {
            message: customFieldMessages.optionsRequired,
            fieldErrors: { opciones: customFieldMessages.optionsRequired },
          });
        if (!isChoiceType(tipo) && (input.opciones?.length ?? 0) > 0)
          throw new AppError('VALIDATION_ERROR', {
            message: customFieldMessages.optionsNotAllowed,
            fieldErrors: { opciones: customFieldMessages.optionsNotAllowed },
          });
        const misplaced: [string, string][] = [];
        if (!pets && (input.especies?.length ?? 0) > 0) misplaced.push(['especies', customFieldMessages.speciesOnlyPets]);
        if (!pets && input.publico) misplaced.push(['publico', customFieldMessages.publicOnlyPets]);
        if (pets && input.sensible) misplaced.push(['sensible', customFieldMessages.sensitiveOnlyPersons]);
        if (misplaced.length > 0) throw new AppError('VALIDATION_ERROR', { message: misplaced[0]![1], fieldErrors: Object.fromEntries(misplaced) });
        for (const removed of before.opciones.filter((o) => !opciones.includes(o))) {
          if (await tx.optionInUse(before, removed)) {
            const message = customFieldMessages.optionRemovedInUse(removed);
            throw new AppError('VALIDATION_ERROR', { message, fieldErrors: { opciones: message } });
          }
        }
        const values = {
          etiqueta: input.etiqueta,
          opciones,
          especies: input.especies ?? [],
          obligatorio: input.obligatorio,
          publico: input.publico,
          sensible: input.sensible,
          ayuda: input.ayuda || null,
        };
        const row = await tx.update(id, input.version, values);
        if (!row) throw stale();
        const cambios = changedFields(before, row, FIELDS);
        if (hasChanges(cambios))
          await history.record(tx.handle, { actor: userActor(actor), entidad: 'campo_propio', entidadId: id, accion: 'modificar', cambios });
        return toCustomFieldDto(row, (await tx.uses([row])).get(id) ?? 0);
      });
    },

    /** Archived: the values stay with their records, the field leaves the forms; recovered, it comes back. */
    async setArchived(actor: SessionUser, id: number, archivado: boolean): Promise<CustomField> {
      return repo.transaction(async (tx) => {
        const before = await tx.findForUpdate(id);
        if (!before) throw notFound();
        if (before.archivado === archivado) {
          if (archivado) throw new AppError('CONFLICT', { message: customFieldMessages.alreadyArchived });
          return toCustomFieldDto(before, (await tx.uses([before])).get(id) ?? 0);
        }
        const row = await tx.update(id, before.version, { archivado });
        if (!row) throw stale();
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'campo_propio',
          entidadId: id,
          accion: 'estado',
          cambios: { archivado: [before.archivado, archivado] },
        });
        return toCustomFieldDto(row, (await tx.uses([row])).get(id) ?? 0);
      });
    },

    /**
     * A new order of one entity's fields: the ids given come first, in that order; the others (archived ones the
     * screen does not show) keep their order after them. An id of another entity, or unknown: 400.
     */
    async reorder(actor: SessionUser, entidad: CustomFieldEntity, ids: readonly number[]): Promise<CustomField[]> {
      return repo.transaction(async (tx) => {
        const rows = await tx.lockAll(entidad);
        const byId = new Map(rows.map((r) => [r.id, r]));
        if (new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id)))
          throw new AppError('VALIDATION_ERROR', { message: customFieldMessages.notFound, fieldErrors: { ids: customFieldMessages.notFound } });
        const ordered = [...ids.map((id) => byId.get(id)!), ...rows.filter((r) => !ids.includes(r.id))];
        for (const [orden, row] of ordered.entries()) {
          if (row.orden === orden) continue;
          await tx.setOrder(row.id, orden);
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'campo_propio',
            entidadId: row.id,
            accion: 'modificar',
            cambios: { orden: [row.orden, orden] },
          });
          row.orden = orden;
        }
        return withUses(
          tx,
          ordered.filter((r) => !r.archivado),
        );
      });
    },
  };
}

export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>;
