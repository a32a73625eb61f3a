import {
  INSPECTION_LIMITS,
  type Inspection,
  type InspectionCreated,
  type InspectionPet,
  type InspectionRead,
  type InspectionState,
  type InspectionView,
  type SessionUser,
  addDaysToDay,
  dayInZone,
  inspectionMessages,
  wallTimeToInstant,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import { hashLinkToken, linkTokenHash, newLinkToken } from '../../lib/link-token';
import { type HistoryPort, linkActor, userActor } from '../history/history.port';
import type { OrganizationPort } from '../organization/organization.port';
import type { RegisterBookPort } from '../register-book/register-book.port';
import type { InspectionRow, InspectionsRepository } from './inspections.repository';

const notFound = () => new AppError('NOT_FOUND', { message: inspectionMessages.notFound });
/** What an impossible token is looked up by: no token ever issued hashes to it, and the refusal costs the same read. */
const NO_TOKEN_HASH = hashLinkToken('-');

export interface InspectionsDeps {
  repo: InspectionsRepository;
  registerBook: Pick<RegisterBookPort, 'lines'>;
  history: Pick<HistoryPort, 'record'>;
  organization: Pick<OrganizationPort, 'stored' | 'timeZone'>;
  publicUrl: string;
  /** Spends one request of a link's hourly budget (shared by every instance); false when it is spent. */
  linkRequests: (inspectionId: number) => boolean;
  clock?: () => Date;
}

/** The last day a link is valid, in the organisation's zone: it ends at the start of the next day there. */
const lastDay = (venceEn: Date, timeZone: string) => dayInZone(new Date(venceEn.getTime() - 1), timeZone);

function stateOf(row: InspectionRow, now: Date): InspectionState {
  if (row.revocadaEn) return 'revocada';
  return row.venceEn <= now ? 'vencida' : 'activa';
}

/** Inspection links (DESIGN section 16): opened and revoked by administrators, read by an inspector without an account. */
export function createInspectionsService({
  repo,
  registerBook,
  history,
  organization,
  publicUrl,
  linkRequests,
  clock = () => new Date(),
}: InspectionsDeps) {
  /**
   * The link of a token. Unknown, expired and revoked tokens (and text that cannot be a token) answer the same 404
   * after the same single lookup; a known link then spends one request of its hourly budget.
   */
  async function linkOf(token: string): Promise<InspectionRow> {
    const link = await repo.active(linkTokenHash(token) ?? NO_TOKEN_HASH, clock());
    if (!link) throw notFound();
    if (!linkRequests(link.id)) throw new AppError('RATE_LIMITED', { message: inspectionMessages.requests });
    return link;
  }

  /** The one history event of a read through the link, named by the inspection (never by its token). */
  async function recordRead(link: InspectionRow, mascotaId?: number): Promise<void> {
    await history.record(repo.handle, {
      actor: linkActor(`${link.nombre} (${link.organismo})`),
      entidad: 'inspeccion',
      entidadId: link.id,
      accion: 'enviar',
      cambios: mascotaId === undefined ? { lectura: [null, 'libro'] } : { lectura: [null, 'mascota'], mascotaId: [null, mascotaId] },
    });
  }

  return {
    /** A new link working until the end of `hasta` (the organisation's day), which must be today to 30 days ahead. */
    async create(actor: SessionUser, input: { nombre: string; organismo: string; hasta: string }): Promise<InspectionCreated> {
      const timeZone = await organization.timeZone();
      const today = dayInZone(clock(), timeZone);
      const invalid = (message: string) => new AppError('VALIDATION_ERROR', { message, fieldErrors: { hasta: message } });
      if (input.hasta < today) throw invalid(inspectionMessages.untilPast);
      if (input.hasta > addDaysToDay(today, INSPECTION_LIMITS.maxDays)) throw invalid(inspectionMessages.untilTooFar);
      const venceEn = wallTimeToInstant(`${addDaysToDay(input.hasta, 1)} 00:00`, timeZone);
      if (!venceEn) throw invalid(inspectionMessages.untilInvalid);
      const { token, tokenHash } = newLinkToken();
      const row = await repo.transaction(async (tx) => {
        const created = await tx.insert({ nombre: input.nombre, organismo: input.organismo, tokenHash, venceEn, createdBy: actor.id });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'inspeccion',
          entidadId: created.id,
          accion: 'crear',
          cambios: { nombre: [null, input.nombre], organismo: [null, input.organismo], venceEn: [null, venceEn.toISOString()] },
        });
        return created;
      });
      return { id: row.id, url: `${publicUrl}/inspeccion/${token}`, venceEn: venceEn.toISOString(), hasta: input.hasta };
    },

    /** Every link with its state and what was read through it. */
    async list(): Promise<Inspection[]> {
      const now = clock();
      const timeZone = await organization.timeZone();
      const rows = await repo.list();
      const reads = await repo.reads(rows.map((r) => r.id));
      const petIds = [...new Set(reads.map((r) => Number(mascotaIdOf(r.cambios))).filter((id) => Number.isInteger(id) && id > 0))];
      const names = await repo.petNames(petIds);
      return rows.map((row) => ({
        id: row.id,
        nombre: row.nombre,
        organismo: row.organismo,
        estado: stateOf(row, now),
        venceEn: row.venceEn.toISOString(),
        hasta: lastDay(row.venceEn, timeZone),
        revocadaEn: row.revocadaEn ? row.revocadaEn.toISOString() : null,
        creadaEn: row.createdAt.toISOString(),
        creadaPor: row.creadaPor,
        lecturas: reads
          .filter((r) => r.inspectionId === row.id)
          .map((r): InspectionRead => {
            const mascotaId = mascotaIdOf(r.cambios);
            return {
              en: r.en.toISOString(),
              lectura: mascotaId === null ? 'libro' : 'mascota',
              mascota: mascotaId === null ? null : { id: mascotaId, nombre: names.get(mascotaId) ?? '' },
            };
          }),
      }));
    },

    /** Revokes a link: from now on its token answers the same 404 as an unknown one. */
    async revoke(actor: SessionUser, id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        const row = await tx.lock(id);
        if (!row) throw new AppError('NOT_FOUND', { message: inspectionMessages.inspectionNotFound });
        if (row.revocadaEn) throw new AppError('CONFLICT', { message: inspectionMessages.alreadyRevoked });
        await tx.revoke(id, clock());
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'inspeccion',
          entidadId: id,
          accion: 'estado',
          cambios: { revocada: [false, true] },
        });
      });
    },

    /** What the link shows: who it is for, until when, the organisation, and the register book of every year. */
    async view(token: string): Promise<InspectionView> {
      const link = await linkOf(token);
      const [libro, org, timeZone] = await Promise.all([registerBook.lines(repo.handle, {}), organization.stored(), organization.timeZone()]);
      await recordRead(link);
      return {
        nombre: link.nombre,
        organismo: link.organismo,
        venceEn: link.venceEn.toISOString(),
        hasta: lastDay(link.venceEn, timeZone),
        organizacion: { nombre: org.nombre, nucleoZoologico: org.nucleoZoologico, registroEntidades: org.registroEntidades },
        libro,
      };
    },

    /** An animal of the book: its identity, its lines, its care record and its movements (no person beyond the lines). */
    async pet(token: string, petId: number): Promise<InspectionPet> {
      const link = await linkOf(token);
      const lineas = (await registerBook.lines(repo.handle, {})).filter((line) => line.mascotaId === petId);
      const identity = lineas.length > 0 ? await repo.petIdentity(petId) : undefined;
      if (!identity) throw new AppError('NOT_FOUND', { message: inspectionMessages.petNotFound });
      const [cuidados, movimientos] = await Promise.all([repo.care(petId), repo.movements(petId)]);
      await recordRead(link, petId);
      return {
        mascota: identity,
        lineas,
        cuidados: cuidados as InspectionPet['cuidados'],
        movimientos: movimientos as InspectionPet['movimientos'],
      };
    },
  };
}

function mascotaIdOf(cambios: Record<string, unknown> | null): number | null {
  const pair = cambios?.mascotaId;
  const value = Array.isArray(pair) ? (pair[1] as unknown) : null;
  return typeof value === 'number' ? value : null;
}

export type InspectionsService = ReturnType<typeof createInspectionsService>;
