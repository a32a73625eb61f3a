import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentMessages } from '@refugio/contracts';
import { document, historyEvent, message, person, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { ORG, UA, flat, pdfPages, sha, signaturePng } from '../helpers/documents-support';
import { startSmtpServer } from '../helpers/smtp-test-server';

/*
 * The acta of a return (DESIGN section 13, issue 26): prepared from a `devolucion` with a person, then signed the
 * same ways as the contract (in person, or remotely with an e-mailed code through a real SMTP server), with the
 * same evidence page and integrity check; the signing page names the organisation.
 */

describe('the acta of a return', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const staff = () => t.as('staff');
  const anon = () => t.as('anonymous');
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ ...ORG, SMTP_URL: smtp.url, MAIL_FROM: 'Refugio Patitas <no-responder@patitas.example>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let serial = 0;
  async function move(petId: number, body: Record<string, unknown>) {
    const version = (await t.database.db.select({ version: pet.version }).from(pet).where(eq(pet.id, petId)))[0]!.version;
    const res = await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/movimientos`, payload: { fecha: today(), version, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ movimientos: { id: number; tipo: string }[] }>().movimientos[0]!;
  }
  /** A pet adopted by a new person and brought back: the return movement. */
  async function adoptedAndReturned(motivo = 'Alergia en casa de la persona adoptante') {
    serial += 1;
    const [p] = await t.database.db
      .insert(pet)
      .values({
        nombre: `Tango${serial}`,
        edad: '3 años',
        tipo: 'Perro',
        genero: 'macho',
        tamano: 'mediano',
        raza: 'Galgo',
        microchip: `94100013579${String(1000 + serial)}`,
      })
      .returning();
    const email = `devuelve${serial}@gmail.com`;
    const [who] = await t.database.db
      .insert(person)
      .values({
        nombre: 'Andrés',
        apellidos: `Gil Peña${serial}`,
        email,
        telefono: '+34600222333',
        documento: '87654321X',
        consentimientoEmail: true,
      })
      .returning();
    const adopcion = await move(p!.id, { tipo: 'adopcion', personaId: who!.id });
    const devolucion = await move(p!.id, { tipo: 'devolucion', motivo });
    expect(devolucion.tipo).toBe('devolucion');
    return {
      petId: p!.id,
      personaId: who!.id,
      email,
      microchip: p!.microchip!,
      nombre: p!.nombre,
      adopcionId: adopcion.id,
      movimientoId: devolucion.id,
    };
  }
  async function prepare(petId: number, movimientoId: number) {
    const res = await staff().inject({ method: 'POST', url: `/api/mascotas/${petId}/movimientos/${movimientoId}/acta` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ documentoId: number }>().documentoId;
  }
  async function pdf(id: number) {
    const res = await staff().inject({ url: `/api/documentos/${id}/pdf` });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  }
  const row = async (id: number) => (await t.database.db.select().from(document).where(eq(document.id, id)))[0]!;

  it('renders the acta with the person, the pet, its microchip, the reason and the date; signed in person it verifies', async () => {
    const r = await adoptedAndReturned();
    const id = await prepare(r.petId, r.movimientoId);
    const dto = (await staff().inject({ url: `/api/documentos/${id}` })).json<Record<string, unknown>>();
    expect(dto).toMatchObject({
      tipo: 'acta_devolucion',
      estado: 'borrador',
      solicitudId: null,
      movimientoId: r.movimientoId,
      persona: { id: r.personaId },
    });
    const original = await pdf(id);
    expect(sha(original)).toBe(dto.sha256);
    const text = flat((await pdfPages(original)).join('\n'));
    expect(text).toContain('Acta de devolución');
    expect(text).toContain('Andrés');
    expect(text).toContain(`Gil Peña${serial}`);
    expect(text).toContain('87654321X');
    expect(text).toContain(r.nombre);
    expect(text).toContain(r.microchip);
    expect(text).toContain('Alergia en casa de la persona adoptante');
    const [y, m, d] = today().split('-');
    expect(text).toContain(`${d}/${m}/${y}`);
    expect(text).toContain('Refugio Patitas');
    expect(text).toContain('Renuncia a la propiedad');

    const listed = await staff().inject({ url: `/api/documentos?movimientoId=${r.movimientoId}` });
    expect(listed.json<{ items: { id: number }[] }>().items.map((i) => i.id)).toEqual([id]);

    const signed = await staff().inject({
      method: 'POST',
      url: `/api/documentos/${id}/firmar`,
      payload: { nombreCompleto: 'Andrés Gil Peña', firma: await signaturePng(), acepta: true },
      headers: { 'user-agent': UA },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const signedBytes = await pdf(id);
    const pages = await pdfPages(signedBytes);
    const evidence = flat(pages.at(-1)!);
    expect(evidence).toContain('Registro de firma');
    expect(evidence).toContain('Andrés Gil Peña');
    expect(evidence).toContain('En persona, ante Persona De Prueba');
    expect(evidence).toContain((await row(id)).sha256);
    expect((await staff().inject({ url: `/api/documentos/${id}/verificar` })).json()).toMatchObject({ integro: true });
    const copies = await t.database.db
      .select()
      .from(message)
      .where(eq(message.relacionId, String(id)));
    expect(copies.map((c) => c.plantilla)).toEqual(['acta_firmada']);

    // A signed acta stays: preparing again is refused, and it cannot be annulled.
    const again = await staff().inject({ method: 'POST', url: `/api/mascotas/${r.petId}/movimientos/${r.movimientoId}/acta` });
    expectErrorShape(again, 409, 'CONFLICT');
    expect(again.json<{ message: string }>().message).toBe(documentMessages.returnSignedExists);
    const annul = await staff().inject({ method: 'POST', url: `/api/documentos/${id}/anular` });
    expectErrorShape(annul, 409, 'CONFLICT');
    expect(annul.json<{ message: string }>().message).toBe(documentMessages.actaCannotAnnulSigned);
  });

  it('signs remotely with an e-mailed code (real SMTP) and the signing page names the organisation and the acta', async () => {
    const r = await adoptedAndReturned('Cambio de domicilio');
    const id = await prepare(r.petId, r.movimientoId);
    const sentBefore = smtp.received.length;
    const sent = await staff().inject({ method: 'POST', url: `/api/documentos/${id}/enviar`, payload: { canal: 'email' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const token = sent.json<{ url: string }>().url.split('/firmar/')[1]!;
    await t.app.jobs.runDue();
    const invitation = smtp.received.slice(sentBefore).find((mail) => mail.to.includes(r.email));
    expect(invitation?.subject).toContain('acta de devolución');

    const view = await anon().inject({ url: `/api/firma/${token}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      titulo: `Acta de devolución de ${r.nombre}`,
      tipo: 'acta_devolucion',
      organizacion: { nombre: 'Refugio Patitas' },
      estado: 'enviado',
    });

    const before = smtp.received.length;
    expect((await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` })).statusCode).toBe(202);
    await t.app.jobs.runDue();
    const mail = smtp.received.slice(before).find((m) => m.to.includes(r.email) && m.subject.includes('código'));
    const codigo = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const signed = await anon().inject({
      method: 'POST',
      url: `/api/firma/${token}`,
      payload: { codigo, nombreCompleto: 'Andrés Gil Peña', firma: await signaturePng(), acepta: true },
      headers: { 'user-agent': UA },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const { sha256 } = signed.json<{ sha256: string }>();
    expect((await staff().inject({ url: `/api/documentos/${id}` })).json()).toMatchObject({ estado: 'firmado', firmado: { presencial: false } });
    expect((await staff().inject({ url: `/api/documentos/${id}/verificar` })).json()).toEqual({ integro: true, sha256, calculado: sha256 });
    const after = smtp.received.length;
    await t.app.jobs.runDue();
    const copy = smtp.received.slice(after).find((m) => m.to.includes(r.email) && m.subject.includes('firmada'));
    expect(copy, 'signed copy e-mail').toBeDefined();
    expect(copy!.raw).toMatch(/Content-Disposition: attachment/i);
    // The used link: the page says firmado, signing again is refused naming the acta.
    expect((await anon().inject({ url: `/api/firma/${token}` })).json()).toMatchObject({ estado: 'firmado', tipo: 'acta_devolucion' });
    const replay = await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` });
    expectErrorShape(replay, 409, 'CONFLICT');
    expect(replay.json<{ message: string }>().message).toBe(documentMessages.actaAlreadySigned);
  });

  it('is a template of "Plantillas" like the contract: listed without a subject, edited, and used by the next acta', async () => {
    const list = await t.as('admin').inject({ url: '/api/plantillas' });
    const template = list
      .json<{ items: { clave: string; asunto: string; variables: { nombre: string }[] }[] }>()
      .items.find((i) => i.clave === 'acta_devolucion')!;
    expect(template.asunto).toBe('');
    expect(template.variables.map((v) => v.nombre)).toEqual(expect.arrayContaining(['devolucion.fecha', 'devolucion.motivo', 'mascota.microchip']));
    const saved = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/plantillas/acta_devolucion',
      payload: { cuerpo: '# Acta propia\n\n{{mascota.nombre}} vuelve el {{devolucion.fecha}}: {{devolucion.motivo}}.', activa: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const r = await adoptedAndReturned('Se muda al extranjero');
    const text = flat((await pdfPages(await pdf(await prepare(r.petId, r.movimientoId)))).join('\n'));
    expect(text).toContain('Acta propia');
    expect(text).toContain(`${r.nombre} vuelve el`);
    expect(text).toContain('Se muda al extranjero');
  });

  it('annuls an unsigned earlier acta when preparing again, recording both in the history', async () => {
    const r = await adoptedAndReturned();
    const first = await prepare(r.petId, r.movimientoId);
    const second = await prepare(r.petId, r.movimientoId);
    expect((await row(first)).estado).toBe('anulado');
    expect((await row(second)).estado).toBe('borrador');
    const events = await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'documento'));
    expect(
      events
        .filter((e) => e.entidadId === String(first))
        .map((e) => e.accion)
        .sort(),
    ).toEqual(['crear', 'estado']);
    expect(events.find((e) => e.entidadId === String(second) && e.accion === 'crear')!.cambios).toMatchObject({
      movimientoId: [null, r.movimientoId],
    });
  });

  it('refuses a movement that is not a return with a person, one of another pet, an unknown one, and the public', async () => {
    const r = await adoptedAndReturned();
    const other = await adoptedAndReturned();
    const count = async () => (await t.database.db.select().from(document)).length;
    const before = await count();

    const notReturn = await staff().inject({ method: 'POST', url: `/api/mascotas/${r.petId}/movimientos/${r.adopcionId}/acta` });
    expectErrorShape(notReturn, 409, 'CONFLICT');
    expect(notReturn.json<{ message: string }>().message).toBe(documentMessages.movementNotReturn);

    const ofAnother = await staff().inject({ method: 'POST', url: `/api/mascotas/${r.petId}/movimientos/${other.movimientoId}/acta` });
    expectErrorShape(ofAnother, 404, 'NOT_FOUND');
    expect(ofAnother.json<{ message: string }>().message).toBe(documentMessages.movementNotFound);
    expectErrorShape(await staff().inject({ method: 'POST', url: `/api/mascotas/${r.petId}/movimientos/999999/acta` }), 404, 'NOT_FOUND');
    expectErrorShape(await staff().inject({ method: 'POST', url: `/api/mascotas/${r.petId}/movimientos/abc/acta` }), 400, 'VALIDATION_ERROR');

    // A return without a person (an intake has none to give back).
    const [stray] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Sin dueño', edad: '1 año', tipo: 'Gato', genero: 'hembra', tamano: 'mediano' })
      .returning();
    const intake = await move(stray!.id, { tipo: 'ingreso', motivo: 'Encontrada en la calle' });
    const noPerson = await staff().inject({ method: 'POST', url: `/api/mascotas/${stray!.id}/movimientos/${intake.id}/acta` });
    expectErrorShape(noPerson, 409, 'CONFLICT');

    expectErrorShape(await anon().inject({ method: 'POST', url: `/api/mascotas/${r.petId}/movimientos/${r.movimientoId}/acta` }), 401);
    expect(await count()).toBe(before);
  });
});
