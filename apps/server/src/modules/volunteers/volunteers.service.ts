import {
  type AttendanceInput,
  type CreateShiftInput,
  type SessionUser,
  type Shift,
  type ShiftTemplate,
  type ShiftTemplateInput,
  type SignupState,
  type VolunteerHours,
  type VolunteerProfile,
  type VolunteerProfileInput,
  addDaysToDay,
  dayInZone,
  longDay,
  personMessages,
  volunteerMessages,
  wallTimeToInstant,
} from '@refugio/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { DocumentsPort } from '../documents/documents.port';
import type { HistoryPort } from '../history/history.port';
import type { MessagesPort } from '../messages/messages.port';
import { changedFields, systemActor, userActor } from '../history/history.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import { renderHoursCertificatePdf } from './hours-certificate-pdf';
import { daysOfPattern, shiftInstant, templateWindow } from './shift-times';
import type { ListedShift, ShiftInsert, ShiftRow, SignupWithName, TemplateRow, VolunteersRepository } from './volunteers.repository';

const HOUR_MS = 60 * 60 * 1000;
const hhmm = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('es-ES', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(instant);
const shiftNotFound = () => new AppError('NOT_FOUND', { message: volunteerMessages.shiftNotFound });
const badInput = (field: string, message: string) => new AppError('VALIDATION_ERROR', { message, fieldErrors: { [field]: message } });
/** Minutes as hours with two decimals at most. */
export const minutesToHours = (minutos: number) => Math.round((minutos / 60) * 100) / 100;

export interface VolunteersDeps {
  db: Database;
  repo: VolunteersRepository;
  persons: Pick<PersonsPort, 'contactOf' | 'identityOf'>;
  history: Pick<HistoryPort, 'record'>;
  /** The person's agreement: its state on the profile, and whether an id given is theirs. */
  documents: Pick<DocumentsPort, 'personAgreement' | 'documentOwner'>;
  timeZone: TimeZoneSource;
  organization: () => Promise<{ nombre: string | null; nif: string | null; direccion: string | null }>;
  /** The reminder by WhatsApp staff send from the shift (a volunteer without e-mail). */
  messages: Pick<MessagesPort, 'send'>;
  clock?: () => Date;
}

export function toShift(row: ListedShift, signups: SignupWithName[] | Map<number, SignupWithName[]>): Shift {
  const mine = signups instanceof Map ? (signups.get(row.id) ?? []) : signups.filter((s) => s.turnoId === row.id);
  return {
    id: row.id,
    tarea: row.tarea,
    inicio: row.inicio.toISOString(),
    fin: row.fin.toISOString(),
    plazas: row.plazas,
    lugar: row.lugar,
    notas: row.notas,
    plantillaId: row.plantillaId,
    apuntados: mine.map((s) => ({
      persona: { id: s.personaId, nombre: `${s.nombre} ${s.apellidos}`.trim() },
      estado: s.estado as SignupState,
      horas: s.minutos === null ? null : minutesToHours(s.minutos),
    })),
    libres: Math.max(0, row.plazas - mine.length),
  };
}

const toTemplate = (row: TemplateRow): ShiftTemplate => ({
  id: row.id,
  tarea: row.tarea,
  diasSemana: row.diasSemana,
  horaInicio: row.horaInicio,
  horaFin: row.horaFin,
  plazas: row.plazas,
  desde: row.desde,
  hasta: row.hasta,
  lugar: row.lugar,
});

/** Volunteers and shifts for staff (DESIGN section 17): the profile, shifts, templates, attendance, hours. */
export function createVolunteersService({
  db,
  repo,
  persons,
  history,
  documents,
  timeZone,
  organization,
  messages,
  clock = () => new Date(),
}: VolunteersDeps) {
  async function personOrThrow(executor: Database, personaId: number) {
    const person = await persons.contactOf(executor, personaId);
    if (!person || person.anonimizada) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
    return person;
  }

  /** The person's latest volunteer agreement not annulled: prepared (borrador, enviado) or signed. */
  async function agreementOf(executor: Database, personaId: number): Promise<VolunteerProfile['acuerdo']> {
    const doc = await documents.personAgreement(executor, personaId, 'acuerdo_voluntariado');
    return doc ? { id: doc.id, estado: doc.estado, firmadoEn: doc.firmadoEn?.toISOString() ?? null } : null;
  }

  async function shiftsWithPeople(executor: VolunteersRepository, rows: ShiftRow[]): Promise<Shift[]> {
    const byShift = new Map<number, SignupWithName[]>();
    const signups = await executor.signupsOf(rows.map((r) => r.id));
    for (const s of signups) {
      const list = byShift.get(s.turnoId);
      if (list) list.push(s);
      else byShift.set(s.turnoId, [s]);
    }
    return rows.map((r) => toShift(r, byShift));
  }

  /** The shifts of a template for its window on `today` (a day that has one already is skipped). */
  async function materialise(tx: VolunteersRepository, template: TemplateRow, zone: string, today: string): Promise<ShiftRow[]> {
    const window = templateWindow(template, today);
    if (!window) return [];
    const now = clock();
    const values: ShiftInsert[] = [];
    for (const dia of daysOfPattern(window.from, window.to, template.diasSemana)) {
      const inicio = wallTimeToInstant(`${dia} ${template.horaInicio}`, zone);
      const fin = wallTimeToInstant(`${dia} ${template.horaFin}`, zone);
      if (!inicio || !fin || fin <= inicio || inicio <= now) continue;
      values.push({ tarea: template.tarea, inicio, fin, dia, plazas: template.plazas, lugar: template.lugar, notas: null, plantillaId: template.id });
    }
    return tx.insertTemplateShifts(values);
  }

  async function yearBounds(anio: number, executor?: Database) {
    const zone = await timeZone(executor);
    return { from: wallTimeToInstant(`${anio}-01-01 00:00`, zone)!, to: wallTimeToInstant(`${anio + 1}-01-01 00:00`, zone)!, zone };
  }

  return {
    async profile(personaId: number): Promise<VolunteerProfile> {
      await personOrThrow(db, personaId);
      const row = await repo.profile(personaId);
      return {
        tareas: row?.tareas ?? [],
        disponibilidad: row?.disponibilidad ?? '',
        formacion: row?.formacion ?? [],
        acuerdoDocumentoId: row?.acuerdoDocumentoId ?? null,
        acuerdo: await agreementOf(db, personaId),
      };
    },

    /**
     * A volunteer agreement just signed (told by the documents module after its transaction): the profile points to
     * it, with its history event (in the name of the member of staff present or who prepared it, else the system).
     * An older signature told late leaves a newer agreement in place.
     */
    async agreementSigned(personaId: number, documentoId: number, actor: Pick<SessionUser, 'id' | 'name' | 'lastname'> | null): Promise<void> {
      await repo.transaction(async (tx) => {
        const person = await persons.contactOf(tx.handle, personaId);
        if (!person || person.anonimizada) return;
        await tx.lockProfile(personaId);
        const before = await tx.profile(personaId);
        const previous = before?.acuerdoDocumentoId ?? null;
        if (previous !== null && previous >= documentoId) return;
        const next = {
          tareas: before?.tareas ?? [],
          disponibilidad: before?.disponibilidad ?? '',
          formacion: before?.formacion ?? [],
          acuerdoDocumentoId: documentoId,
        };
        await tx.saveProfile({ personaId, ...next }, clock());
        await history.record(tx.handle, {
          actor: actor ? userActor(actor) : systemActor,
          entidad: 'voluntariado',
          entidadId: personaId,
          accion: before ? 'modificar' : 'crear',
          cambios: { acuerdoDocumentoId: [previous, documentoId] },
        });
      });
    },

    async saveProfile(actor: SessionUser, personaId: number, input: VolunteerProfileInput): Promise<VolunteerProfile> {
      return repo.transaction(async (tx) => {
        await personOrThrow(tx.handle, personaId);
        await tx.lockProfile(personaId);
        const before = await tx.profile(personaId);
        const acuerdoDocumentoId = input.acuerdoDocumentoId === undefined ? (before?.acuerdoDocumentoId ?? null) : input.acuerdoDocumentoId;
        if (acuerdoDocumentoId !== null && acuerdoDocumentoId !== before?.acuerdoDocumentoId) {
          const doc = await documents.documentOwner(tx.handle, acuerdoDocumentoId);
          if (!doc || doc.personaId !== personaId || doc.tipo !== 'acuerdo_voluntariado')
            throw badInput('acuerdoDocumentoId', volunteerMessages.documentNotFound);
        }
        const next = { tareas: input.tareas, disponibilidad: input.disponibilidad, formacion: input.formacion, acuerdoDocumentoId };
        const previous = {
          tareas: before?.tareas ?? [],
          disponibilidad: before?.disponibilidad ?? '',
          formacion: before?.formacion ?? [],
          acuerdoDocumentoId: before?.acuerdoDocumentoId ?? null,
        };
        const cambios = changedFields(previous, next, ['tareas', 'disponibilidad', 'formacion', 'acuerdoDocumentoId']);
        const shown = { ...next, acuerdo: await agreementOf(tx.handle, personaId) };
        if (before && Object.keys(cambios).length === 0) return shown;
        await tx.saveProfile({ personaId, ...next }, clock());
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'voluntariado',
          entidadId: personaId,
          accion: before ? 'modificar' : 'crear',
          cambios,
        });
        return shown;
      });
    },

    async createShift(actor: SessionUser, input: CreateShiftInput): Promise<Shift> {
      const zone = await timeZone();
      const inicio = shiftInstant(input.inicio, zone, 'inicio');
      const fin = shiftInstant(input.fin, zone, 'fin');
      if (fin <= inicio) throw badInput('fin', volunteerMessages.endBeforeStart);
      return repo.transaction(async (tx) => {
        const row = await tx.insertShift({
          tarea: input.tarea,
          inicio,
          fin,
          dia: dayInZone(inicio, zone),
          plazas: input.plazas,
          lugar: input.lugar || null,
          notas: input.notas || null,
          plantillaId: null,
        });
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'turno',
          entidadId: row.id,
          accion: 'crear',
          cambios: { tarea: [null, row.tarea], inicio: [null, inicio.toISOString()], fin: [null, fin.toISOString()], plazas: [null, row.plazas] },
        });
        return toShift(row, []);
      });
    },

    /** Shifts starting from `desde` to `hasta` (days in the organisation's zone, both included; this week by default). */
    async list(desde: string | undefined, hasta: string | undefined): Promise<Shift[]> {
      const zone = await timeZone();
      const from = desde ?? dayInZone(clock(), zone);
      const to = hasta ?? addDaysToDay(from, 6);
      const range = { from: wallTimeToInstant(`${from} 00:00`, zone)!, to: wallTimeToInstant(`${addDaysToDay(to, 1)} 00:00`, zone)! };
      return (await repo.shiftsWithPeopleBetween(range.from, range.to)).map(({ row, signups }) => toShift(row, signups));
    },

    async get(id: number): Promise<Shift> {
      const row = await repo.findShift(id);
      if (!row) throw shiftNotFound();
      return (await shiftsWithPeople(repo, [row]))[0]!;
    },

    /**
     * Deletes a one-off shift not yet started, with its sign-ups (staff tell those people); answers who was on it.
     * A template's shift is changed through its template (the job would bring it back).
     */
    async deleteShift(actor: SessionUser, id: number): Promise<{ avisar: Shift['apuntados'] }> {
      return repo.transaction(async (tx) => {
        const row = await tx.lockShift(id);
        if (!row) throw shiftNotFound();
        if (row.plantillaId !== null) throw new AppError('CONFLICT', { message: volunteerMessages.fromTemplate });
        if (row.inicio <= clock()) throw new AppError('CONFLICT', { message: volunteerMessages.started });
        const [before] = await shiftsWithPeople(tx, [row]);
        await tx.deleteShift(id);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'turno',
          entidadId: id,
          accion: 'eliminar',
          cambios: { tarea: [row.tarea, null], inicio: [row.inicio.toISOString(), null], plazas: [row.plazas, null] },
        });
        return { avisar: before!.apuntados };
      });
    },

    /**
     * The day-before reminder (`turno_recordatorio`) by WhatsApp for a person on a shift not yet started: the message
     * is kept and the click-to-chat link answered for staff to open (the job e-mails those who have an address).
     */
    async whatsappReminder(actor: SessionUser, turnoId: number, personaId: number): Promise<{ url: string }> {
      const zone = await timeZone();
      return repo.transaction(async (tx) => {
        const row = await tx.findShift(turnoId);
        if (!row) throw shiftNotFound();
        if (row.inicio <= clock()) throw new AppError('CONFLICT', { message: volunteerMessages.started });
        const signup = await tx.signup(turnoId, personaId);
        if (!signup || signup.estado !== 'apuntado') throw new AppError('NOT_FOUND', { message: volunteerMessages.notOnShift });
        const person = await personOrThrow(tx.handle, personaId);
        const sent = await messages.send(tx.handle, {
          personaId,
          para: { nombre: person.nombre, email: person.email, telefono: person.telefono },
          canal: 'whatsapp',
          plantilla: 'turno_recordatorio',
          variables: {
            'persona.nombre': person.nombre,
            'turno.tarea': row.tarea,
            'turno.fecha': longDay(row.dia),
            'turno.hora': `${hhmm(row.inicio, zone)} a ${hhmm(row.fin, zone)}`,
            'turno.lugar': row.lugar ?? '',
          },
          relacion: { entidad: 'turno', id: row.id },
          actor: userActor(actor),
        });
        return { url: sent!.url! };
      });
    },

    listTemplates: async (): Promise<ShiftTemplate[]> => (await repo.templates()).map(toTemplate),

    async createTemplate(actor: SessionUser, input: ShiftTemplateInput): Promise<ShiftTemplate & { turnos: number }> {
      const zone = await timeZone();
      return repo.transaction(async (tx) => {
        const row = await tx.insertTemplate({
          tarea: input.tarea,
          diasSemana: [...new Set(input.diasSemana)].sort(),
          horaInicio: input.horaInicio,
          horaFin: input.horaFin,
          plazas: input.plazas,
          desde: input.desde,
          hasta: input.hasta ?? null,
          lugar: input.lugar || null,
          createdBy: actor.id,
        });
        const created = await materialise(tx, row, zone, dayInZone(clock(), zone));
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'plantilla_turnos',
          entidadId: row.id,
          accion: 'crear',
          cambios: {
            tarea: [null, row.tarea],
            diasSemana: [null, row.diasSemana],
            horaInicio: [null, row.horaInicio],
            horaFin: [null, row.horaFin],
            plazas: [null, row.plazas],
            desde: [null, row.desde],
            hasta: [null, row.hasta],
            turnos: [null, created.length],
          },
        });
        return { ...toTemplate(row), turnos: created.length };
      });
    },

    /**
     * A template changed: its shifts not yet started follow it (task, times, places); a future shift on a day the
     * template no longer covers goes when nobody signed up for it (kept otherwise); past shifts never change.
     */
    async updateTemplate(actor: SessionUser, id: number, input: ShiftTemplateInput): Promise<ShiftTemplate & { turnos: number }> {
      const zone = await timeZone();
      return repo.transaction(async (tx) => {
        const before = await tx.lockTemplate(id);
        if (!before) throw new AppError('NOT_FOUND', { message: volunteerMessages.templateNotFound });
        const next = {
          tarea: input.tarea,
          diasSemana: [...new Set(input.diasSemana)].sort(),
          horaInicio: input.horaInicio,
          horaFin: input.horaFin,
          plazas: input.plazas,
          desde: input.desde,
          hasta: input.hasta ?? null,
          lugar: input.lugar || null,
        };
        await tx.updateTemplate(id, next);
        const row: TemplateRow = { ...before, ...next };
        const today = dayInZone(clock(), zone);
        const window = templateWindow(row, today);
        let changed = 0;
        for (const { shift: s, taken } of await tx.futureShiftsOf(id, clock())) {
          const covered =
            window !== undefined &&
            s.dia >= row.desde &&
            (!row.hasta || s.dia <= row.hasta) &&
            daysOfPattern(s.dia, s.dia, row.diasSemana).length > 0;
          if (!covered) {
            if (Number(taken) === 0) {
              await tx.deleteShift(s.id);
              changed++;
            }
            continue;
          }
          const inicio = wallTimeToInstant(`${s.dia} ${row.horaInicio}`, zone)!;
          const fin = wallTimeToInstant(`${s.dia} ${row.horaFin}`, zone)!;
          await tx.updateShift(s.id, { tarea: row.tarea, inicio, fin, plazas: Math.max(row.plazas, Number(taken)), lugar: row.lugar });
          changed++;
        }
        const created = await materialise(tx, row, zone, today);
        const cambios = changedFields(toTemplate(before), toTemplate(row), [
          'tarea',
          'diasSemana',
          'horaInicio',
          'horaFin',
          'plazas',
          'desde',
          'hasta',
          'lugar',
        ]);
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'plantilla_turnos',
          entidadId: id,
          accion: 'modificar',
          cambios: { ...cambios, turnos: [null, changed + created.length] },
        });
        return { ...toTemplate(row), turnos: changed + created.length };
      });
    },

    /** Keeps every template's shifts eight weeks ahead (the scheduled job). Answers how many shifts it added. */
    async extendTemplates(): Promise<number> {
      const zone = await timeZone();
      const today = dayInZone(clock(), zone);
      let added = 0;
      for (const template of await repo.templates()) {
        if (template.hasta && template.hasta < today) continue;
        await repo.transaction(async (tx) => {
          const created = await materialise(tx, template, zone, today);
          added += created.length;
          if (created.length > 0)
            await history.record(tx.handle, {
              actor: systemActor,
              entidad: 'plantilla_turnos',
              entidadId: template.id,
              accion: 'modificar',
              cambios: { turnos: [null, created.length] },
            });
        });
      }
      return added;
    },

    /** Whether a person came to a shift and for how long (by default the shift's length). */
    async attendance(actor: SessionUser, turnoId: number, input: AttendanceInput): Promise<Shift> {
      return repo.transaction(async (tx) => {
        const row = await tx.lockShift(turnoId);
        if (!row) throw shiftNotFound();
        await personOrThrow(tx.handle, input.personaId);
        const horas = input.asistio ? (input.horas ?? (row.fin.getTime() - row.inicio.getTime()) / HOUR_MS) : 0;
        const minutos = input.asistio ? Math.round(horas * 60) : null;
        const estado = input.asistio ? 'asistio' : 'no_asistio';
        const existing = await tx.signup(turnoId, input.personaId);
        let signupId: number;
        if (existing) {
          await tx.setSignup(existing.id, { estado, minutos }, clock());
          signupId = existing.id;
        } else signupId = (await tx.insertSignup({ turnoId, personaId: input.personaId, estado, minutos })).id;
        await history.record(tx.handle, {
          actor: userActor(actor),
          entidad: 'turno_apuntado',
          entidadId: signupId,
          accion: existing ? 'estado' : 'crear',
          cambios: {
            turnoId: [existing ? turnoId : null, turnoId],
            personaId: [existing ? input.personaId : null, input.personaId],
            estado: [existing?.estado ?? null, estado],
            horas: [existing?.minutos == null ? null : minutesToHours(existing.minutos), minutos === null ? null : minutesToHours(minutos)],
          },
        });
        return (await shiftsWithPeople(tx, [row]))[0]!;
      });
    },

    async hours(personaId: number, anio: number | undefined): Promise<VolunteerHours> {
      await personOrThrow(db, personaId);
      const year = anio ?? Number(dayInZone(clock(), await timeZone()).slice(0, 4));
      const { from, to } = await yearBounds(year);
      const rows = await repo.attendedBetween(personaId, from, to);
      const turnos = rows.map((r) => ({ id: r.id, tarea: r.tarea, inicio: r.inicio.toISOString(), horas: minutesToHours(r.minutos ?? 0) }));
      return { anio: year, horas: minutesToHours(rows.reduce((sum, r) => sum + (r.minutos ?? 0), 0)), turnos };
    },

    async certificate(personaId: number, anio: number | undefined): Promise<{ pdf: Buffer; filename: string }> {
      const person = await persons.identityOf(db, personaId);
      if (!person || person.anonimizada) throw new AppError('NOT_FOUND', { message: personMessages.notFound });
      const zone = await timeZone();
      const year = anio ?? Number(dayInZone(clock(), zone).slice(0, 4));
      const { from, to } = await yearBounds(year);
      const rows = await repo.attendedBetween(personaId, from, to);
      const org = await organization();
      const pdf = await renderHoursCertificatePdf({
        anio: year,
        entidad: { nombre: org.nombre ?? 'La protectora', nif: org.nif, direccion: org.direccion },
        persona: { nombre: `${person.nombre} ${person.apellidos}`.trim(), documento: person.documento },
        turnos: rows.map((r) => ({ dia: dayInZone(r.inicio, zone), tarea: r.tarea, horas: minutesToHours(r.minutos ?? 0) })),
        emitido: dayInZone(clock(), zone),
      });
      return { pdf, filename: `certificado-voluntariado-${year}-${personaId}.pdf` };
    },
  };
}

export type VolunteersService = ReturnType<typeof createVolunteersService>;
