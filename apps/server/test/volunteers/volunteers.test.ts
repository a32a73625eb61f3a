import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIFT_HORIZON_DAYS, type Shift, addDaysToDay, volunteerMessages, wallTimeToInstant } from '@refugio/contracts';
import { historyEvent, message, person, shift, shiftSignup, volunteerLink } from '../../src/db/schema';
import { dayIn } from '../../src/modules/movements/movements.service';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';

/*
 * Volunteers and shifts (DESIGN section 17): the profile, shifts and recurring templates, the link without an
 * account (sign up, full, cancel), attendance, hours and their certificate, and "Pendientes".
 */

describe('volunteers and shifts', () => {
  let t: TestApp;
  let today: string;
  let zone: string;
  const staff = () => t.as('staff');
  const anon = () => t.as('anonymous');

  beforeAll(async () => {
    t = await createTestApp({ ORG_NAME: 'Refugio Patitas' });
    zone = t.config.orgTimeZone;
    today = dayIn(zone, new Date());
  });
  afterAll(() => t.close());

  const insertPerson = async (nombre: string) => {
    const [row] = await t.database.db
      .insert(person)
      .values({ nombre, apellidos: 'Pérez Gil', email: `${nombre.toLowerCase()}@example.com`, roles: ['voluntario'], consentimientoEmail: true })
      .returning();
    return row!.id;
  };
  const createShift = async (body: Record<string, unknown>) => {
    const res = await staff().inject({ method: 'POST', url: '/api/turnos', payload: { tarea: 'Paseos', plazas: 2, ...body } });
    return res;
  };
  const shiftOn = async (day: string, plazas = 2, from = '10:00', to = '13:00') => {
    const res = await createShift({ inicio: `${day}T${from}:00`, fin: `${day}T${to}:00`, plazas });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Shift>();
  };
  const linkFor = async (personaId: number) => {
    const res = await staff().inject({ method: 'POST', url: `/api/personas/${personaId}/voluntariado/enlace` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ url: string; venceEn: string }>();
    return { ...body, token: body.url.split('/voluntariado/')[1]! };
  };
  /** The message and every field's message of a refusal. */
  const errorsOf = (res: { json: <T>() => T }) => {
    const body = res.json<{ message: string; fieldErrors?: Record<string, string> }>();
    return [body.message, ...Object.values(body.fieldErrors ?? {})];
  };
  const pending = async () => (await staff().inject({ method: 'GET', url: '/api/pendientes' })).json<{ turnosSinCubrir: number; total: number }>();

  it('keeps a volunteer profile, with one history event per change', async () => {
    const id = await insertPerson('Irene');
    const empty = await staff().inject({ method: 'GET', url: `/api/personas/${id}/voluntariado` });
    expect(empty.json()).toEqual({ tareas: [], disponibilidad: '', formacion: [], acuerdoDocumentoId: null, acuerdo: null });
    const body = {
      tareas: ['Paseos', 'Limpieza'],
      disponibilidad: 'Sábados por la mañana',
      formacion: [{ curso: 'Manejo de perros', fecha: '2026-03-10' }],
    };
    const saved = await staff().inject({ method: 'PUT', url: `/api/personas/${id}/voluntariado`, payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...body, acuerdoDocumentoId: null, acuerdo: null });
    expect((await staff().inject({ method: 'GET', url: `/api/personas/${id}/voluntariado` })).json()).toEqual({
      ...body,
      acuerdoDocumentoId: null,
      acuerdo: null,
    });
    // The same again changes nothing and writes no event.
    await staff().inject({ method: 'PUT', url: `/api/personas/${id}/voluntariado`, payload: body });
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'voluntariado'), eq(historyEvent.entidadId, String(id))));
    expect(events.map((e) => e.accion)).toEqual(['crear']);
    const hostile = await staff().inject({ method: 'PUT', url: `/api/personas/${id}/voluntariado`, payload: { ...body, tareas: ['Pa\u202eseos'] } });
    expectErrorShape(hostile, 400);
    const noDoc = await staff().inject({ method: 'PUT', url: `/api/personas/${id}/voluntariado`, payload: { ...body, acuerdoDocumentoId: 999999 } });
    expectErrorShape(noDoc, 400);
    expect(noDoc.json<{ message: string }>().message).toBe(volunteerMessages.documentNotFound);
    expect((await staff().inject({ method: 'GET', url: '/api/personas/999999/voluntariado' })).statusCode).toBe(404);
  });

  it('creates shifts from local times and times with an offset, and refuses bad ones in Spanish', async () => {
    const day = addDaysToDay(today, 10);
    const local = await shiftOn(day);
    expect(local.inicio).toBe(wallTimeToInstant(`${day} 10:00`, zone)!.toISOString());
    expect(local).toMatchObject({ tarea: 'Paseos', plazas: 2, apuntados: [], libres: 2 });
    const offset = await createShift({ inicio: `${day}T10:00:00+00:00`, fin: `${day}T11:30:00Z` });
    expect(offset.statusCode, offset.body).toBe(201);
    expect(offset.json<Shift>().inicio).toBe(new Date(`${day}T10:00:00Z`).toISOString());

    const before = (await t.database.db.select().from(shift)).length;
    const endBefore = await createShift({ inicio: `${day}T12:00:00`, fin: `${day}T11:00:00` });
    expectErrorShape(endBefore, 400);
    expect(endBefore.json<{ message: string }>().message).toBe(volunteerMessages.endBeforeStart);
    const zero = await createShift({ inicio: `${day}T10:00:00`, fin: `${day}T11:00:00`, plazas: 0 });
    expectErrorShape(zero, 400);
    expect(errorsOf(zero)).toContain(volunteerMessages.placesInvalid);
    for (const inicio of ['1899-12-31T10:00:00', '3000-01-01T10:00:00', '2026-02-30T10:00:00', 'mañana', '2026-12-01T10:00:00+25:00']) {
      const res = await createShift({ inicio, fin: `${day}T11:00:00` });
      expectErrorShape(res, 400);
      expect(errorsOf(res), inicio).toContain(volunteerMessages.dateTimeInvalid);
    }
    expect((await t.database.db.select().from(shift)).length).toBe(before);

    const list = await staff().inject({ method: 'GET', url: `/api/turnos?desde=${day}&hasta=${day}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ items: Shift[] }>().items.map((s) => s.id)).toEqual([local.id, offset.json<Shift>().id]);
    const created = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'turno'), eq(historyEvent.entidadId, String(local.id))));
    expect(created).toHaveLength(1);
  });

  it('a template creates its shifts eight weeks ahead, the job adds none twice, and a change moves only future shifts', async () => {
    const body = { tarea: 'Limpieza de cheniles', diasSemana: [1, 3], horaInicio: '09:00', horaFin: '11:00', plazas: 3, desde: today };
    const res = await staff().inject({ method: 'POST', url: '/api/turnos/plantillas', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json<{ id: number; turnos: number }>();
    const rows = () => t.database.db.select().from(shift).where(eq(shift.plantillaId, template.id));
    const first = await rows();
    // Mondays and Wednesdays over 57 days: 16 or 17 (today's may already have started).
    expect(first.length).toBeGreaterThanOrEqual(15);
    expect(first.length).toBeLessThanOrEqual(18);
    expect(first.every((s) => s.dia <= addDaysToDay(today, SHIFT_HORIZON_DAYS))).toBe(true);
    expect(template.turnos).toBe(first.length);
    expect(await t.app.volunteers.extendTemplates()).toBe(0);
    expect(await rows()).toHaveLength(first.length);

    // A shift in the past of this template is kept as it was when the template changes.
    const [pastShift] = await t.database.db
      .insert(shift)
      .values({
        tarea: body.tarea,
        inicio: new Date(Date.now() - 7 * 86_400_000),
        fin: new Date(Date.now() - 7 * 86_400_000 + 7_200_000),
        dia: addDaysToDay(today, -7),
        plazas: 3,
        plantillaId: template.id,
      })
      .returning();
    const changed = await staff().inject({
      method: 'PUT',
      url: `/api/turnos/plantillas/${template.id}`,
      payload: { ...body, tarea: 'Limpieza', horaInicio: '16:00', horaFin: '18:00', plazas: 2 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await rows();
    const future = after.filter((s) => s.id !== pastShift!.id);
    expect(future.every((s) => s.tarea === 'Limpieza' && s.plazas === 2)).toBe(true);
    expect(future.every((s) => s.inicio.getTime() === wallTimeToInstant(`${s.dia} 16:00`, zone)!.getTime())).toBe(true);
    const past = after.find((s) => s.id === pastShift!.id)!;
    expect(past.tarea).toBe(body.tarea);
    expect(past.plazas).toBe(3);

    for (const [payload, msg] of [
      [{ ...body, diasSemana: [] }, volunteerMessages.daysInvalid],
      [{ ...body, diasSemana: [8] }, volunteerMessages.daysInvalid],
      [{ ...body, horaFin: '08:00' }, volunteerMessages.endBeforeStart],
      [{ ...body, plazas: 0 }, volunteerMessages.placesInvalid],
      [{ ...body, hasta: addDaysToDay(today, -1) }, volunteerMessages.untilBeforeFrom],
    ] as const) {
      const bad = await staff().inject({ method: 'POST', url: '/api/turnos/plantillas', payload });
      expectErrorShape(bad, 400);
      expect(errorsOf(bad)).toContain(msg);
    }
    const out = await staff().inject({ method: 'POST', url: '/api/turnos/plantillas', payload: { ...body, desde: '1899-01-01' } });
    expectErrorShape(out, 400);
  });

  it('a volunteer signs up with the link, the last place goes once, and cancelling late shows in "Pendientes"', async () => {
    const marta = await insertPerson('Marta');
    const luis = await insertPerson('Luis');
    // Ten days ahead: in the second week the link sends (semana=1).
    const day = addDaysToDay(today, 10);
    const s = await shiftOn(day, 1);
    const { token, venceEn } = await linkFor(marta);
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(new Date(venceEn).getTime() - Date.now()).toBeGreaterThan(89 * 86_400_000);
    const [stored] = await t.database.db.select().from(volunteerLink).where(eq(volunteerLink.personaId, marta));
    expect(stored!.tokenHash).not.toContain(token);

    const view = await anon().inject({ method: 'GET', url: `/api/voluntariado/${token}?semana=1` });
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json<{ persona: { nombre: string }; turnos: { id: number; libres: number; apuntado: boolean }[]; mios: unknown[] }>();
    expect(body.persona).toEqual({ nombre: 'Marta' });
    expect(JSON.stringify(body)).not.toContain('Pérez');
    expect(body.turnos.find((x) => x.id === s.id)).toMatchObject({ libres: 1, apuntado: false });
    expect(body.mios).toEqual([]);
    // One week at a time, four weeks at most: the first week has not this shift, a fifth week is refused.
    const firstWeek = (await anon().inject({ method: 'GET', url: `/api/voluntariado/${token}` })).json<typeof body & { semanas: number }>();
    expect(firstWeek.turnos.some((x) => x.id === s.id)).toBe(false);
    expect(firstWeek.semanas).toBe(4);
    expectErrorShape(await anon().inject({ method: 'GET', url: `/api/voluntariado/${token}?semana=4` }), 400);

    const signed = await anon().inject({ method: 'POST', url: `/api/voluntariado/${token}/turnos/${s.id}` });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ id: s.id, libres: 0, apuntado: true });
    // Again: still one place taken.
    expect((await anon().inject({ method: 'POST', url: `/api/voluntariado/${token}/turnos/${s.id}` })).statusCode).toBe(200);
    const other = await linkFor(luis);
    const full = await anon().inject({ method: 'POST', url: `/api/voluntariado/${other.token}/turnos/${s.id}` });
    expectErrorShape(full, 409);
    expect(full.json<{ message: string }>().message).toBe('Este turno ya está completo.');
    // A full shift is no longer offered to others; its own volunteer still sees it in "mios".
    const luisWeek = (await anon().inject({ method: 'GET', url: `/api/voluntariado/${other.token}?semana=1` })).json<typeof body>();
    expect(luisWeek.turnos.some((x) => x.id === s.id)).toBe(false);

    const listed = (await staff().inject({ method: 'GET', url: `/api/turnos?desde=${day}&hasta=${day}` })).json<{ items: Shift[] }>().items;
    expect(listed.find((x) => x.id === s.id)).toMatchObject({
      libres: 0,
      apuntados: [{ persona: { id: marta, nombre: 'Marta Pérez Gil' }, estado: 'apuntado' }],
    });
    const mine = (await anon().inject({ method: 'GET', url: `/api/voluntariado/${token}` })).json<{ mios: { id: number }[] }>();
    expect(mine.mios.map((x) => x.id)).toEqual([s.id]);

    const cancelled = await anon().inject({ method: 'DELETE', url: `/api/voluntariado/${token}/turnos/${s.id}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ tarde: false });
    expect((await anon().inject({ method: 'POST', url: `/api/voluntariado/${other.token}/turnos/${s.id}` })).statusCode).toBe(200);

    // A shift tomorrow-ish (within 24 h): a late cancellation leaves it uncovered in "Pendientes" and e-mails the
    // staff who asked to be told of it (and nobody else).
    const notices = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/cuenta/avisos',
      payload: { solicitudes: false, registros: false, seguimientos: false, turnos: true },
    });
    expect(notices.statusCode, notices.body).toBe(200);
    const soon = new Date(Date.now() + 5 * 3_600_000);
    const soonShift = await createShift({
      inicio: soon.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      fin: new Date(soon.getTime() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      plazas: 1,
    });
    expect(soonShift.statusCode, soonShift.body).toBe(201);
    const soonId = soonShift.json<Shift>().id;
    const uncoveredBefore = (await pending()).turnosSinCubrir;
    await anon().inject({ method: 'POST', url: `/api/voluntariado/${token}/turnos/${soonId}` });
    expect((await pending()).turnosSinCubrir).toBe(uncoveredBefore - 1);
    const late = await anon().inject({ method: 'DELETE', url: `/api/voluntariado/${token}/turnos/${soonId}` });
    expect(late.json()).toEqual({ tarde: true });
    expect((await pending()).turnosSinCubrir).toBe(uncoveredBefore);
    const events = await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'turno_apuntado'));
    expect(events.some((e) => e.actorTipo === 'enlace' && JSON.stringify(e.cambios).includes('menos de 24 h'))).toBe(true);
    const alerts = await t.database.db
      .select()
      .from(message)
      .where(and(eq(message.relacionEntidad, 'turno'), eq(message.relacionId, String(soonId))));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.asunto).toContain('Turno sin cubrir: Paseos');
    expect(alerts[0]!.cuerpo).toContain('Marta Pérez Gil ha cancelado su plaza');
    // An early cancellation alerts nobody.
    const early = await t.database.db
      .select()
      .from(message)
      .where(and(eq(message.relacionEntidad, 'turno'), eq(message.relacionId, String(s.id))));
    expect(early).toHaveLength(0);
  });

  it("after one sign-up every other shift still shows its own free places on the volunteer's page", async () => {
    const ana = await insertPerson('Ana');
    const day = addDaysToDay(today, 17);
    const shifts = [await shiftOn(day, 1, '09:00', '10:00'), await shiftOn(day, 2, '10:00', '11:00'), await shiftOn(day, 3, '11:00', '12:00')];
    const { token } = await linkFor(ana);
    expect((await anon().inject({ method: 'POST', url: `/api/voluntariado/${token}/turnos/${shifts[1]!.id}` })).statusCode).toBe(200);
    const week = (await anon().inject({ method: 'GET', url: `/api/voluntariado/${token}?semana=2` })).json<{
      turnos: { id: number; libres: number }[];
    }>();
    const libres = (id: number) => week.turnos.find((x) => x.id === id)?.libres;
    // The shift with one place nobody took still offers it; the one Ana took is hers ("mios"), the third keeps 3.
    expect(libres(shifts[0]!.id)).toBe(1);
    expect(libres(shifts[1]!.id)).toBe(1);
    expect(libres(shifts[2]!.id)).toBe(3);
  });

  it("staff delete a one-off shift with the people to tell; a template's shift is changed through its template", async () => {
    const sara = await insertPerson('Sara');
    const s = await shiftOn(addDaysToDay(today, 12), 3);
    const { token } = await linkFor(sara);
    expect((await anon().inject({ method: 'POST', url: `/api/voluntariado/${token}/turnos/${s.id}` })).statusCode).toBe(200);
    const removed = await staff().inject({ method: 'DELETE', url: `/api/turnos/${s.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ avisar: [{ persona: { id: sara, nombre: 'Sara Pérez Gil' }, estado: 'apuntado', horas: null }] });
    expectErrorShape(await staff().inject({ method: 'GET', url: `/api/turnos/${s.id}` }), 404);
    expectErrorShape(await staff().inject({ method: 'DELETE', url: `/api/turnos/${s.id}` }), 404);
    const [event] = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'turno'), eq(historyEvent.entidadId, String(s.id)), eq(historyEvent.accion, 'eliminar')));
    expect(event).toBeDefined();
    const weekly = await staff().inject({
      method: 'POST',
      url: '/api/turnos/plantillas',
      payload: { tarea: 'Fotos', diasSemana: [1, 2, 3, 4, 5, 6, 7], horaInicio: '18:00', horaFin: '19:00', plazas: 1, desde: addDaysToDay(today, 2) },
    });
    expect(weekly.statusCode, weekly.body).toBe(201);
    const day = addDaysToDay(today, 3);
    const ofTemplate = (await staff().inject({ method: 'GET', url: `/api/turnos?desde=${day}&hasta=${day}` }))
      .json<{ items: Shift[] }>()
      .items.find((x) => x.tarea === 'Fotos')!;
    const refused = await staff().inject({ method: 'DELETE', url: `/api/turnos/${ofTemplate.id}` });
    expectErrorShape(refused, 409);
    expect(refused.json<{ message: string }>().message).toBe(volunteerMessages.fromTemplate);
  });

  it('a guessed, revoked or expired link answers the same 404, and a revoked link signs nobody up', async () => {
    const id = await insertPerson('Nora');
    const s = await shiftOn(addDaysToDay(today, 21), 5);
    const first = await linkFor(id);
    const second = await linkFor(id);
    const guessed = await anon().inject({ method: 'GET', url: `/api/voluntariado/${'A'.repeat(43)}` });
    const revoked = await anon().inject({ method: 'GET', url: `/api/voluntariado/${first.token}` });
    const hostile = await anon().inject({ method: 'GET', url: `/api/voluntariado/%E2%80%AE${'a'.repeat(30)}` });
    for (const res of [guessed, revoked, hostile]) {
      expectErrorShape(res, 404);
      expect(res.json<{ message: string }>().message).toBe(volunteerMessages.notFound);
    }
    expect((await anon().inject({ method: 'POST', url: `/api/voluntariado/${first.token}/turnos/${s.id}` })).statusCode).toBe(404);
    expect((await anon().inject({ method: 'GET', url: `/api/voluntariado/${second.token}` })).statusCode).toBe(200);
    await t.database.db
      .update(volunteerLink)
      .set({ venceEn: new Date(Date.now() - 1000) })
      .where(eq(volunteerLink.personaId, id));
    const expired = await anon().inject({ method: 'GET', url: `/api/voluntariado/${second.token}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toBe(revoked.body.replace(/"requestId":"[^"]*"/, expired.body.match(/"requestId":"[^"]*"/)![0]));
    const state = await staff().inject({ method: 'GET', url: `/api/personas/${id}/voluntariado/enlace` });
    expect(state.json()).toEqual({ activo: false, venceEn: null });
    const third = await linkFor(id);
    expect((await staff().inject({ method: 'DELETE', url: `/api/personas/${id}/voluntariado/enlace` })).statusCode).toBe(204);
    expect((await anon().inject({ method: 'GET', url: `/api/voluntariado/${third.token}` })).statusCode).toBe(404);
  });

  it('attendance gives hours, a PDF certificate, and the year of volunteers the annual report reads', async () => {
    const id = await insertPerson('Sara');
    const year = Number(today.slice(0, 4)) - 1;
    const [a, b] = await t.database.db
      .insert(shift)
      .values([
        {
          tarea: 'Paseos',
          inicio: wallTimeToInstant(`${year}-05-10 10:00`, zone)!,
          fin: wallTimeToInstant(`${year}-05-10 13:00`, zone)!,
          dia: `${year}-05-10`,
          plazas: 2,
        },
        {
          tarea: 'Feria de adopción',
          inicio: wallTimeToInstant(`${year}-06-01 17:00`, zone)!,
          fin: wallTimeToInstant(`${year}-06-01 20:00`, zone)!,
          dia: `${year}-06-01`,
          plazas: 2,
        },
      ])
      .returning();
    const mark = (turno: number, payload: Record<string, unknown>) =>
      staff().inject({ method: 'POST', url: `/api/turnos/${turno}/asistencia`, payload: { personaId: id, ...payload } });
    const first = await mark(a!.id, { asistio: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Shift>().apuntados).toEqual([{ persona: { id, nombre: 'Sara Pérez Gil' }, estado: 'asistio', horas: 3 }]);
    expect((await mark(b!.id, { asistio: true, horas: 2.5 })).statusCode).toBe(200);
    expectErrorShape(await mark(b!.id, { asistio: true, horas: 25 }), 400);
    expectErrorShape(await mark(999999, { asistio: true }), 404);

    const hours = await staff().inject({ method: 'GET', url: `/api/personas/${id}/voluntariado/horas?anio=${year}` });
    expect(hours.statusCode, hours.body).toBe(200);
    expect(hours.json()).toMatchObject({ anio: year, horas: 5.5 });
    expect(hours.json<{ turnos: unknown[] }>().turnos).toHaveLength(2);
    expectErrorShape(await staff().inject({ method: 'GET', url: `/api/personas/${id}/voluntariado/horas?anio=1800` }), 400);

    const pdf = await staff().inject({ method: 'GET', url: `/api/personas/${id}/voluntariado/certificado?anio=${year}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Not coming is kept, with no hours.
    expect((await mark(b!.id, { asistio: false })).json<Shift>().apuntados[0]).toMatchObject({ estado: 'no_asistio', horas: null });
    const volunteers = await t.app.volunteersPort.yearVolunteers(t.database.db, year);
    expect(volunteers.find((v) => v.personaId === id)).toEqual({ personaId: id, nombre: 'Sara Pérez Gil', horas: 3, turnos: 1 });
  });

  it('reminds by e-mail the day before, once', async () => {
    const id = await insertPerson('Elena');
    const tomorrow = addDaysToDay(today, 1);
    const s = await shiftOn(tomorrow, 3, '10:00', '12:00');
    const { token } = await linkFor(id);
    expect((await anon().inject({ method: 'POST', url: `/api/voluntariado/${token}/turnos/${s.id}` })).statusCode).toBe(200);
    await t.database.db.delete(message);
    await t.app.jobs.tick();
    await t.app.jobs.tick();
    const sent = await t.database.db.select().from(message).where(eq(message.plantilla, 'turno_recordatorio'));
    expect(sent.filter((m) => m.personaId === id)).toHaveLength(1);
    expect(sent.find((m) => m.personaId === id)!.cuerpo).toContain('Paseos');
    const [row] = await t.database.db.select().from(shiftSignup).where(eq(shiftSignup.personaId, id));
    expect(row!.recordadoEn).not.toBeNull();

    // A volunteer without e-mail: staff send the same reminder by WhatsApp from the shift.
    const [paco] = await t.database.db
      .insert(person)
      .values({ nombre: 'Paco', apellidos: 'Sin Correo', telefono: '+34 611 22 33 44', consentimientoWhatsapp: true, roles: ['voluntario'] })
      .returning();
    const pacoLink = await linkFor(paco!.id);
    expect((await anon().inject({ method: 'POST', url: `/api/voluntariado/${pacoLink.token}/turnos/${s.id}` })).statusCode).toBe(200);
    const wa = await staff().inject({ method: 'POST', url: `/api/turnos/${s.id}/recordatorio`, payload: { personaId: paco!.id } });
    expect(wa.statusCode, wa.body).toBe(200);
    expect(wa.json<{ url: string }>().url).toMatch(/^https:\/\/wa\.me\/34611223344\?text=.*Paseos/);
    const notOn = await staff().inject({ method: 'POST', url: `/api/turnos/${s.id}/recordatorio`, payload: { personaId: paco!.id + 1000 } });
    expectErrorShape(notOn, 404);
    expectErrorShape(await staff().inject({ method: 'POST', url: `/api/turnos/${s.id}/recordatorio`, payload: { personaId: 'x' } }), 400);
  });
});
