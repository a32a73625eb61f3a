import { EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_BASE_MS, type Message, type MessageList, type Template } from '@refugio/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEvent, job, message, person, pet, publicationRequest } from '../../src/db/schema';
import { ADMIN, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { startSmtpServer } from '../helpers/smtp-test-server';

const application = (mascotaId: number, overrides: Record<string, unknown> = {}) => ({
  mascotaId,
  nombre: 'Ana Martín',
  email: 'ana@example.com',
  telefono: '+34 600 123 456',
  edad: 34,
  ciudad: 'Madrid',
  direccion: 'Calle Mayor 1',
  vivienda: 'departamento',
  viviendaPropia: false,
  permiteMascotas: true,
  patio: false,
  personasEnCasa: 2,
  ninosEnCasa: 0,
  horasSolo: 4,
  otrasMascotas: '',
  experiencia: 'Crecí con perros',
  motivo: 'Queremos darle un hogar tranquilo',
  aceptaVisita: true,
  aceptaPrivacidad: true,
  ...overrides,
});

const ORG = { ORG_NAME: 'Refugio Patitas', ORG_CONTACT_EMAIL: 'hola@patitas.example', ORG_CONTACT_PHONE: '+34 911 000 000' };

async function insertPet(t: TestApp, nombre: string): Promise<number> {
  const [row] = await t.database.db
    .insert(pet)
    .values({ nombre, edad: '2 años', tipo: 'Perro', genero: 'hembra', tamano: 'mediano', estado: 'publicada' })
    .returning();
  await t.app.changes.caughtUp();
  return row!.id;
}

async function apply(t: TestApp, body: unknown): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/public/solicitudes-adopcion', payload: body as object });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function messagesOf(t: TestApp, relacionId: number): Promise<(typeof message.$inferSelect)[]> {
  return t.database.db
    .select()
    .from(message)
    .where(and(eq(message.relacionEntidad, 'solicitud_adopcion'), eq(message.relacionId, String(relacionId))))
    .orderBy(message.id);
}

describe('messages by e-mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ ...ORG, SMTP_URL: smtp.url, MAIL_FROM: 'Refugio Patitas <no-responder@patitas.example>' });
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('tells the applicant that the application arrived: plain text and HTML, every value escaped in HTML, signed', async () => {
    const petId = await insertPet(t, '<script>alert(1)</script> Luna');
    const id = await apply(t, application(petId));
    const [queued] = await messagesOf(t, id);
    expect(queued).toMatchObject({ canal: 'email', plantilla: 'solicitud_recibida', estado: 'pendiente', paraEmail: 'ana@example.com', intentos: 0 });

    await t.app.jobs.runDue();
    const mail = smtp.received.find((m) => m.to.includes('ana@example.com'))!;
    expect(mail).toBeDefined();
    expect(mail.from).toBe('no-responder@patitas.example');
    expect(mail.subject).toBe('Hemos recibido tu solicitud para adoptar a <script>alert(1)</script> Luna');
    expect(mail.text).toContain('Hola, Ana Martín:');
    expect(mail.text).toContain('<script>alert(1)</script> Luna');
    expect(mail.text).toContain('Refugio Patitas');
    expect(mail.text).toContain('hola@patitas.example');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Luna');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('hola@patitas.example');

    const [sent] = await messagesOf(t, id);
    expect(sent).toMatchObject({ estado: 'enviado', intentos: 1, error: null });
    expect(sent!.enviadoEn).toBeInstanceOf(Date);
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'mensaje'), eq(historyEvent.entidadId, String(sent!.id))));
    expect(events.map((e) => e.accion).sort()).toEqual(['enviar', 'estado']);

    const list = (await t.as('staff').inject({ method: 'GET', url: '/api/mensajes?estado=enviado' })).json<MessageList>();
    expect(list.items.some((m) => m.id === sent!.id && m.estado === 'enviado')).toBe(true);
  });

  it('tells the applicant of each state change, only while its template is active', async () => {
    const petId = await insertPet(t, 'Nube');
    const id = await apply(t, application(petId, { email: 'beto@example.com', nombre: 'Beto' }));
    const move = (estado: string, version: number) =>
      t.as('staff').inject({ method: 'POST', url: `/api/solicitudes-adopcion/${id}/estado`, payload: { estado, version } });
    expect((await move('en_revision', 1)).statusCode).toBe(200);

    const off = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/plantillas/solicitud_aprobada',
      payload: { asunto: 'Aprobada: {{mascota.nombre}}', cuerpo: 'Hola, {{persona.nombre}}', activa: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await move('aprobada', 2)).statusCode).toBe(200);

    expect((await messagesOf(t, id)).map((m) => m.plantilla)).toEqual(['solicitud_recibida', 'solicitud_en_revision']);
    await t.app.jobs.runDue();
    const subjects = smtp.received.filter((m) => m.to.includes('beto@example.com')).map((m) => m.subject);
    expect(subjects).toEqual(['Hemos recibido tu solicitud para adoptar a Nube', 'Estamos revisando tu solicitud para adoptar a Nube']);
  });

  it('tells the rescuer that the registration was rejected, with the reason', async () => {
    const [row] = await t.database.db
      .insert(publicationRequest)
      .values({
        nombre: 'Pelusa',
        edad: '1 año',
        tipo: 'Gato',
        genero: 'hembra',
        tamano: 'chico',
        contactoNombre: 'Rocío',
        contactoEmail: 'rocio@example.com',
        media: [],
      })
      .returning();
    const res = await t.as('staff').inject({
      method: 'POST',
      url: `/api/solicitudes-publicacion/${row!.id}/rechazar`,
      payload: { motivo: 'ya tenemos todas las plazas ocupadas.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.runDue();
    const mail = smtp.received.find((m) => m.to.includes('rocio@example.com'))!;
    expect(mail.subject).toBe('Sobre el registro de Pelusa');
    expect(mail.text).toContain('Esta vez no podemos aceptarlo: ya tenemos todas las plazas ocupadas.');
  });

  it('tells the staff who asked for it of each new application', async () => {
    const choose = await t.as('staff').inject({ method: 'PUT', url: '/api/cuenta/avisos', payload: { solicitudes: true, registros: false } });
    expect(choose.json()).toEqual({ solicitudes: true, registros: false, seguimientos: false, turnos: false });
    expect((await t.as('staff').inject({ method: 'GET', url: '/api/cuenta/avisos' })).json()).toEqual({
      solicitudes: true,
      registros: false,
      seguimientos: false,
      turnos: false,
    });
    expect((await t.as('admin').inject({ method: 'GET', url: '/api/cuenta/avisos' })).json()).toEqual({
      solicitudes: false,
      registros: false,
      seguimientos: false,
      turnos: false,
    });

    const petId = await insertPet(t, 'Sol');
    await apply(t, application(petId, { email: 'carla@example.com', nombre: 'Carla' }));
    await t.app.jobs.runDue();
    const toStaff = smtp.received.filter((m) => m.to.includes(STAFF.email));
    expect(toStaff.map((m) => m.subject)).toEqual(['Nueva solicitud de adopción para Sol']);
    expect(smtp.received.some((m) => m.to.includes(ADMIN.email))).toBe(false);
  });
});

describe('staff writing to a person', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ ...ORG, SMTP_URL: smtp.url, MAIL_FROM: 'refugio@patitas.example' });
    await t.createUser(STAFF);
    await t.createUser(ADMIN);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const insertPerson = async (values: Partial<typeof person.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(person)
      .values({ nombre: 'Eva', email: 'eva@example.com', telefono: '+34600111222', ...values })
      .returning();
    return row!.id;
  };
  const write = (id: number, body: Record<string, unknown>) =>
    t.as('staff').inject({ method: 'POST', url: `/api/personas/${id}/mensajes`, payload: body });

  it('sends an e-mail with a template or a text of their own, and refuses without consent or address', async () => {
    const eva = await insertPerson({ consentimientoEmail: true, consentimientoWhatsapp: true });
    // The default follow-up names the pet, which a person alone does not have: refused, not sent with a gap.
    const gap = await write(eva, { canal: 'email', plantilla: 'seguimiento' });
    expectErrorShape(gap, 400);
    expect(gap.json<{ message: string }>().message).toBe(
      'Esta plantilla necesita datos que aquí no hay (Nombre de la mascota, Enlace que recibe la persona): escríbela desde donde estén o escribe el texto.',
    );
    expect(await t.database.db.select().from(message).where(eq(message.personaId, eva))).toHaveLength(0);
    const saved = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/plantillas/seguimiento',
      payload: {
        asunto: '¿Qué tal estáis, {{persona.nombre}}?',
        cuerpo: 'Hola, {{persona.nombre}}: escríbenos a {{organizacion.email}}.',
        activa: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const templated = await write(eva, { canal: 'email', plantilla: 'seguimiento' });
    expect(templated.statusCode, templated.body).toBe(201);
    const own = await write(eva, { canal: 'email', asunto: 'Una pregunta', cuerpo: 'Hola Eva, <¿qué tal?>' });
    expect(own.json<{ mensaje: Message }>().mensaje).toMatchObject({ personaId: eva, estado: 'pendiente', asunto: 'Una pregunta' });
    await t.app.jobs.runDue();
    const mails = smtp.received.filter((m) => m.to.includes('eva@example.com'));
    expect(mails.map((m) => m.subject).sort()).toEqual(['Una pregunta', '¿Qué tal estáis, Eva?']);
    expect(mails.find((m) => m.subject === 'Una pregunta')!.html).toContain('Hola Eva, &lt;¿qué tal?&gt;');

    const noConsent = await insertPerson({ nombre: 'Fran', email: 'fran@example.com' });
    const refused = await write(noConsent, { canal: 'email', asunto: 'Hola', cuerpo: 'Hola' });
    expectErrorShape(refused, 400);
    expect(refused.json<{ message: string }>().message).toBe('Esta persona no ha aceptado recibir correos.');
    const noAddress = await insertPerson({ nombre: 'Gala', email: null, consentimientoEmail: true });
    expect((await write(noAddress, { canal: 'email', asunto: 'Hola', cuerpo: 'Hola' })).json<{ message: string }>().message).toBe(
      'Esta persona no tiene correo electrónico.',
    );
    expectErrorShape(await write(eva, { canal: 'email' }), 400);
    expectErrorShape(await write(999_999, { canal: 'email', asunto: 'Hola', cuerpo: 'Hola' }), 404);
    expect(await t.database.db.select().from(message).where(eq(message.personaId, noConsent))).toHaveLength(0);
  });

  it('answers WhatsApp with the click-to-chat link and keeps the message as registrado', async () => {
    const eva = await insertPerson({ nombre: 'Helena', email: 'helena@example.com', consentimientoWhatsapp: true });
    const res = await write(eva, { canal: 'whatsapp', cuerpo: 'Hola Helena, ¿te va bien el sábado? & gracias' });
    expect(res.statusCode, res.body).toBe(201);
    const { mensaje, url } = res.json<{ mensaje: Message; url: string }>();
    expect(mensaje).toMatchObject({ canal: 'whatsapp', estado: 'registrado' });
    expect(url).toBe(`https://wa.me/34600111222?text=${encodeURIComponent('Hola Helena, ¿te va bien el sábado? & gracias')}`);
    const list = (await t.as('staff').inject({ method: 'GET', url: `/api/mensajes?personaId=${eva}` })).json<MessageList>();
    expect(list.items.map((m) => m.estado)).toEqual(['registrado']);
  });
});

describe('an SMTP server that refuses', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: 'Buzón inexistente' });
    t = await createTestApp({ ...ORG, SMTP_URL: smtp.url, MAIL_FROM: 'refugio@patitas.example' });
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('retries over more than ten minutes, then keeps the message as failed with the error, in "Pendientes"', async () => {
    const petId = await insertPet(t, 'Trueno');
    const id = await apply(t, application(petId));
    const [queued] = await messagesOf(t, id);
    const jobOf = async () => (await t.database.db.select().from(job).where(eq(job.name, 'messages.send-email')))[0]!;

    let waited = 0;
    for (let attempt = 1; attempt <= EMAIL_MAX_ATTEMPTS; attempt++) {
      const before = Date.now();
      expect(await t.app.jobs.runDue()).toBe(1);
      const [row] = await messagesOf(t, id);
      expect(row!.intentos).toBe(attempt);
      expect(row!.error).toContain('Buzón inexistente');
      expect(row!.enviadoEn).toBeNull();
      const current = await jobOf();
      if (attempt < EMAIL_MAX_ATTEMPTS) {
        expect(row!.estado).toBe('pendiente');
        const delay = current.runAt.getTime() - before;
        expect(delay).toBeGreaterThanOrEqual(EMAIL_RETRY_BASE_MS * 2 ** (attempt - 1) - 1000);
        waited += delay;
        // Not due yet: nothing runs until its time comes.
        expect(await t.app.jobs.runDue()).toBe(0);
        // Its time comes (a second ago by this process's clock, which the queue reads).
        await t.database.db
          .update(job)
          .set({ runAt: new Date(Date.now() - 1000) })
          .where(eq(job.id, current.id));
      } else {
        expect(row!.estado).toBe('fallido');
        expect(current.state).toBe('done');
      }
    }
    expect(waited).toBeGreaterThanOrEqual(10 * 60 * 1000);
    expect(smtp.received).toHaveLength(0);

    const pending = (await t.as('staff').inject({ method: 'GET', url: '/api/pendientes' })).json<{ mensajesFallidos: number; total: number }>();
    expect(pending.mensajesFallidos).toBe(1);
    const failed = (await t.as('staff').inject({ method: 'GET', url: '/api/mensajes?estado=fallido' })).json<MessageList>();
    expect(failed.items.map((m) => m.id)).toEqual([queued!.id]);

    const retried = await t.as('staff').inject({ method: 'POST', url: `/api/mensajes/${queued!.id}/reintentar` });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Message>().estado).toBe('pendiente');
    expectErrorShape(await t.as('staff').inject({ method: 'POST', url: `/api/mensajes/${queued!.id}/reintentar` }), 409);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await messagesOf(t, id))[0]).toMatchObject({ estado: 'pendiente', intentos: EMAIL_MAX_ATTEMPTS + 1 });
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ORG);
    await t.createUser(ADMIN);
  });
  afterAll(() => t.close());

  it('keeps messages as sin_configurar and queues nothing', async () => {
    const petId = await insertPet(t, 'Canela');
    const id = await apply(t, application(petId));
    const [kept] = await messagesOf(t, id);
    expect(kept).toMatchObject({ estado: 'sin_configurar', intentos: 0, enviadoEn: null });
    expect(await t.database.db.select().from(job).where(eq(job.name, 'messages.send-email'))).toHaveLength(0);
    const org = (await t.as('admin').inject({ method: 'GET', url: '/api/organizacion' })).json<{ correoConfigurado: boolean }>();
    expect(org.correoConfigurado).toBe(false);
  });
});

describe('templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ORG);
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
  });
  afterAll(() => t.close());

  const save = (clave: string, body: Record<string, unknown>) =>
    t.as('admin').inject({ method: 'PUT', url: `/api/plantillas/${clave}`, payload: body });

  it('lists every key with its Spanish default and its variables', async () => {
    const { items } = (await t.as('admin').inject({ method: 'GET', url: '/api/plantillas' })).json<{ items: Template[] }>();
    // The nineteen message keys, the adoption contract and the acta of a return (documents, without a subject), and the
    // two texts of the public page /colabora (the SEPA mandate and the privacy notice, without a subject either), and
    // the volunteers' four (the shift reminder, the volunteer agreement, the foster agreement and "busco acogida"), and
    // the surrender contract with the two messages of the documents signed that are not a pet's (to sign, signed), and
    // the four messages to a surrender's owner (waiting list, accepted, rejected, withdrawn).
    expect(items).toHaveLength(34);
    const received = items.find((i) => i.clave === 'solicitud_recibida')!;
    expect(received).toMatchObject({ activa: true, automatica: true, personalizada: false, version: 0 });
    expect(received.asunto).toContain('{{mascota.nombre}}');
    expect(received.variables.map((v) => v.nombre)).toContain('persona.nombre');
    expect(items.find((i) => i.clave === 'registro_rechazado')!.variables.map((v) => v.nombre)).toContain('registro.motivo');
  });

  it('refuses an unknown variable, a section or a partial, naming it, and saves nothing', async () => {
    const unknown = await save('solicitud_recibida', { asunto: 'Hola', cuerpo: 'Hola {{persona.apellido}}', activa: true });
    expectErrorShape(unknown, 400);
    expect(unknown.json<{ message: string }>().message).toContain('{{persona.apellido}}');
    // A variable of another key is unknown here.
    expectErrorShape(await save('solicitud_recibida', { asunto: 'Tu código {{codigo}}', cuerpo: 'x', activa: true }), 400);
    const section = await save('solicitud_recibida', { asunto: 'Hola', cuerpo: '{{#persona}}x{{/persona}}', activa: true });
    expectErrorShape(section, 400);
    expect(section.json<{ message: string }>().message).toContain('{{#persona}}');
    const partial = await save('solicitud_recibida', { asunto: 'Hola', cuerpo: '{{> cabecera}}', activa: true });
    expect(partial.json<{ message: string }>().message).toContain('{{>cabecera}}');
    expectErrorShape(await save('solicitud_recibida', { asunto: 'Dos\nlíneas', cuerpo: 'x', activa: true }), 400);
    expectErrorShape(await save('no_existe', { asunto: 'Hola', cuerpo: 'x', activa: true }), 400);
    expectErrorShape(
      await t.as('staff').inject({ method: 'PUT', url: '/api/plantillas/solicitud_recibida', payload: { asunto: 'a', cuerpo: 'b', activa: true } }),
      403,
    );
    const { items } = (await t.as('admin').inject({ method: 'GET', url: '/api/plantillas' })).json<{ items: Template[] }>();
    expect(items.find((i) => i.clave === 'solicitud_recibida')!.personalizada).toBe(false);
  });

  it('saves with a version and history; a stale version answers 409', async () => {
    const first = await save('seguimiento', { asunto: '¿Qué tal {{mascota.nombre}}?', cuerpo: 'Cuéntanos: {{enlace}}', activa: true, version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Template>()).toMatchObject({ version: 1, personalizada: true });
    expectErrorShape(await save('seguimiento', { asunto: 'Otro', cuerpo: 'x', activa: true, version: 0 }), 409);
    const second = await save('seguimiento', { asunto: 'Otro', cuerpo: 'x', activa: false, version: 1 });
    expect(second.json<Template>()).toMatchObject({ version: 2, activa: false });
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'plantilla'), eq(historyEvent.entidadId, 'seguimiento')))
      .orderBy(historyEvent.id);
    expect(events).toHaveLength(2);
    expect(events[1]!.cambios).toMatchObject({ activa: [true, false] });
  });

  it('previews with sample values and the organisation, escaping HTML', async () => {
    const res = await t.as('admin').inject({
      method: 'POST',
      url: '/api/plantillas/solicitud_recibida/vista-previa',
      payload: { asunto: 'Hola {{persona.nombre}}', cuerpo: 'Para <b>{{mascota.nombre}}</b>\nde {{organizacion.nombre}}' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ asunto: string; texto: string; html: string }>();
    expect(preview.asunto).toBe('Hola Lucía');
    expect(preview.texto).toContain('Para <b>Luna</b>\nde Refugio Patitas');
    expect(preview.html).toContain('Para &lt;b&gt;Luna&lt;/b&gt;<br>de Refugio Patitas');
    expectErrorShape(
      await t
        .as('admin')
        .inject({ method: 'POST', url: '/api/plantillas/solicitud_recibida/vista-previa', payload: { asunto: '{{x}}', cuerpo: '' } }),
      400,
    );
  });
});

describe('the organisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...ORG, ORG_TIME_ZONE: 'America/Mexico_City' });
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
  });
  afterAll(() => t.close());

  const valid = {
    nombre: 'Refugio Nuevo',
    email: 'Contacto@Nuevo.example',
    telefono: '600 12 34 56',
    direccion: 'Calle Luna 3',
    web: 'https://nuevo.example',
    zonaHoraria: 'Europe/Madrid',
  };

  it('reads the environment until an administrator saves, then the saved values (normalised), with history', async () => {
    const before = (await t.as('staff').inject({ method: 'GET', url: '/api/organizacion' })).json<unknown>();
    expect(before).toMatchObject({
      nombre: 'Refugio Patitas',
      email: 'hola@patitas.example',
      zonaHoraria: 'America/Mexico_City',
      contacto: { nombre: 'Refugio Patitas', email: 'hola@patitas.example' },
      version: 0,
    });
    expectErrorShape(await t.as('staff').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...valid, version: 0 } }), 403);
    expectErrorShape(
      await t.as('admin').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...valid, zonaHoraria: 'Europe/Atlantida', version: 0 } }),
      400,
    );
    expectErrorShape(
      await t.as('admin').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...valid, telefono: '123', version: 0 } }),
      400,
    );
    expectErrorShape(
      await t.as('admin').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...valid, email: 'no-es-correo', version: 0 } }),
      400,
    );
    expectErrorShape(
      await t.as('admin').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...valid, web: 'javascript:alert(1)', version: 0 } }),
      400,
    );

    const saved = await t.as('admin').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...valid, version: 0 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      nombre: 'Refugio Nuevo',
      email: 'contacto@nuevo.example',
      telefono: '+34600123456',
      zonaHoraria: 'Europe/Madrid',
      version: 1,
    });
    expect((await t.as('staff').inject({ method: 'GET', url: '/api/organizacion' })).json()).toMatchObject({
      contacto: { nombre: 'Refugio Nuevo', email: 'contacto@nuevo.example', telefono: '+34600123456' },
    });
    expectErrorShape(await t.as('admin').inject({ method: 'PUT', url: '/api/organizacion', payload: { ...valid, version: 0 } }), 409);
    const events = await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'organizacion'));
    expect(events).toHaveLength(1);
    expect(events[0]!.cambios).toMatchObject({ nombre: ['Refugio Patitas', 'Refugio Nuevo'] });

    // Templates sign with the saved organisation.
    const preview = await t.as('admin').inject({
      method: 'POST',
      url: '/api/plantillas/codigo_verificacion/vista-previa',
      payload: { asunto: 'Código', cuerpo: 'De {{organizacion.nombre}}' },
    });
    expect(preview.json<{ texto: string }>().texto).toContain('De Refugio Nuevo\n\n--\nRefugio Nuevo\ncontacto@nuevo.example\n+34600123456');
  });
});
