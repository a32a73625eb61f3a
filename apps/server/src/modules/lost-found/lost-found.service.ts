import {
  HONEYPOT_FIELD,
  REPORT_DAYS,
  type PublicReport,
  type LostFoundReport,
  type ReportCandidate,
  type ReportFields,
  type ReportUpdate,
  lostFoundMessages,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { SurrenderPhoto } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { linkTokenHash, newLinkToken } from '../../lib/link-token';
import { removePublicFiles, storePublicPhoto } from '../../media/public-photo-form';
import { REPORT_FOLDER } from '../../media/storage-keys';
import type { StorageProvider } from '../../storage/storage-provider';
import { type HistoryPort, publicActor } from '../history/history.port';
import { rank } from './lost-found-ranking';
import type { LostFoundRepository, ReportRow } from './lost-found.repository';

export class ReportHoneypotFilled extends Error {}

const DAY_MS = 86_400_000;

export interface LostFoundDeps {
  repo: LostFoundRepository;
  history: Pick<HistoryPort, 'record'>;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  publicUrl: string;
  clock?: () => Date;
}

/**
 * Lost and found (DESIGN section 19): public reports with a private management link, open 60 days unless renewed
 * (the expiry is computed from `venceEn`: nothing needs to run for a report to expire), the public list without
 * contact data, and the candidates staff compare.
 */
export function createLostFoundService({ repo, history, storage, log, publicUrl, clock = () => new Date() }: LostFoundDeps) {
  const stateOf = (row: ReportRow): PublicReport['estado'] =>
    row.estado === 'abierto' && row.venceEn.getTime() <= clock().getTime() ? 'caducado' : (row.estado as PublicReport['estado']);

  const toPublic = (row: ReportRow): PublicReport => ({
    id: row.id,
    tipo: row.tipo as PublicReport['tipo'],
    especie: row.especie,
    sexo: row.sexo,
    color: row.color,
    tamano: row.tamano,
    municipio: row.municipio,
    codigoPostal: row.codigoPostal,
    fecha: row.fecha,
    descripcion: row.descripcion,
    fotos: row.fotos.length,
    estado: stateOf(row),
    venceEn: row.venceEn.toISOString(),
    createdAt: row.createdAt.toISOString(),
  });
  const toReport = (row: ReportRow): LostFoundReport => ({
    ...toPublic(row),
    microchip: row.microchip,
    contacto: row.contacto,
    version: row.version,
  });

  /** An unknown, malformed or guessed token: the same 404. */
  async function byToken(token: string, lock?: { tx: LostFoundRepository }): Promise<ReportRow> {
    const hash = linkTokenHash(token);
    const row = hash ? await (lock?.tx ?? repo).byToken(hash, { lock: Boolean(lock) }) : undefined;
    if (!row) throw new AppError('NOT_FOUND', { message: lostFoundMessages.notFound });
    return row;
  }

  return {
    storePhoto: (folder: string, n: number, data: Buffer): Promise<SurrenderPhoto> => storePublicPhoto(storage, `${REPORT_FOLDER}${folder}`, n, data),
    removeFiles: (keys: string[]): Promise<void> => removePublicFiles(storage, log, keys, 'a report photo'),

    admit(fields: ReportFields): ReportFields {
      if (fields[HONEYPOT_FIELD]) throw new ReportHoneypotFilled();
      const today = clock().toISOString().slice(0, 10);
      if (fields.fecha > today)
        throw new AppError('VALIDATION_ERROR', { message: lostFoundMessages.dateInFuture, fieldErrors: { fecha: lostFoundMessages.dateInFuture } });
      return fields;
    },

    async submit(fields: ReportFields, fotos: SurrenderPhoto[]): Promise<{ id: number; url: string }> {
      const { token, tokenHash } = newLinkToken();
      const id = await repo.transaction(async (tx) => {
        const row = await tx.insert({
          tipo: fields.tipo,
          especie: fields.especie,
          sexo: fields.sexo,
          color: fields.color,
          tamano: fields.tamano,
          microchip: fields.microchip,
          municipio: fields.municipio,
          codigoPostal: fields.codigoPostal,
          fecha: fields.fecha,
          descripcion: fields.descripcion,
          contacto: fields.contacto,
          fotos,
          tokenHash,
          venceEn: new Date(clock().getTime() + REPORT_DAYS * DAY_MS),
        });
        await history.record(tx.handle, {
          actor: publicActor('Aviso público'),
          entidad: 'aviso',
          entidadId: row.id,
          accion: 'crear',
          cambios: { tipo: [null, fields.tipo], especie: [null, fields.especie], municipio: [null, fields.municipio], fotos: [null, fotos.length] },
        });
        return row.id;
      });
      return { id, url: `${publicUrl.replace(/\/$/, '')}/aviso/${token}` };
    },

    async byLink(token: string): Promise<LostFoundReport> {
      return toReport(await byToken(token));
    },

    /** The author's changes through the link: close as reunited or closed, a new description, or 60 more days. */
    async updateByLink(token: string, input: ReportUpdate): Promise<LostFoundReport> {
      const row = await repo.transaction(async (tx) => {
        const locked = await byToken(token, { tx });
        if (locked.estado !== 'abierto') throw new AppError('CONFLICT', { message: lostFoundMessages.closed });
        const values: Partial<ReportRow> = {};
        const cambios: Record<string, [string | null, string | null]> = {};
        if (input.estado) {
          values.estado = input.estado;
          cambios.estado = [locked.estado, input.estado];
        }
        if (input.descripcion !== undefined && input.descripcion !== locked.descripcion) {
          values.descripcion = input.descripcion;
          cambios.descripcion = [locked.descripcion, input.descripcion];
        }
        if (input.renovar) {
          values.venceEn = new Date(clock().getTime() + REPORT_DAYS * DAY_MS);
          cambios.venceEn = [locked.venceEn.toISOString(), values.venceEn.toISOString()];
        }
        if (Object.keys(values).length === 0) return locked;
        const updated = await tx.update(locked.id, values);
        await history.record(tx.handle, {
          actor: publicActor('Autor del aviso'),
          entidad: 'aviso',
          entidadId: locked.id,
          accion: input.estado ? 'estado' : 'modificar',
          cambios,
        });
        return updated!;
      });
      return toReport(row);
    },

    async listPublic(filter: {
      tipo?: string | undefined;
      especie?: string | undefined;
      municipio?: string | undefined;
    }): Promise<{ items: PublicReport[] }> {
      return { items: (await repo.listOpen(clock(), filter)).map(toPublic) };
    },

    async listStaff(estado: string | undefined): Promise<{ items: LostFoundReport[] }> {
      return { items: (await repo.listAll(clock(), estado)).map(toReport) };
    },

    /** Candidates for a report: open reports of the other kind and pets that entered as `extraviado`, ranked. */
    async candidates(id: number): Promise<{ items: ReportCandidate[] }> {
      const of = await repo.find(id);
      if (!of) throw new AppError('NOT_FOUND', { message: lostFoundMessages.notFound });
      const [reports, pets] = await Promise.all([repo.candidateReports(clock(), of), repo.candidatePets(of)]);
      const items = rank(of, [
        ...reports.map((r) => ({
          ...r,
          out: {
            avisoId: r.id,
            mascotaId: null,
            tipo: r.tipo as 'perdido' | 'encontrado',
            especie: r.especie,
            sexo: r.sexo,
            color: r.color,
            tamano: r.tamano,
            codigoPostal: r.codigoPostal,
            fecha: r.fecha,
            nombre: null,
          },
        })),
        ...pets.map((p) => ({
          especie: p.tipo,
          sexo: p.genero,
          color: p.color,
          tamano: p.tamano,
          microchip: p.microchip ?? '',
          codigoPostal: null,
          fecha: p.fechaIngreso?.slice(0, 10) ?? null,
          out: {
            avisoId: null,
            mascotaId: p.id,
            tipo: 'mascota' as const,
            especie: p.tipo,
            sexo: p.genero,
            color: p.color,
            tamano: p.tamano,
            codigoPostal: null,
            fecha: p.fechaIngreso?.slice(0, 10) ?? null,
            nombre: p.nombre,
          },
        })),
      ]);
      return { items };
    },
  };
}

export type LostFoundService = ReturnType<typeof createLostFoundService>;
