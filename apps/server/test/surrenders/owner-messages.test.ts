import {
  type ApiErrorBody,
  type HistoryValue,
  type SentMessage,
  type SurrenderMessageDraft,
  describeHistoryEvent,
  surrenderMessageTexts,
  surrenderMessagesSchema,
} from '@refugio/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEvent as history, message } from '../../src/db/schema';
import { ADMIN, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { multipart } from '../helpers/media';

/*
 * Messages to the owner of a surrender request (DESIGN section 19 with section 10's templates and messages): each
 * step offers its template filled in with the request's data; staff edit it and send it by e-mail or WhatsApp; the
 * message is kept about the request and the request's history tells it.
 */

describe('surrenders: messages to the owner from templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ORG_NAME: 'Refugio Patitas' });
    await t.createUser(ADMIN);
  });
  afterAll(() => t.close());

  async function created(overrides: Record<string, string> = {}): Promise<number> {
    const fields: Record<string, string> = {
      nombre: 'Marta',
      email: 'marta@example.org',
      telefono: '612 345 678',
      documento: '12345678Z',
      nombreAnimal: 'Toby',
      especie: 'Perro',
      sexo: 'macho',
      edad: '3 años',
      microchip: '941000012345678',
      motivo: 'Me mudo.',
      urgencia: 'media',
      aceptaPrivacidad: 'true',
      ...overrides,
    };
    const body = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
    const res = await t.as('anonymous').inject({ method: 'POST', url: '/api/public/cesiones', payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }
  const step = (id: number, estado: string, version: number, motivo?: string) =>
    t.as('staff').inject({ method: 'POST', url: `/api/cesiones/${id}/estado`, payload: { estado, version, ...(motivo ? { motivo } : {}) } });
  const draft = (id: number, query = '') => t.as('staff').inject({ method: 'GET', url: `/api/cesiones/${id}/mensaje${query}` });
  const send = (id: number, payload: object) => t.as('staff').inject({ method: 'POST', url: `/api/cesiones/${id}/mensajes`, payload });
  const messageCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(message))[0]!.n;

  it("offers each step's template filled in with the owner's and the animal's names and the request's number", async () => {
    const id = await created();
    const fresh = (await draft(id)).json<SurrenderMessageDraft>();
    expect(fresh).toEqual({ plantilla: null, asunto: '', cuerpo: '', canales: { email: true, whatsapp: true } });
    expect((await step(id, 'lista_espera', 1)).statusCode).toBe(200);
    const waiting = await draft(id);
    expect(waiting.statusCode, waiting.body).toBe(200);
    const body = waiting.json<SurrenderMessageDraft>();
    expect(body.plantilla).toBe('cesion_lista_espera');
    expect(body.asunto).toBe('Tu solicitud de cesión de Toby está en lista de espera');
    expect(body.cuerpo).toMatch(/^Hola, Marta:\n\n/);
    expect(body.cuerpo).toContain(`(nº ${id})`);
    expect(body.cuerpo).toContain('lista de espera');
    expect(body.cuerpo).toMatch(/Refugio Patitas$/);
    const rejected = (await draft(id, '?plantilla=cesion_rechazada')).json<SurrenderMessageDraft>();
    expect(rejected).toMatchObject({ plantilla: 'cesion_rechazada', asunto: 'Sobre tu solicitud de cesión de Toby' });
    expect(rejected.cuerpo).toContain('no podemos acogerlo');
    // Only the surrenders' templates: another key is refused in Spanish.
    const other = await draft(id, '?plantilla=solicitud_recibida');
    expectErrorShape(other, 400);
    expect(JSON.stringify(other.json())).toContain(surrenderMessageTexts.templateInvalid);
    expectErrorShape(await draft(999_999), 404);
  });

  it('uses the text an administrator saved for the template', async () => {
    const id = await created({ nombreAnimal: 'Nala' });
    const saved = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/plantillas/cesion_aceptada',
      payload: {
        asunto: 'Acogemos a {{mascota.nombre}}',
        cuerpo: 'Hola {{persona.nombre}}, la solicitud {{solicitud.numero}} sigue adelante.',
        activa: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await step(id, 'aceptada', 1)).statusCode).toBe(200);
    expect((await draft(id)).json<SurrenderMessageDraft>()).toMatchObject({
      plantilla: 'cesion_aceptada',
      asunto: 'Acogemos a Nala',
      cuerpo: `Hola Marta, la solicitud ${id} sigue adelante.`,
    });
    // A variable the surrenders' templates do not fill refuses the save.
    const unknown = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/plantillas/cesion_aceptada',
      payload: { asunto: 'x', cuerpo: '{{enlace}}', activa: true },
    });
    expectErrorShape(unknown, 400);
  });

  it('sends the text as staff edited it by e-mail, keeps it about the request, and tells it in its history', async () => {
    const id = await created();
    await step(id, 'rechazada', 1, 'Sin plazas');
    const res = await send(id, {
      canal: 'email',
      plantilla: 'cesion_rechazada',
      asunto: 'Sobre Toby',
      cuerpo: 'Hola, Marta:\n\nLo sentimos, ahora no tenemos plazas. Te dejamos el teléfono de otra protectora.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<SentMessage>();
    expect(sent.url).toBeUndefined();
    expect(sent.mensaje).toMatchObject({
      canal: 'email',
      plantilla: 'cesion_rechazada',
      asunto: 'Sobre Toby',
      para: { nombre: 'Marta', email: 'marta@example.org' },
      relacion: { entidad: 'cesion', id: String(id) },
    });
    expect(['pendiente', 'sin_configurar']).toContain(sent.mensaje.estado);
    expect(sent.mensaje.cuerpo).toContain('Te dejamos el teléfono de otra protectora.');
    // Signed like every e-mail.
    expect(sent.mensaje.cuerpo).toContain('Refugio Patitas');

    const list = surrenderMessagesSchema.parse((await t.as('staff').inject({ method: 'GET', url: `/api/cesiones/${id}/mensajes` })).json());
    expect(list.items.map((m) => m.id)).toEqual([sent.mensaje.id]);
    const events = await t.database.db
      .select()
      .from(history)
      .where(sql`${history.entidad} = 'cesion' AND ${history.entidadId} = ${String(id)} AND ${history.accion} = 'enviar'`);
    expect(events).toHaveLength(1);
    expect(events[0]!.cambios).toMatchObject({ mensajeId: [null, sent.mensaje.id], canal: [null, 'email'], plantilla: [null, 'cesion_rechazada'] });
    expect(
      describeHistoryEvent({
        actor: { tipo: 'usuario', nombre: 'Rocío' },
        entidad: 'cesion',
        entidadId: String(id),
        accion: 'enviar',
        cambios: events[0]!.cambios as Record<string, [HistoryValue, HistoryValue]>,
      }),
    ).toEqual([`Rocío escribió por correo sobre la solicitud de cesión ${id}: «Sobre Toby».`]);
  });

  it('answers the WhatsApp click-to-chat link with the text, kept as registered', async () => {
    const id = await created();
    await step(id, 'lista_espera', 1);
    const res = await send(id, { canal: 'whatsapp', plantilla: 'cesion_lista_espera', cuerpo: 'Hola, Marta: Toby queda en lista de espera.' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<SentMessage>();
    expect(sent.url).toBe(`https://wa.me/34612345678?text=${encodeURIComponent('Hola, Marta: Toby queda en lista de espera.')}`);
    expect(sent.mensaje).toMatchObject({ canal: 'whatsapp', estado: 'registrado', plantilla: 'cesion_lista_espera' });
  });

  it('refuses what cannot be sent with a Spanish 400, writing nothing', async () => {
    const noPhone = await created({ telefono: '' });
    const noEmail = await created({ email: '' });
    const before = await messageCount();
    const cases: [number, object, string][] = [
      [noPhone, { canal: 'whatsapp', cuerpo: 'Hola' }, surrenderMessageTexts.noPhone],
      [noEmail, { canal: 'email', asunto: 'Hola', cuerpo: 'Hola' }, surrenderMessageTexts.noEmail],
      [noPhone, { canal: 'email', cuerpo: 'Hola' }, surrenderMessageTexts.subjectRequired],
      [noPhone, { canal: 'email', asunto: 'Hola', cuerpo: '   ' }, surrenderMessageTexts.bodyRequired],
      [noPhone, { canal: 'paloma', asunto: 'Hola', cuerpo: 'Hola' }, 'Elige correo o WhatsApp.'],
      [noPhone, { canal: 'email', plantilla: 'contrato_cesion', asunto: 'Hola', cuerpo: 'Hola' }, surrenderMessageTexts.templateInvalid],
      [noPhone, { canal: 'email', asunto: 'Hola\u202Eevil', cuerpo: 'Hola' }, ''],
    ];
    for (const [id, payload, text] of cases) {
      const res = await send(id, payload);
      expectErrorShape(res, 400);
      const body = res.json<ApiErrorBody>();
      if (text) expect(JSON.stringify(body), JSON.stringify(payload)).toContain(text);
    }
    expectErrorShape(await send(999_999, { canal: 'email', asunto: 'Hola', cuerpo: 'Hola' }), 404);
    expect((await t.as('anonymous').inject({ method: 'POST', url: `/api/cesiones/${noPhone}/mensajes`, payload: {} })).statusCode).toBe(401);
    expect(await messageCount()).toBe(before);
  });
});
