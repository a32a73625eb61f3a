import {
  HONEYPOT_FIELD,
  REPORT_DAYS,
  REPORT_HEADLINES,
  type SessionUser,
  type StaffReportState,
  type StaffReportsQuery,
  petThumbnailUrl,
  publicReportPath,
  reportFacts,
  staffReportPhotoPath,
  type PublicReport,
  type LostFoundReport,
  type OwnReport,
  type ReportCandidate,
  type ReportFields,
  type ReportUpdate,
  lostFoundMessages,
  reportLinkEmail,
} from '@refugio/contracts';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { SurrenderPhoto } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { linkTokenHash, newLinkToken } from '../../lib/link-token';
import { removePublicFiles, storePublicPhoto } from '../../media/public-photo-form';
import { REPORT_FOLDER } from '../../media/storage-keys';
import type { StorageProvider } from '../../storage/storage-provider';
import { type HistoryPort, publicActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { ReachPort } from '../reach/reach.port';
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
  reach: ReachPort;
  messages: Pick<MessagesPort, 'send'>;
  clock?: () => Date;
}

/** An e-mail address inside the report's contact ("612 345 678 o ana@example.com"), or undefined. */
export function emailInContact(contacto: string): string | undefined {
  return /[^\s@,;:<>()]+@[^\s@,;:<>()]+\.[^\s@,;:<>().]+/.exec(contacto)?.[0];
}

/** The colours of the card's badge and the poster's band: red for a lost animal, green for a found one. */
const HEADLINE_COLOURS = { perdido: '#c92a2a', encontrado: '#237032' } as const;
/** A stored photo larger than this is not read for a card or poster (stored photos are re-encoded, far smaller). */
const PHOTO_MAX_BYTES = 20 * 1024 * 1024;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > PHOTO_MAX_BYTES) {
      body.destroy();
      throw new Error('stored photo too large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Lost and found (DESIGN section 19): public reports with a private management link, open 60 days unless renewed
 * (the expiry is computed from `venceEn`: nothing needs to run for a report to expire), the public list without
 * contact data, and the candidates staff compare.
 */
export function createLostFoundService({ repo, history, storage, log, publicUrl, reach, messages, clock = () => new Date() }: LostFoundDeps) {
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
  /** The author's view: whether the private link may open the report again (one that staff closed, it may not). */
  async function ownReport(row: ReportRow): Promise<OwnReport> {
    const closed = row.estado === 'reunido' || row.estado === 'cerrado';
    return { ...toReport(row), reabrible: closed && !(await repo.closedByStaff(row.id)) };
  }

  async function byToken(token: string, lock?: { tx: LostFoundRepository }): Promise<ReportRow> {
    const hash = linkTokenHash(token);
    const row = hash ? await (lock?.tx ?? repo).byToken(hash, { lock: Boolean(lock) }) : undefined;
    if (!row) throw new AppError('NOT_FOUND', { message: lostFoundMessages.notFound });
    return row;
  }

  const isPublic = (row: ReportRow) => row.estado === 'abierto' && row.venceEn.getTime() > clock().getTime();
  const notFound = () => new AppError('NOT_FOUND', { message: lostFoundMessages.notFound });
  const origin = publicUrl.replace(/\/$/, '');

  /** The first photo as stored, or undefined (none, or missing in storage: the card is made without it). */
  async function firstPhoto(row: ReportRow): Promise<Buffer | undefined> {
    const photo = row.fotos[0];
    if (!photo) return undefined;
    const found = await storage.get(photo.key);
    return found ? readAll(found.body) : undefined;
  }

  /** Rendered cards by report and version (a change makes a new one): the few being shared today, oldest dropped first. */
  const cards = new Map<string, Buffer>();
  const CARDS_KEPT = 32;

  const title = (row: ReportRow) => `${row.especie} ${row.tipo === 'perdido' ? 'perdido' : 'encontrado'} en ${row.municipio}`;

  async function poster(row: ReportRow, contactLines: string[] | undefined): Promise<{ pdf: Buffer; nombre: string }> {
    const photo = await firstPhoto(row);
    const pdf = await reach.renderPoster({
      nombre: title(row),
      facts: reportFacts(row),
      description: row.descripcion,
      url: `${origin}${publicReportPath(row.id)}`,
      photo,
      headline: REPORT_HEADLINES[row.tipo as 'perdido'],
      headlineColour: HEADLINE_COLOURS[row.tipo as 'perdido'],
      scanText: lostFoundMessages.posterScan,
      ...(contactLines ? { contactLines } : {}),
    });
    return { pdf, nombre: title(row) };
  }

  return {
    /** The storage key of one photo (or its thumbnail): the public see open reports' only, staff any. */
    async photo(id: number, indice: number, thumbnail: boolean, audience: 'public' | 'staff'): Promise<{ key: string; contentType: string }> {
      const row = await repo.find(id);
      if (!row || (audience === 'public' && !isPublic(row))) throw notFound();
      const photo = row.fotos[indice];
      if (!photo) throw new AppError('NOT_FOUND', { message: lostFoundMessages.photoNotFound });
      return thumbnail ? { key: photo.thumbKey, contentType: 'image/webp' } : { key: photo.key, contentType: photo.contentType };
    },

    /** The share card of an open report: "SE BUSCA" or "ENCONTRADO" over its first photo, with its facts. */
    async card(id: number): Promise<{ jpeg: Buffer; nombre: string }> {
      const row = await repo.find(id);
      if (!row || !isPublic(row)) throw notFound();
      const key = `${row.id}:${row.version}:${row.createdAt.getTime()}`;
      let jpeg = cards.get(key);
      if (!jpeg) {
        jpeg = await reach.renderCard({
          nombre: title(row),
          facts: reportFacts(row).slice(0, 3),
          photo: await firstPhoto(row),
          badge: REPORT_HEADLINES[row.tipo as 'perdido'],
          badgeColour: HEADLINE_COLOURS[row.tipo as 'perdido'],
        });
        cards.set(key, jpeg);
        if (cards.size > CARDS_KEPT) cards.delete(cards.keys().next().value!);
      }
      return { jpeg, nombre: title(row) };
    },

    /** The author's poster (through the link): their contact at the foot. */
    async posterByLink(token: string): Promise<{ pdf: Buffer; nombre: string }> {
      const row = await byToken(token);
      if (row.estado !== 'abierto') throw new AppError('CONFLICT', { message: lostFoundMessages.closed });
      return poster(row, [row.contacto]);
    },

    /** The staff's poster: the organisation's contact at the foot. */
    async posterForStaff(id: number): Promise<{ pdf: Buffer; nombre: string }> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      return poster(row, undefined);
    },

    /** Staff close a report as reunited (or closed), at the version they saw. */
    async setStateByStaff(user: SessionUser, id: number, input: StaffReportState): Promise<LostFoundReport> {
      const row = await repo.transaction(async (tx) => {
        const locked = await tx.lock(id);
        if (!locked) throw notFound();
        if (locked.version !== input.version) throw new AppError('CONFLICT', { message: lostFoundMessages.staleVersion });
        if (locked.estado !== 'abierto') throw new AppError('CONFLICT', { message: lostFoundMessages.closed });
        const updated = await tx.update(id, { estado: input.estado });
        await history.record(tx.handle, {
          actor: userActor(user),
          entidad: 'aviso',
          entidadId: id,
          accion: 'estado',
          cambios: { estado: [locked.estado, input.estado] },
        });
        return updated!;
      });
      return ownReport(row);
    },

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
      const url = `${origin}/aviso/${token}`;
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
        // The private link is shown once; when the contact holds an e-mail it is sent there too, with the report.
        const email = emailInContact(fields.contacto);
        if (email)
          await messages.send(tx.handle, {
            para: { nombre: 'Autor del aviso', email },
            canal: 'email',
            texto: reportLinkEmail(title(row), url),
            relacion: { entidad: 'aviso', id: row.id },
            actor: publicActor('Aviso público'),
          });
        return row.id;
      });
      return { id, url };
    },

    async byLink(token: string): Promise<OwnReport> {
      return ownReport(await byToken(token));
    },

    /**
     * The author's changes through the link: close as reunited or closed, a new description, or 60 more days; a
     * closed report (reunited or closed) is opened again for 60 days (`estado: 'abierto'`), as a slip is undone;
     * one that staff closed is not (409).
     */
    async updateByLink(token: string, input: ReportUpdate): Promise<OwnReport> {
      const row = await repo.transaction(async (tx) => {
        const locked = await byToken(token, { tx });
        if (input.estado === 'abierto') {
          if (locked.estado === 'abierto') throw new AppError('CONFLICT', { message: lostFoundMessages.alreadyOpen });
          if (await tx.closedByStaff(locked.id)) throw new AppError('CONFLICT', { message: lostFoundMessages.closedByStaff });
          const venceEn = new Date(clock().getTime() + REPORT_DAYS * DAY_MS);
          const reopened = await tx.update(locked.id, { estado: 'abierto', venceEn });
          await history.record(tx.handle, {
            actor: publicActor('Autor del aviso'),
            entidad: 'aviso',
            entidadId: locked.id,
            accion: 'estado',
            cambios: { estado: [locked.estado, 'abierto'], venceEn: [locked.venceEn.toISOString(), venceEn.toISOString()] },
          });
          return reopened!;
        }
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
      return ownReport(row);
    },

    async listPublic(filter: {
      tipo?: string | undefined;
      especie?: string | undefined;
      municipio?: string | undefined;
    }): Promise<{ items: PublicReport[] }> {
      return { items: (await repo.listOpen(clock(), filter)).map(toPublic) };
    },

    async listStaff(filter: StaffReportsQuery): Promise<{ items: LostFoundReport[] }> {
      return { items: (await repo.listAll(clock(), filter)).map(toReport) };
    },

    async one(id: number): Promise<LostFoundReport> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      return toReport(row);
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
            municipio: r.municipio,
            descripcion: r.descripcion,
            foto: r.fotos.length > 0 ? staffReportPhotoPath(r.id, 0) : null,
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
            municipio: null,
            descripcion: null,
            foto: p.imagenPrincipal ? petThumbnailUrl(p.id, p.imagenPrincipal) : null,
          },
        })),
      ]);
      return { items };
    },
  };
}

export type LostFoundService = ReturnType<typeof createLostFoundService>;
