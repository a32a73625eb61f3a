import {
  LATE_CANCEL_HOURS,
  PUBLIC_SHIFT_WEEKS,
  VOLUNTEER_LINK_DAYS,
  type PublicShift,
  type SessionUser,
  type VolunteerLink,
  type VolunteerLinkState,
  type VolunteerView,
  dayInZone,
  longDay,
  personMessages,
  staffNoticeTexts,
  volunteerMessages,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { linkTokenHash, newLinkToken } from '../../lib/link-token';
import { type HistoryPort, linkActor, userActor } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import type { ShiftRow, VolunteerLinkRow, VolunteersRepository } from './volunteers.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const notFound = () => new AppError('NOT_FOUND', { message: volunteerMessages.notFound });
const firstName = (nombre: string) => nombre.trim().replace(/\s+/g, ' ');
const fullName = (p: { nombre: string; apellidos: string }) => `${p.nombre} ${p.apellidos}`.trim().replace(/\s+/g, ' ');
const hhmm = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('es-ES', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(instant);

export interface VolunteerLinksDeps {
  db: Database;
  repo: VolunteersRepository;
  persons: Pick<PersonsPort, 'contactOf'>;
  history: Pick<HistoryPort, 'record'>;
  publicUrl: string;
  organizationName?: () => Promise<string | null>;
  /** Spends one request of a link's hourly budget (shared by every instance); false when it is spent. */
  linkRequests: (linkId: number) => boolean;
  /** A late cancellation e-mails the staff who asked to be told (`turnos` in "Mis avisos por correo"). */
  messages: Pick<MessagesPort, 'notifyStaff'>;
  timeZone: TimeZoneSource;
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
  messages,
  timeZone,
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

  function toPublic(row: Pick<ShiftRow, 'id' | 'tarea' | 'inicio' | 'fin' | 'lugar' | 'plazas'> & { taken: number }, apuntado: boolean): PublicShift {
    return {
      id: row.id,
      tarea: row.tarea,
      inicio: row.inicio.toISOString(),
      fin: row.fin.toISOString(),
      lugar: row.lugar,
      libres: Math.max(0, row.plazas - Number(row.taken)),
      apuntado,
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

    /**
     * What the link shows: the first name, the shifts the person is on, and the shifts with free places of one week
     * (`semana` 0 = the seven days from now, up to the fourth): at 2 000 shifts a month a phone gets a week at a time.
     */
    async view(token: string, semana = 0): Promise<VolunteerView> {
      const link = await linkOf(token);
      const person = await personOf(db, link);
      const now = clock();
      const from = semana === 0 ? now : new Date(now.getTime() + semana * 7 * DAY_MS);
      const to = new Date(now.getTime() + (semana + 1) * 7 * DAY_MS);
      const mine = await repo.shiftsOfPerson(link.personaId, now);
      const mineIds = new Set(mine.map((r) => r.id));
      const open = await repo.openShiftsBetween(from, to);
      return {
        organizacion: { nombre: (await organizationName?.()) ?? null },
        persona: { nombre: firstName(person.nombre) },
        turnos: open.map((r) => toPublic(r, mineIds.has(r.id))),
        mios: mine.map((r) => toPublic(r, true)),
        semana,
        semanas: PUBLIC_SHIFT_WEEKS,
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
        if (existing && existing.estado !== 'cancelado') return toPublic({ ...row, taken }, true);
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
        return toPublic({ ...row, taken: taken + 1 }, true);
      });
    },

    /**
     * Cancels the person's place. Within 24 hours of the start the shift has a gap staff must fill: it is counted in
     * "Pendientes" (`turnosSinCubrir`), the event says so and the staff who asked to be told get an e-mail.
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
        if (tarde) {
          const zone = await timeZone(tx.handle);
          const when = `${longDay(dayInZone(row.inicio, zone))} a las ${hhmm(row.inicio, zone)}`;
          await messages.notifyStaff(tx.handle, 'turnos', staffNoticeTexts.lateCancel(fullName(person), row.tarea, when), {
            entidad: 'turno',
            id: row.id,
          });
        }
        return { tarde };
      });
    },
  };
}

export type VolunteerLinksService = ReturnType<typeof createVolunteerLinksService>;
