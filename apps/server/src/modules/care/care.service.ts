import type { OrganizationPort, TimeZoneSource } from '../organization/organization.port';
import type { markCareDoneInputSchema, undoCareDoneInputSchema } from '@refugio/contracts';
import {
  CARE_RECORD_FIELDS,
  type ApplyProtocolInput,
  type CareDueItem,
  type CareRecord,
  type CareSheet,
  type CreateCareRecord,
  type HistoryValue,
  type ListCareDueQuery,
  type ListCareDueResponse,
  type MarkCareDoneResult,
  type PatchCareRecord,
  type Pet,
  type ProtocolInput,
  type SessionUser,
  type UndoCareDoneResult,
  careMessages,
  dayInZone,
  daysBetween,
  petMessages,
  petThumbnailUrl,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { InTx } from '../../db/transactional';
import { AppError } from '../../lib/app-error';
import type { StorageProvider } from '../../storage/storage-provider';
import { type HistoryPort, userActor } from '../history/history.port';
import { type PetView, type PetsPort, toPetDto } from '../pets/pets.port';
import { createCareAttachmentsService } from './care-attachments.service';
import { toRecordDto, validation } from './care-dto';
import { diff, historyValues, planNextDose } from './care-next-dose';
import { createCareProtocolsService } from './care-protocols.service';
import type { CareRecordInsert, CareRecordRow, CareRepository } from './care.repository';

export interface CareServiceDeps {
  repo: CareRepository;
  pets: Pick<PetsPort, 'findLive' | 'lockForChange' | 'setLatestWeight' | 'markSterilised'>;
  storage: StorageProvider;
  history: HistoryPort;
  log: FastifyBaseLogger;
  /**
   * The organisation's time zone (the saved one, else ORG_TIME_ZONE): "today" (a done date is never after it) is
   * its calendar day. Read before a transaction opens (on PGlite a read beside the transaction would wait for it).
   */
  timeZone: TimeZoneSource;
  /** The organisation's contact, printed on the care history's PDF. */
  organization: Pick<OrganizationPort, 'get'>;
}

const toCents = (coste: number | null | undefined) => (coste === undefined ? undefined : coste === null ? null : Math.round(coste * 100));

/**
 * Care records, protocols and what is due (DESIGN section 11). A record's attachments are written in
 * care-attachments.service.ts, the protocols in care-protocols.service.ts; this service hands them its record helpers.
 */
export function createCareService({ repo, pets, storage, history, log, timeZone, organization }: CareServiceDeps) {
  const today = async () => dayInZone(new Date(), await timeZone());

  async function requirePet(petId: number): Promise<PetView> {
    const pet = await pets.findLive(repo.handle, petId);
    if (!pet) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
    return pet;
  }

  async function requireRecord(id: number): Promise<CareRecordRow> {
    const row = await repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', { message: careMessages.notFound });
    return row;
  }

  /** A done date after today (in the organisation's zone) is refused; so is a weight without its done date. */
  function checkRecord(row: Pick<CareRecordRow, 'tipo' | 'fechaProgramada' | 'fechaRealizada' | 'pesoKg'>, today: string): void {
    if (!row.fechaProgramada && !row.fechaRealizada) throw validation('fechaProgramada', careMessages.dateRequired);
    if (row.fechaRealizada && row.fechaRealizada > today) throw validation('fechaRealizada', careMessages.doneInFuture);
    if (row.tipo === 'peso') {
      if (row.pesoKg === null || row.pesoKg === undefined) throw validation('pesoKg', careMessages.weightRequired);
      if (!row.fechaRealizada) throw validation('fechaRealizada', careMessages.weightDoneOnly);
    }
  }

  /**
   * Inside a write transaction: the pet's lock first (as the pet's own changes take it), then the record's, so a
   * care change and an adoption or deletion of the pet never wait for each other in opposite orders.
   */
  async function lockRecord(tx: InTx<CareRepository>, id: number): Promise<CareRecordRow> {
    // Read on the transaction's own handle: PGlite has one connection, a read beside it would wait for it.
    const seen = await tx.find(id);
    if (!seen) throw new AppError('NOT_FOUND', { message: careMessages.notFound });
    await pets.lockForChange(tx.handle, seen.petId);
    const row = await tx.lock(id);
    if (!row) throw new AppError('NOT_FOUND', { message: careMessages.notFound });
    return row;
  }

  /** After a change to a pet's records: its latest weight and, for a done sterilisation, its sterilised state. */
  async function afterChange(tx: InTx<CareRepository>, actor: SessionUser, row: CareRecordRow | undefined, petId: number, wasWeight: boolean) {
    if (wasWeight || row?.tipo === 'peso') await pets.setLatestWeight(tx.handle, petId, await tx.latestWeight(petId));
    if (row?.tipo === 'esterilizacion' && row.fechaRealizada) await pets.markSterilised(tx.handle, petId, row.fechaRealizada, actor);
  }

  async function dtos(rows: CareRecordRow[]): Promise<CareRecord[]> {
    const attachments = await repo.attachmentsOf(rows.map((r) => r.id));
    const t = await today();
    return rows.map((row) =>
      toRecordDto(
        row,
        attachments.filter((a) => a.recordId === row.id),
        t,
      ),
    );
  }

  async function recordDto(id: number): Promise<CareRecord> {
    const row = await requireRecord(id);
    return (await dtos([row]))[0]!;
  }

  async function removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        log.warn({ err: error, key }, 'could not remove a care attachment; the sweep will');
      }
    }
  }

  return {
    today,
    /** The organisation's contact as the care history's PDF prints it. */
    organizationContact: async () => (await organization.get()).contacto,

    async sheet(petId: number): Promise<CareSheet> {
      await requirePet(petId);
      const all = await dtos(await repo.listForPet(petId));
      const done = all.filter((r) => r.fechaRealizada);
      const planned = all.filter((r) => !r.fechaRealizada);
      done.sort((a, b) => b.fechaRealizada!.localeCompare(a.fechaRealizada!) || b.id - a.id);
      planned.sort((a, b) => a.fechaProgramada!.localeCompare(b.fechaProgramada!) || a.id - b.id);
      const pesos = done
        .filter((r) => r.tipo === 'peso' && r.pesoKg !== null)
        .map((r) => ({ fecha: r.fechaRealizada!, kg: r.pesoKg!, id: r.id }))
        .sort((a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id)
        .map(({ fecha, kg }) => ({ fecha, kg }));
      return { registros: done, proximos: planned, pesos };
    },

    /** The pet's answer (identity included) with its records: what the printable history shows. */
    async sheetWithPet(petId: number): Promise<{ pet: Pet; sheet: CareSheet }> {
      const pet = toPetDto(await requirePet(petId));
      return { pet, sheet: await this.sheet(petId) };
    },

    async create(actor: SessionUser, petId: number, input: CreateCareRecord): Promise<CareRecord> {
      await requirePet(petId);
      const t = await today();
      const values: CareRecordInsert = {
        petId,
        tipo: input.tipo,
        nombre: input.nombre,
        fechaProgramada: input.fechaProgramada ?? null,
        fechaRealizada: input.fechaRealizada ?? null,
        repetirCadaDias: input.repetirCadaDias ?? null,
        dosis: input.dosis ?? '',
        lote: input.lote ?? '',
        veterinario: input.veterinario ?? '',
        resultado: input.resultado ?? '',
        pesoKg: input.pesoKg ?? null,
        costeCentimos: toCents(input.coste) ?? null,
        notas: input.notas ?? '',
        createdBy: actor.id,
        updatedBy: actor.id,
      };
      checkRecord(
        {
          tipo: values.tipo,
          fechaProgramada: values.fechaProgramada ?? null,
          fechaRealizada: values.fechaRealizada ?? null,
          pesoKg: values.pesoKg ?? null,
        },
        t,
      );
      const id = await repo.transaction(async (tx) => {
        const pet = await pets.lockForChange(tx.handle, petId);
        if (!pet || pet.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
        const row = await tx.insert(values);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'registro_salud',
          entidadId: row.id,
          accion: 'crear',
          cambios: { mascotaId: [null, petId], ...diff(undefined, historyValues(row)) },
        });
        // Saved as done with "Repetir cada N días": the next one is planned as 'Marcar como hecho' plans it.
        await planNextDose(tx, history, row, userActor(actor));
        await afterChange(tx, actor, row, petId, false);
        return row.id;
      });
      return recordDto(id);
    },

    async patch(actor: SessionUser, id: number, input: PatchCareRecord): Promise<CareRecord> {
      const t = await today();
      await repo.transaction(async (tx) => {
        const current = await lockRecord(tx, id);
        if (current.version !== input.version) throw new AppError('CONFLICT', { message: careMessages.stale });
        const changes: Partial<CareRecordInsert> = {};
        for (const field of CARE_RECORD_FIELDS) {
          if (field !== 'coste' && input[field] !== undefined) (changes as Record<string, unknown>)[field] = input[field];
        }
        if (input.coste !== undefined) changes.costeCentimos = toCents(input.coste) ?? null;
        const merged = { ...current, ...changes };
        checkRecord(merged, t);
        const saved = await tx.update(id, { ...changes, updatedBy: actor.id }, input.version);
        if (!saved) throw new AppError('CONFLICT', { message: careMessages.stale });
        const cambios = diff(historyValues(current), historyValues(saved));
        if (Object.keys(cambios).length > 0)
          await history.record(tx.handle, { actor: userActor(actor), entidad: 'registro_salud', entidadId: id, accion: 'modificar', cambios });
        // Planned until now and saved as done: a repeating record plans its next one, as 'Marcar como hecho' does.
        if (!current.fechaRealizada) await planNextDose(tx, history, saved, userActor(actor));
        await afterChange(tx, actor, saved, saved.petId, current.tipo === 'peso');
      });
      return recordDto(id);
    },

    /** Done on `fecha`; with `repetirCadaDias`, the next one is planned that many days after it. */
    async markDone(actor: SessionUser, id: number, input: z.output<typeof markCareDoneInputSchema>): Promise<MarkCareDoneResult> {
      if (input.fecha > (await today())) throw validation('fecha', careMessages.doneInFuture);
      const nextId = await repo.transaction(async (tx) => {
        const current = await lockRecord(tx, id);
        if (current.fechaRealizada) throw new AppError('CONFLICT', { message: careMessages.alreadyDone });
        if (current.version !== input.version) throw new AppError('CONFLICT', { message: careMessages.stale });
        const saved = await tx.update(
          id,
          {
            fechaRealizada: input.fecha,
            ...(input.notas !== undefined && input.notas !== '' ? { notas: current.notas ? `${current.notas}\n${input.notas}` : input.notas } : {}),
            ...(input.lote !== undefined && input.lote !== '' ? { lote: input.lote } : {}),
            updatedBy: actor.id,
          },
          input.version,
        );
        if (!saved) throw new AppError('CONFLICT', { message: careMessages.stale });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'registro_salud',
          entidadId: id,
          accion: 'estado',
          cambios: diff(historyValues(current), historyValues(saved)),
        });
        const next = await planNextDose(tx, history, saved, userActor(actor));
        await afterChange(tx, actor, saved, saved.petId, false);
        return next?.id;
      });
      return { registro: await recordDto(id), siguiente: nextId === undefined ? null : await recordDto(nextId) };
    },

    /**
     * 'Deshacer' after 'Hecho': the record is planned again, at the version the mark answered (someone else's
     * change since: 409, nothing reverted). The next dose that 'Hecho' planned goes too while it is still planned
     * and untouched (its first version, no attachment); once someone has worked on it, it stays. One transaction,
     * each change with its history event.
     */
    async undoDone(actor: SessionUser, id: number, input: z.output<typeof undoCareDoneInputSchema>): Promise<UndoCareDoneResult> {
      const removedNext = await repo.transaction(async (tx) => {
        const current = await lockRecord(tx, id);
        if (current.version !== input.version) throw new AppError('CONFLICT', { message: careMessages.undoStale });
        if (!current.fechaRealizada) throw new AppError('CONFLICT', { message: careMessages.notDone });
        if (!current.fechaProgramada || current.tipo === 'peso') throw new AppError('CONFLICT', { message: careMessages.undoNoPlannedDate });
        const saved = await tx.update(id, { fechaRealizada: null, updatedBy: actor.id }, input.version);
        if (!saved) throw new AppError('CONFLICT', { message: careMessages.undoStale });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'registro_salud',
          entidadId: id,
          accion: 'estado',
          cambios: diff(historyValues(current), historyValues(saved)),
        });
        const planned = await tx.lockPlannedFrom(id);
        const attached = new Set((await tx.attachmentsOf(planned.map((r) => r.id))).map((a) => a.recordId));
        let removed = false;
        for (const next of planned) {
          if (next.fechaRealizada || next.version !== 1 || attached.has(next.id)) continue;
          await tx.delete(next.id);
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'registro_salud',
            entidadId: next.id,
            accion: 'eliminar',
            cambios: { mascotaId: [next.petId, null], ...diff(historyValues(next), undefined) },
          });
          removed = true;
        }
        await afterChange(tx, actor, saved, saved.petId, false);
        return removed;
      });
      return { registro: await recordDto(id), siguienteQuitado: removedNext };
    },

    /** Gone from the pet's records; its content stays in the history. Its files go once that has committed. */
    async remove(actor: SessionUser, id: number): Promise<void> {
      const keys = await repo.transaction(async (tx) => {
        const current = await lockRecord(tx, id);
        const attachments = await tx.attachmentsOf([id]);
        await tx.delete(id);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'registro_salud',
          entidadId: id,
          accion: 'eliminar',
          cambios: {
            mascotaId: [current.petId, null],
            ...diff(historyValues(current), undefined),
            ...(attachments.length > 0 ? { adjunto: [attachments.map((a) => a.nombre), null] as [HistoryValue, HistoryValue] } : {}),
          },
        });
        await afterChange(tx, actor, undefined, current.petId, current.tipo === 'peso');
        return attachments.map((a) => a.clave);
      });
      await removeFiles(keys);
    },

    /* ---- attachments ---- */

    ...createCareAttachmentsService({ repo, storage, history, requireRecord, lockRecord, removeFiles }),

    /* ---- protocols ---- */

    ...createCareProtocolsService({ repo, pets, history, requirePet, dtos }),

    /* ---- what is due ---- */

    async due(query: ListCareDueQuery): Promise<ListCareDueResponse> {
      const t = await today();
      const { rows, total } = await repo.due({
        hasta: query.hasta ?? t,
        tipo: query.tipo,
        ubicacion: query.ubicacion,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const items: CareDueItem[] = rows.map((row) => {
        const { adjuntos: _omitted, ...record } = toRecordDto(row, [], t);
        return {
          ...record,
          mascota: {
            id: row.petId,
            nombre: row.petNombre,
            tipo: row.petTipo,
            thumbnailUrl: row.petImagen ? petThumbnailUrl(row.petId, row.petImagen) : null,
          },
          diasRetraso: daysBetween(row.fechaProgramada!, t),
        };
      });
      return { hoy: t, items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type CareService = ReturnType<typeof createCareService>;
export type { ApplyProtocolInput, ProtocolInput };
