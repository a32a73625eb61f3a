import { SHIFT_HORIZON_DAYS, addDaysToDay, dayInZone, longDay, wallTimeToInstant } from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { MessagesPort } from '../messages/messages.port';
import type { TimeZoneSource } from '../organization/organization.port';
import type { PersonsPort } from '../persons/persons.port';
import type { VolunteersRepository } from './volunteers.repository';
import type { VolunteersService } from './volunteers.service';

const HOUR_MS = 60 * 60 * 1000;

/** Keeps every recurring template's shifts eight weeks ahead: once a day, on one instance. */
export function extendTemplatesJob(service: Pick<VolunteersService, 'extendTemplates'>, log: FastifyBaseLogger) {
  return defineJob({
    name: 'volunteers.extend-templates',
    title: `Turnos de voluntariado de las próximas ${SHIFT_HORIZON_DAYS / 7} semanas`,
    payload: z.object({}),
    every: 6 * HOUR_MS,
    maxAttempts: 3,
    backoffMs: 5 * 60 * 1000,
    handler: async () => {
      const added = await service.extendTemplates();
      if (added > 0) log.info({ added }, 'volunteer shifts added');
    },
  });
}

const hhmm = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('es-ES', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(instant);

/**
 * Reminds each person signed up for a shift of tomorrow (organisation's calendar) by e-mail (`turno_recordatorio`),
 * once: hourly, on one instance; a person without an e-mail or consent is left to staff (WhatsApp from the screen).
 */
export function shiftRemindersJob(deps: {
  repo: VolunteersRepository;
  persons: Pick<PersonsPort, 'contactOf'>;
  messages: Pick<MessagesPort, 'send'>;
  timeZone: TimeZoneSource;
  log: FastifyBaseLogger;
}) {
  return defineJob({
    name: 'volunteers.shift-reminders',
    title: 'Recordatorios de turnos de voluntariado',
    payload: z.object({}),
    every: HOUR_MS,
    maxAttempts: 3,
    backoffMs: 5 * 60 * 1000,
    handler: async (_payload, { now }) => {
      const zone = await deps.timeZone();
      const tomorrow = addDaysToDay(dayInZone(now, zone), 1);
      const from = wallTimeToInstant(`${tomorrow} 00:00`, zone)!;
      const to = wallTimeToInstant(`${addDaysToDay(tomorrow, 1)} 00:00`, zone)!;
      let sent = 0;
      for (const { signup, shift } of await deps.repo.dueReminders(from, to)) {
        await deps.repo.transaction(async (tx) => {
          if (!(await tx.markReminded(signup.id, now))) return;
          const person = await deps.persons.contactOf(tx.handle, signup.personaId);
          if (!person || person.anonimizada || !person.email || !person.consentimientos.email) return;
          await deps.messages.send(tx.handle, {
            personaId: person.id,
            para: { nombre: person.nombre, email: person.email, telefono: person.telefono },
            canal: 'email',
            plantilla: 'turno_recordatorio',
            variables: {
              'persona.nombre': person.nombre,
              'turno.tarea': shift.tarea,
              'turno.fecha': longDay(shift.dia),
              'turno.hora': `${hhmm(shift.inicio, zone)} a ${hhmm(shift.fin, zone)}`,
              'turno.lugar': shift.lugar ?? '',
            },
            relacion: { entidad: 'turno', id: shift.id },
            soloSiActiva: true,
          });
          sent++;
        });
      }
      if (sent > 0) deps.log.info({ sent }, 'shift reminders sent');
    },
  });
}
