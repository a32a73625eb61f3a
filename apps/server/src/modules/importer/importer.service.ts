import { createHash, randomUUID } from 'node:crypto';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_SAMPLE_ROWS,
  IMPORT_TYPES_READY,
  type HistoryActor,
  type ImportDateFormat,
  type ImportDryRun,
  type ImportDuplicate,
  type ImportMappingInput,
  type ImportRowError,
  type ImportState,
  type ImportStatus,
  type ImportType,
  type ImportUpload,
  importCustomFieldEntity,
  importMessages,
  importTypeLabels,
} from '@refugio/contracts';
import { z } from 'zod';
import { type Tx, runInTransaction } from '../../db/client';
import { defineJob } from '../../jobs/define-job';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { formatDateTimeInZone } from '../../lib/table-export';
import type { SessionUser } from '../../plugins/access';
import { systemActor, userActor } from '../history/history.port';
import { CARE_HEADERS, type CareRowValues, careDryRun, matchCare, planCare } from './import-care';
import { ownFieldTargets } from './import-custom-fields';
import { GIFT_HEADERS, type GiftRowValues, giftDryRun, importGiftRow, planGifts } from './import-gifts';
import { type PersonRowValues, type PetRowValues, fold, suggestMapping } from './import-fields';
import { ImportFileError, readSpreadsheet } from './import-file';
import { checkMapping } from './import-mapping';
import { type PetMatch, createsPet, matchPets, petDryRun, recordEntries, stageChunkPhotos } from './import-pets';
import { type StagedRows, checkRowPhotos, removeImportPhotos, storeImportPhotos } from './import-photos';
import { type PlannedRow, columnOf, personDryRun, planPersons, planPets } from './import-plan';
import { readZip } from './import-zip';
import type { ImporterDeps } from './importer-deps';
import { type ImportBatchRow, type ImporterRepository, type RowRecord, createImporterRepository } from './importer.repository';

export type { ImporterDeps } from './importer-deps';

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', { message, fieldErrors: { [field]: message } });
const notFound = () => new AppError('NOT_FOUND', { message: importMessages.notFound });
/** Records undone per transaction. */
const UNDO_CHUNK = 100;
/** Rows of the import job per transaction. */
const IMPORT_CHUNK = 200;

export const importJobPayload = z.object({ importId: z.string().min(1).max(64) });

/** The import wizard's work (DESIGN section 18): upload, dry run, the job that imports each row once, status, undo. */
export function createImporterService({
  db,
  pets,
  movements,
  registerBook,
  care,
  persons,
  donations,
  customFields,
  enqueue,
  timeZone,
  storage,
  log,
  clock = () => new Date(),
}: ImporterDeps) {
  const repo: ImporterRepository = createImporterRepository(db);

  async function today(): Promise<string> {
    return formatDateTimeInZone(clock(), await timeZone()).slice(0, 10);
  }

  async function batchOf(id: string): Promise<ImportBatchRow> {
    const batch = await repo.find(id);
    if (!batch) throw notFound();
    return batch;
  }

  function actorOf(batch: Pick<ImportBatchRow, 'createdBy' | 'createdByNombre'>): HistoryActor {
    return batch.createdBy ? userActor({ id: batch.createdBy, name: batch.createdByNombre }) : systemActor;
  }

  /** The definitions of the entity a type's columns may go to (archived ones included: a value for one is refused). */
  async function ownFieldsOf(tipo: ImportType) {
    const entidad = importCustomFieldEntity(tipo);
    return entidad ? customFields.definitions(entidad) : [];
  }

  async function plan(batch: ImportBatchRow): Promise<PlannedRow<unknown>[]> {
    const mapeo = batch.mapeo ?? {};
    const formato = (batch.formatoFecha ?? undefined) as ImportDateFormat | undefined;
    if (batch.tipo === 'mascotas') {
      const rows = planPets(batch.columnas, batch.filas, mapeo, formato, await today(), await ownFieldsOf('mascotas'));
      return checkRowPhotos(rows, batch.fotos, columnOf(batch.columnas, mapeo, 'foto'));
    }
    if (batch.tipo === 'donativos')
      return planGifts(
        batch.columnas,
        batch.filas,
        mapeo,
        (batch.formatoFecha ?? undefined) as ImportDateFormat | undefined,
        await today(),
        persons.normaliseImported,
      );
    if (batch.tipo === 'cuidados')
      return planCare(batch.columnas, batch.filas, mapeo, (batch.formatoFecha ?? undefined) as ImportDateFormat | undefined, await today());
    return planPersons(batch.columnas, batch.filas, mapeo, persons.normaliseImported, await ownFieldsOf('personas'), formato);
  }

  async function dryRun(batch: ImportBatchRow): Promise<ImportDryRun> {
    const rows = await plan(batch);
    const errores: ImportRowError[] = rows.flatMap((r) => ('errors' in r ? r.errors : []));
    const duplicados: ImportDuplicate[] = [];
    let crear = 0;
    let actualizar = 0;
    let omitir = 0;
    const valid = rows.filter((r): r is { fila: number; values: unknown } => 'values' in r);
    if (batch.tipo === 'mascotas') {
      const matches = await matchPets(
        pets,
        db,
        valid.map((r) => r.values as PetRowValues),
      );
      const figures = petDryRun(valid, matches, batch.incluir);
      crear = figures.crear;
      omitir = figures.omitir;
      duplicados.push(...figures.duplicados);
    } else if (batch.tipo === 'donativos') {
      const giftRows = valid as { fila: number; values: GiftRowValues }[];
      const taken = await repo.keysOf(
        'donativos',
        giftRows.flatMap((r) => (r.values.codigo ? [r.values.codigo] : [])),
      );
      const figures = await giftDryRun(persons, donations, db, giftRows, taken);
      crear = figures.crear;
      omitir = figures.omitir;
      duplicados.push(...figures.duplicados);
    } else if (batch.tipo === 'cuidados') {
      const careRows = valid as { fila: number; values: CareRowValues }[];
      const figures = careDryRun(careRows, await matchCare(pets, care, db, careRows));
      crear = figures.crear;
      omitir = figures.omitir;
      errores.push(...figures.errores);
      errores.sort((a, b) => a.fila - b.fila);
      duplicados.push(...figures.duplicados);
    } else {
      const figures = await personDryRun(persons, db, valid as { fila: number; values: PersonRowValues }[]);
      crear = figures.crear;
      actualizar = figures.actualizar;
      omitir = figures.omitir;
      duplicados.push(...figures.duplicados);
    }
    return { crear, actualizar, omitir, errores, duplicados };
  }

  /** One row of the job inside `tx`: what its `import_row` record says (written with its chunk's; a row recorded is never done again). */
  async function importRowIn(
    tx: Tx,
    batch: ImportBatchRow,
    row: PlannedRow<unknown>,
    matched: Map<number, { existing: number } | undefined>,
  ): Promise<RowRecord> {
    const txRepo = createImporterRepository(tx);
    const base = { fila: row.fila };
    if (row.vacia) return { ...base, resultado: 'omitido' };
    if ('errors' in row) {
      const first = row.errors[0]!;
      return { ...base, resultado: 'error', columna: first.columna, mensaje: row.errors.map((e) => e.mensaje).join(' ') };
    }
    const origen = importMessages.historyOrigin(batch.archivo, row.fila);
    const actor = actorOf(batch);
    if (batch.tipo === 'mascotas') return { ...base, resultado: 'omitido', entidadId: matched.get(row.fila)!.existing };
    if (batch.tipo === 'donativos')
      return { ...base, ...(await importGiftRow(persons, donations, tx, batch.id, row.values as GiftRowValues, actor, origen)) };
    if (batch.tipo === 'cuidados') {
      const v = row.values as CareRowValues;
      const [match] = await matchCare(pets, care, tx, [{ fila: row.fila, values: v }]);
      if ('error' in match!) return { ...base, resultado: 'error', columna: match.error.columna, mensaje: match.error.mensaje };
      if (match!.existente !== null) return { ...base, resultado: 'omitido', entidadId: match!.existente };
      const { tipo, nombre, fecha, pesoKg, lote, veterinario, notas } = v;
      const created = await care.createImported(tx, match!.petId, { tipo, nombre, fecha, pesoKg, lote, veterinario, notas }, actor, origen);
      return { ...base, resultado: 'creado', entidadId: created.id, version: created.version };
    }
    const v = row.values as PersonRowValues;
    if (v.codigo && (await txRepo.keysOf('personas', [v.codigo])).size > 0) return { ...base, resultado: 'omitido' };
    const { codigo, ...values } = v;
    const done = await persons.importPerson(tx, values, actor, origen);
    if (codigo && done.resultado === 'creado') await txRepo.saveKey('personas', codigo, done.personaId, batch.id);
    return { ...base, resultado: done.resultado, entidadId: done.personaId, ...(done.resultado === 'creado' ? { version: done.version } : {}) };
  }

  /**
   * Rows of the job, `IMPORT_CHUNK` per transaction: the chunk's new pets in a few statements, the other rows one by
   * one, and every row's record in one statement, so a chunk commits whole or not at all. When a chunk meets a
   * unique violation (another import, or someone typing the same microchip meanwhile), its rows are done again one
   * per transaction, and the row that still collides is recorded as omitted. `staged`: the chunk's photos, copied
   * before (while the chunk before was written); the copies no pet took are removed at the end.
   */
  async function importChunk(batch: ImportBatchRow, rows: PlannedRow<unknown>[], staged: StagedRows): Promise<void> {
    const used = new Set<number>();
    const attempt = async (part: PlannedRow<unknown>[]) => {
      const taken = new Set<number>();
      await runInTransaction(db, async (tx) => {
        const txRepo = createImporterRepository(tx);
        // The chunk's pets matched at once, in its transaction (a file never names the same pet twice: the plan refuses it).
        const matched = new Map<number, PetMatch | undefined>();
        const valid = part.filter((r): r is { fila: number; values: unknown } => 'values' in r && !r.vacia);
        if (batch.tipo === 'mascotas') {
          const matches = await matchPets(
            pets,
            tx,
            valid.map((r) => r.values as PetRowValues),
            () => txRepo.createdIds(batch.id),
          );
          valid.forEach((r, i) => matched.set(r.fila, matches[i]));
        }
        const fresh = batch.tipo === 'mascotas' ? valid.filter((r) => createsPet(matched.get(r.fila), r.fila, batch.incluir)) : [];
        const records: RowRecord[] = [];
        // An empty row is no row of data: nothing is recorded (nor counted) for it.
        for (const row of part)
          if (!row.vacia && !fresh.includes(row as (typeof fresh)[number])) records.push(await importRowIn(tx, batch, row, matched));
        const created = await pets.createImportedMany(
          tx,
          fresh.map(({ fila, values }) => {
            const { id: _id, codigo: _codigo, foto: _foto, ...v } = values as PetRowValues;
            const photo = staged.get(fila);
            return {
              values: v,
              origen: importMessages.historyOrigin(batch.archivo, fila),
              photo: photo && { id: photo.id, image: photo.staged.images[0]! },
            };
          }),
          actorOf(batch),
        );
        fresh.forEach(({ fila }, i) => {
          records.push({ fila, resultado: 'creado', entidadId: created[i]!.id, version: created[i]!.version });
          if (staged.has(fila)) taken.add(fila);
        });
        await recordEntries(movements, registerBook, tx, fresh, created, batch.createdBy);
        await txRepo.saveKeys(
          'mascotas',
          fresh.flatMap(({ values }, i) =>
            (values as PetRowValues).codigo ? [[(values as PetRowValues).codigo!, created[i]!.id] as [string, number]] : [],
          ),
          batch.id,
        );
        await txRepo.insertRows(records.map((r) => ({ importId: batch.id, ...r })));
      });
      for (const fila of taken) used.add(fila);
    };
    try {
      try {
        await attempt(rows);
        return;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      for (const row of rows) {
        try {
          await attempt([row]);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if ((await repo.processedRows(batch.id)).has(row.fila)) continue;
          await repo.insertRow({ importId: batch.id, fila: row.fila, resultado: 'omitido', mensaje: importMessages.duplicateChip });
        }
      }
    } finally {
      for (const [fila, { staged: photos }] of staged) if (!used.has(fila)) await photos.discard();
    }
  }

  async function figures(id: string) {
    const counts = await repo.countsOf(id);
    const n = (k: string) => counts[k] ?? 0;
    return {
      procesadas: Object.values(counts).reduce((a, b) => a + b, 0),
      creados: n('creado') + n('deshecho') + n('conservado'),
      actualizados: n('actualizado'),
      omitidos: n('omitido'),
      deshechos: n('deshecho'),
      conservados: n('conservado'),
    };
  }

  const importJob = defineJob({
    name: 'importer.import',
    title: 'Importación de una hoja de cálculo',
    payload: importJobPayload,
    maxAttempts: 5,
    backoffMs: 10_000,
    handler: async ({ importId }, { attempt }) => {
      try {
        await runImport(importId);
      } catch (error) {
        if (attempt >= 5) await repo.setState(importId, ['en_curso'], 'fallida');
        throw error;
      }
    },
  });

  /** Imports every row not yet done (a restart continues where it stopped); `limit` stops after that many rows (tests). */
  async function runImport(importId: string, limit = Number.POSITIVE_INFINITY): Promise<void> {
    const batch = await repo.find(importId);
    if (!batch || batch.estado !== 'en_curso') return;
    const done = await repo.processedRows(importId);
    const rows = await plan(batch);
    const pending = rows.filter((row) => !row.vacia && !done.has(row.fila));
    const chunks: PlannedRow<unknown>[][] = [];
    for (let i = 0; i < Math.min(pending.length, limit); i += IMPORT_CHUNK) chunks.push(pending.slice(i, Math.min(i + IMPORT_CHUNK, limit)));
    // The next chunk's photos are copied while this chunk is written (files before rows, and neither waits for the other).
    let next = chunks.length > 0 ? stageChunkPhotos(pets, db, batch, chunks[0]!) : undefined;
    try {
      for (const [i, chunk] of chunks.entries()) {
        const staged = await next!;
        next = i + 1 < chunks.length ? stageChunkPhotos(pets, db, batch, chunks[i + 1]!) : undefined;
        await importChunk(batch, chunk, staged);
      }
    } finally {
      // A chunk that failed leaves the next one's copies unused.
      if (next)
        await next.then(
          (staged) => Promise.all([...staged.values()].map(({ staged: photos }) => photos.discard())),
          () => undefined,
        );
    }
    if (pending.length > limit) return;
    const f = await figures(importId);
    const ended = await repo.setState(importId, ['en_curso'], 'terminada', {
      creados: f.creados,
      actualizados: f.actualizados,
      omitidos: f.omitidos,
    });
    // The pets have their copies: the batch's own photos go (after the state, so no resume needs them).
    if (ended && batch.fotos) await removeImportPhotos(storage, log, batch.fotos);
  }

  return {
    importJob,
    runImport,

    /** `POST /api/importaciones`: reads the file, keeps it, and suggests a mapping. */
    async upload(actor: SessionUser, tipo: ImportType, file: { fileName: string; data: Buffer }): Promise<ImportUpload> {
      if (!(IMPORT_TYPES_READY as readonly string[]).includes(tipo))
        throw invalid('tipo', importMessages.typeNotYet(importTypeLabels[tipo].toLowerCase()));
      const zipped = /\.zip$/i.test(file.fileName);
      if (!zipped && file.data.length > IMPORT_MAX_BYTES) throw invalid('archivo', importMessages.fileTooBig);
      let sheet;
      let photos: Map<string, Buffer> | undefined;
      try {
        if (zipped) {
          const contents = await readZip(file.data);
          sheet = await readSpreadsheet(contents.sheet.fileName, contents.sheet.data);
          photos = contents.photos;
        } else sheet = await readSpreadsheet(file.fileName, file.data);
      } catch (error) {
        if (error instanceof ImportFileError) throw invalid('archivo', error.message);
        throw error;
      }
      const id = randomUUID();
      // Files before rows: the photos are stored first, and removed if the batch cannot be written.
      const fotos = photos && tipo === 'mascotas' ? await storeImportPhotos(storage, log, id, photos) : photos ? {} : null;
      const archivo =
        [...file.fileName]
          .filter((c) => !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(c))
          .join('')
          .slice(0, 200) || 'hoja';
      try {
        await repo.insertBatch({
          id,
          tipo,
          archivo,
          hash: createHash('sha256').update(file.data).digest('hex'),
          columnas: sheet.columnas,
          filas: sheet.filas,
          fotos,
          createdBy: actor.id,
          createdByNombre: `${actor.name} ${actor.lastname ?? ''}`.trim(),
        });
      } catch (error) {
        if (fotos) await removeImportPhotos(storage, log, fotos);
        throw error;
      }
      const saved = await repo.savedMapping(tipo);
      const own = ownFieldTargets(await ownFieldsOf(tipo));
      const sample = sheet.filas.filter((r) => r.some((c) => c.trim() !== '')).slice(0, IMPORT_SAMPLE_ROWS);
      return {
        id,
        archivo,
        tipo,
        columnas: sheet.columnas,
        muestra: sample.map((r) => Object.fromEntries(sheet.columnas.map((c, i) => [c, r[i] ?? '']))),
        filas: sheet.filas.filter((r) => r.some((c) => c.trim() !== '')).length,
        mapeoSugerido: suggestMapping(tipo, sheet.columnas, saved, tipo === 'donativos' ? GIFT_HEADERS : CARE_HEADERS, own),
        campos: [...IMPORT_FIELDS[tipo], ...own.map((f) => f.campo)],
        camposPropios: own,
      };
    },

    /** `PUT /api/importaciones/{id}/mapeo`: keeps the mapping (and remembers it for the next file), answers the dry run. */
    async setMapping(id: string, input: ImportMappingInput): Promise<ImportDryRun> {
      const batch = await batchOf(id);
      if (batch.estado !== 'analizada') throw new AppError('CONFLICT', { message: importMessages.alreadyRunning });
      const own = ownFieldTargets(await ownFieldsOf(batch.tipo as ImportType));
      const mapeo = checkMapping(batch.tipo as ImportType, batch.columnas, input.mapeo, batch.fotos !== null, own);
      const incluir = [...new Set(input.incluir ?? [])].sort((a, b) => a - b);
      await repo.setMapping(id, mapeo, input.formatoFecha ?? null, incluir);
      await repo.saveMapping(
        batch.tipo,
        batch.columnas.filter((c) => c in input.mapeo).map((c) => [fold(c), mapeo[c] ?? '']),
      );
      return dryRun({ ...batch, mapeo, formatoFecha: input.formatoFecha ?? null, incluir });
    },

    /** `POST /api/importaciones/{id}/confirmar`: the job is enqueued with the state change, once. */
    async confirm(id: string): Promise<ImportStatus> {
      const batch = await batchOf(id);
      if (!batch.mapeo) throw new AppError('CONFLICT', { message: importMessages.notAnalysed });
      await runInTransaction(db, async (tx) => {
        if (!(await createImporterRepository(tx).setState(id, ['analizada'], 'en_curso')))
          throw new AppError('CONFLICT', { message: importMessages.alreadyRunning });
        await enqueue(tx, id);
      });
      return this.status(id);
    },

    /** `GET /api/importaciones/{id}`: state, progress, figures and the rows left out with their errors. */
    async status(id: string): Promise<ImportStatus> {
      const head = await repo.findHead(id);
      if (!head) throw notFound();
      const f = await figures(id);
      const errores = (await repo.rows(id, ['error'])).map((r) => ({ fila: r.fila, columna: r.columna ?? '', mensaje: r.mensaje ?? '' }));
      return {
        id: head.id,
        archivo: head.archivo,
        tipo: head.tipo as ImportType,
        estado: head.estado as ImportState,
        progreso: head.total === 0 ? 100 : Math.min(100, Math.floor((f.procesadas * 100) / head.total)),
        filas: head.total,
        procesadas: f.procesadas,
        creados: f.creados,
        actualizados: f.actualizados,
        omitidos: f.omitidos,
        errores,
        deshechos: f.deshechos,
        conservados: f.conservados,
        creadaEn: head.createdAt.toISOString(),
      };
    },

    /**
     * `POST /api/importaciones/{id}/deshacer`: removes each record the import created that did not change since (its
     * version), in short transactions; what changed is kept (`conservados`). Again after a crash: continues.
     */
    async undo(id: string): Promise<ImportStatus> {
      const batch = await batchOf(id);
      const undoable = ['terminada', 'fallida', 'deshecha'];
      if (batch.tipo === 'donativos' && undoable.includes(batch.estado)) {
        // Money is never deleted: the gifts are annulled, and none once a donor certificate was issued with it.
        const certified = await donations.certifiedImported(
          db,
          (await repo.rows(id, ['creado'])).map((r) => r.entidadId!),
        );
        if (certified.length > 0) {
          const anios = [...new Set(certified.map((c) => c.anio))].sort().join(', ');
          throw new AppError('CONFLICT', { message: importMessages.giftsCertified(certified.length, anios) });
        }
      }
      if (!(await repo.setState(id, undoable, 'deshecha'))) throw new AppError('CONFLICT', { message: importMessages.notUndoable });
      const created = await repo.rows(id, ['creado']);
      const actor = actorOf(batch);
      for (let i = 0; i < created.length; i += UNDO_CHUNK) {
        await runInTransaction(db, async (tx) => {
          const txRepo = createImporterRepository(tx);
          for (const row of created.slice(i, i + UNDO_CHUNK)) {
            const origen = importMessages.historyOrigin(batch.archivo, row.fila);
            const removed =
              batch.tipo === 'donativos'
                ? await donations.annulImported(tx, row.entidadId!, row.version!, actor, origen, importMessages.giftUndoReason(origen))
                : batch.tipo === 'mascotas'
                  ? await pets.removeImported(tx, row.entidadId!, row.version!, actor, origen)
                  : batch.tipo === 'cuidados'
                    ? await care.removeImported(tx, row.entidadId!, row.version!, actor, origen)
                    : await persons.removeImported(tx, row.entidadId!, row.version!, actor, origen);
            if (removed) await txRepo.removeKey(batch.tipo, row.entidadId!, id);
            await txRepo.setRowResult(id, row.fila, removed ? 'deshecho' : 'conservado');
          }
        });
      }
      const f = await figures(id);
      await repo.setState(id, ['deshecha'], 'deshecha', { deshechos: f.deshechos, conservados: f.conservados });
      return this.status(id);
    },
  };
}

export type ImporterService = ReturnType<typeof createImporterService>;
