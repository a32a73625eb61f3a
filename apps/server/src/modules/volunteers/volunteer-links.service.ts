import {
  LATE_CANCEL_HOURS,
  SHIFT_HORIZON_DAYS,
  VOLUNTEER_LINK_DAYS,
  type PublicShift,
  type SessionUser,
  type VolunteerLink,
  type VolunteerLinkState,
  type VolunteerView,
  personMessages,
  volunteerMessages,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { linkTokenHash, newLinkToken } from '../../lib/link-token';
import { type HistoryPort, linkActor, userActor } from '../history/history.port';
import type { PersonsPort } from '../persons/persons.port';
import type { ShiftRow, VolunteerLinkRow, VolunteersRepository } from './volunteers.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const notFound = () => new AppError('NOT_FOUND', { message: volunteerMessages.notFound });
const firstName = (nombre: string) => nombre.trim().replace(/\s+/g, ' ');

export interface VolunteerLinksDeps {
  db: Database;
  repo: VolunteersRepository;
  persons: Pick<PersonsPort, 'contactOf'>;
  history: Pick<HistoryPort, 'record'>;
  publicUrl: string;
  organizationName?: () => Promise<string | null>;
  /** Spends one request of a link's hourly budget (shared by every instance); false when it is spent. */
  linkRequests: (linkId: number) => boolean;
  clock?: () => Date;
}

/** The volunteer's link without an account (DESIGN section 17): staff make and revoke it; the volunteer signs up with it. */
export function createVolunteerLinksService({
  db,
  repo,
  persons,
  history,
  publicUrl,
  organizationName,
  linkRequests,
  clock = () => new Date(),
}: VolunteerLinksDeps) {
  /** The link of a token; unknown, revoked and expired answer the same 404. */
  async function linkOf(token: string): Promise<VolunteerLinkRow> {
    const tokenHash = linkTokenHash(token);
    const link = tokenHash ? await repo.activeLink(tokenHash, clock()) : undefined;
    if (!link) throw notFound();
    if (!linkRequests(link.id)) throw new AppError('RATE_LIMITED', { message: volunteerMessages.requests });
    return link;
  }

  async function personOf(executor: Database, link: VolunteerLinkRow) {
    const person = await persons.contactOf(executor, link.personaId);
    if (!person || person.anonimizada) throw notFound();
    return person;
  }

  function toPublic(row: ShiftRow, taken: Map<number, number>, mine: Set<number>): PublicShift {
    return {
      id: row.id,
      tarea: row.tarea,
      inicio: row.inicio.toISOString(),
      fin: row.fin.toISOString(),
      lugar: row.lugar,
      libres: Math.max(0, row.plazas - (taken.get(row.id) ?? 0)),
      apuntado: mine.has(row.id),
    };
  }

  return {
    async createLink(actor: SessionUser, personaId: number): Promise<VolunteerLink> {
      const person = await persons.contactOf(db, personaId);
      if (!person || person.anonimizada) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
      const { token, tokenHash } = newLinkToken();
      const venceEn = new Date(clock().getTime() + VOLUNTEER_LINK_DAYS * DAY_MS);
      await repo.transaction(async (tx) => {
        await tx.lockLinksOf(personaId);
        for (const id of await tx.revokeLinksOf(personaId, clock()))
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'enlace_voluntariado',
            entidadId: id,
            accion: 'estado',
            cambios: { revocado: [false, true] },
          });
        const link = await tx.insertLink({ personaId, tokenHash, venceEn, createdBy: actor.id });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'enlace_voluntariado',
          entidadId: link.id,
          accion: 'crear',
          cambios: { personaId: [null, personaId], venceEn: [null, venceEn.toISOString()] },
        });
      });
      return { url: `${publicUrl}/voluntariado/${token}`, venceEn: venceEn.toISOString() };
    },

    async linkState(personaId: number): Promise<VolunteerLinkState> {
      const person = await persons.contactOf(db, personaId);
      if (!person) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
      const link = await repo.activeLinkOf(personaId, clock());
      return { activo: Boolean(link), venceEn: link ? link.venceEn.toISOString() : null };
    },

    async revoke(actor: SessionUser, personaId: number): Promise<void> {
      const person = await persons.contactOf(db, personaId);
      if (!person) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
      await repo.transaction(async (tx) => {
        await tx.lockLinksOf(personaId);
        for (const id of await tx.revokeLinksOf(personaId, clock()))
          await history.record(tx.handle, {
            actor: userActor(actor),
            entidad: 'enlace_voluntariado',
            entidadId: id,
            accion: 'estado',
            cambios: { revocado: [false, true] },
          });
      });
    },

    /** What the link shows: the first name, the shifts of the next eight weeks and those the person is on. */
    async view(token: string): Promise<VolunteerView> {
      const link = await linkOf(token);
      const person = await personOf(db, link);
      const now = clock();
      const rows = await repo.shiftsBetween(now, new Date(now.getTime() + SHIFT_HORIZON_DAYS * DAY_MS));
      const mineIds = await repo.shiftIdsOf(link.personaId, now);
      const signups = await repo.signupsOf([...new Set([...rows.map((r) => r.id), ...mineIds])]);
      const taken = new Map<number, number>();
      for (const s of signups) taken.set(s.turnoId, (taken.get(s.turnoId) ?? 0) + 1);
      const mine = new Set(mineIds);
      const extra = await Promise.all(mineIds.filter((id) => !rows.some((r) => r.id === id)).map((id) => repo.findShift(id)));
      const all = [...rows, ...extra.filter((r): r is ShiftRow => r !== undefined)].sort((a, b) => a.inicio.getTime() - b.inicio.getTime());
      return {
        organizacion: { nombre: (await organizationName?.()) ?? null },
        persona: { nombre: firstName(person.nombre) },
        turnos: rows.map((r) => toPublic(r, taken, mine)),
        mios: all.filter((r) => mine.has(r.id)).map((r) => toPublic(r, taken, mine)),
      };
    },

    /**
     * Signs the link's person up. The shift's row is locked while its places are counted and the signup written, so
     * two people asking for the last place at once (on any instance) are served one after the other: one gets it.
     */
    async signUp(token: string, turnoId: number): Promise<PublicShift> {
      const link = await linkOf(token);
      return repo.transaction(async (tx) => {
        const person = await personOf(tx.handle, link);
        const row = await tx.lockShift(turnoId);
        if (!row) throw new AppError('NOT_FOUND', { message: volunteerMessages.shiftNotFound });
        if (row.inicio <= clock()) throw new AppError('CONFLICT', { message: volunteerMessages.started });
        const existing = await tx.signup(turnoId, link.personaId);
        const taken = await tx.takenPlaces(turnoId);
        if (existing && existing.estado !== 'cancelado') return toPublic(row, new Map([[row.id, taken]]), new Set([row.id]));
        if (taken >= row.plazas) throw new AppError('CONFLICT', { message: volunteerMessages.full });
        let id: number;
        if (existing) {
          await tx.setSignup(existing.id, { estado: 'apuntado', minutos: null }, clock());
          id = existing.id;
        } else id = (await tx.insertSignup({ turnoId, personaId: link.personaId, estado: 'apuntado' })).id;
        await history.record(tx.handle, {
          actor: linkActor(firstName(person.nombre)),
          entidad: 'turno_apuntado',
          entidadId: id,
          accion: existing ? 'estado' : 'crear',
          cambios: {
            turnoId: [existing ? turnoId : null, turnoId],
            personaId: [existing ? link.personaId : null, link.personaId],
            estado: [existing?.estado ?? null, 'apuntado'],
          },
        });
        return toPublic(row, new Map([[row.id, taken + 1]]), new Set([row.id]));
      });
    },

    /**
     * Cancels the person's place. Within 24 hours of the start the shift has a gap staff must fill: it is counted in
     * "Pendientes" (`turnosSinCubrir`) and the event says `tarde`.
     */
    async cancel(token: string, turnoId: number): Promise<{ tarde: boolean }> {
      const link = await linkOf(token);
      return repo.transaction(async (tx) => {
        const person = await personOf(tx.handle, link);
        const row = await tx.lockShift(turnoId);
        if (!row) throw new AppError('NOT_FOUND', { message: volunteerMessages.shiftNotFound });
        const existing = await tx.signup(turnoId, link.personaId);
        if (!existing || existing.estado !== 'apuntado') throw new AppError('NOT_FOUND', { message: volunteerMessages.notSignedUp });
        if (row.inicio <= clock()) throw new AppError('CONFLICT', { message: volunteerMessages.started });
        await tx.setSignup(existing.id, { estado: 'cancelado', minutos: null }, clock());
        const tarde = row.inicio.getTime() - clock().getTime() < LATE_CANCEL_HOURS * HOUR_MS;
        await history.record(tx.handle, {
          actor: linkActor(firstName(person.nombre)),
          entidad: 'turno_apuntado',
          entidadId: existing.id,
          accion: 'estado',
          cambios: { estado: ['apuntado', tarde ? 'cancelado (menos de 24 h antes)' : 'cancelado'] },
        });
        return { tarde };
      });
    },
  };
}

export type VolunteerLinksService = ReturnType<typeof createVolunteerLinksService>;
