import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VolunteerProfile, documentSchema, signatureViewSchema, surrenderSchema } from '@refugio/contracts';
import { document, historyEvent, movement, person, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { ORG, UA, flat, pdfPages, signaturePng } from '../helpers/documents-support';
import { type Part, jpeg, multipart } from '../helpers/media';
import { startSmtpServer } from '../helpers/smtp-test-server';

/*
 * Documents whose subject is not a pet (DESIGN sections 17 and 19): the surrender contract an accepted request
 * prepares, signed by the owner through /firmar (then the animal enters once), and a person's volunteer agreement.
 */

describe('surrender contracts and volunteer agreements', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const staff = () => t.as('staff');
  const anon = () => t.as('anonymous');

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ ...ORG, SMTP_URL: smtp.url, MAIL_FROM: 'Refugio Patitas <no-responder@patitas.example>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let serial = 0;
  async function surrendered(): Promise<{ id: number; email: string; microchip: string }> {
    serial += 1;
    const email = `cedente${serial}@example.org`;
    const microchip = `94100007700${String(1000 + serial)}`;
    const fields: Record<string, string> = {
      nombre: 'Lucía Gómez',
      email,
      telefono: '612 345 678',
      documento: '12345678Z',
      nombreAnimal: `Toby${serial}`,
      especie: 'Perro',
      sexo: 'macho',
      edad: '3 años',
      microchip,
      motivo: 'Me mudo a un piso donde no admiten perros.',
      urgencia: 'alta',
      aceptaPrivacidad: 'true',
    };
    const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
    parts.push({ name: 'fotos', value: await jpeg(64, 48), fileName: 'foto.jpg', contentType: 'image/jpeg' });
    const body = multipart(parts);
    const res = await anon().inject({ method: 'POST', url: '/api/public/cesiones', payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json<{ id: number }>().id, email, microchip };
  }
  const step = (id: number, estado: string, version: number) =>
    staff().inject({ method: 'POST', url: `/api/cesiones/${id}/estado`, payload: { estado, version } });
  const detail = async (id: number) => surrenderSchema.parse((await staff().inject({ url: `/api/cesiones/${id}` })).json());
  const doc = async (id: number) => documentSchema.parse((await staff().inject({ url: `/api/documentos/${id}` })).json());

  async function accepted() {
    const s = await surrendered();
    expect((await step(s.id, 'lista_espera', 1)).statusCode).toBe(200);
    const res = await step(s.id, 'aceptada', 2);
    expect(res.statusCode, res.body).toBe(200);
    const documentoId = surrenderSchema.parse(res.json()).documentoId;
    expect(documentoId).not.toBeNull();
    return { ...s, documentoId: documentoId! };
  }
  async function sendLink(id: number) {
    const res = await staff().inject({ method: 'POST', url: `/api/documentos/${id}/enviar`, payload: { canal: 'email' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string }>().url.split('/firmar/')[1]!;
  }
  async function code(token: string, email: string) {
    const before = smtp.received.length;
    const res = await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.runDue();
    const mail = smtp.received.slice(before).find((m) => m.to.includes(email) && m.subject.includes('código'));
    expect(mail).toBeDefined();
    return /\b(\d{6})\b/.exec(mail!.text)![1]!;
  }
  async function signRemotely(token: string, email: string, nombreCompleto: string) {
    const codigo = await code(token, email);
    const res = await anon().inject({
      method: 'POST',
      url: `/api/firma/${token}`,
      payload: { codigo, nombreCompleto, firma: await signaturePng(), acepta: true },
      headers: { 'user-agent': UA },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('accepting prepares the surrender contract with the owner and the animal; signed through /firmar, the animal enters', async () => {
    const s = await accepted();
    const prepared = await doc(s.documentoId);
    expect(prepared).toMatchObject({ tipo: 'contrato_cesion', estado: 'borrador', cesionId: s.id, mascota: null, persona: null });
    const pdf = await staff().inject({ url: `/api/documentos/${s.documentoId}/pdf` });
    const text = flat((await pdfPages(pdf.rawPayload)).join(' '));
    expect(text).toContain('Lucía Gómez');
    expect(text).toContain(s.microchip);
    expect(text).toContain('58.2');
    expect(text).toContain('gratuita');
    // The owner signs as the one who cedes the animal, not as an adopter.
    expect(text).toContain('Firma de la persona cedente');
    expect(text).not.toContain('adoptante');

    const before = smtp.received.length;
    const token = await sendLink(s.documentoId);
    await t.app.jobs.runDue();
    const invitation = smtp.received.slice(before).find((m) => m.to.includes(s.email));
    expect(invitation?.subject).toContain('Contrato de cesión');
    const view = signatureViewSchema.parse((await anon().inject({ url: `/api/firma/${token}` })).json());
    expect(view).toMatchObject({ tipo: 'contrato_cesion', firmante: { nombre: 'Lucía Gómez', email: 'c***@example.org' } });

    await signRemotely(token, s.email, 'Lucía Gómez Pérez');
    const after = await detail(s.id);
    expect(after.estado).toBe('ingresada');
    const [animal] = await t.database.db.select().from(pet).where(eq(pet.microchip, s.microchip));
    expect(animal).toMatchObject({ id: after.mascotaId, procedencia: 'cesion' });
    expect(animal!.imagenPrincipal).toBeTruthy();
    const moves = await t.database.db.select().from(movement).where(eq(movement.petId, animal!.id));
    expect(moves.map((m) => [m.tipo, m.procedencia])).toEqual([['ingreso', 'cesion']]);
    const [owner] = await t.database.db.select().from(person).where(eq(person.id, after.personaId!));
    expect(owner!.roles).toContain('cedente');
    // The signed contract now belongs to the pet and the person too.
    expect(await doc(s.documentoId)).toMatchObject({ estado: 'firmado', mascota: { id: animal!.id }, persona: { id: owner!.id } });
    const byPet = await staff().inject({ url: `/api/documentos?mascotaId=${animal!.id}` });
    expect(byPet.json<{ items: { id: number }[] }>().items.map((d) => d.id)).toContain(s.documentoId);
  });

  it('enters the animal once when the owner signs in person while another member of staff enters it by hand', async () => {
    const s = await accepted();
    const firma = await signaturePng();
    const [signed, byHand] = await Promise.all([
      staff().inject({
        method: 'POST',
        url: `/api/documentos/${s.documentoId}/firmar`,
        payload: { nombreCompleto: 'Lucía Gómez', firma, acepta: true },
        headers: { 'user-agent': UA },
      }),
      step(s.id, 'ingresada', 3),
    ]);
    expect(signed.statusCode, signed.body).toBe(200);
    expect([200, 409]).toContain(byHand.statusCode);
    expect(await t.database.db.select().from(pet).where(eq(pet.microchip, s.microchip))).toHaveLength(1);
    expect((await detail(s.id)).estado).toBe('ingresada');
    const entries = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'cesion'), eq(historyEvent.entidadId, String(s.id)), eq(historyEvent.accion, 'estado')));
    expect(entries[0]!.n).toBe(3);
  });

  it('prepares the contract only of an accepted request; preparing again annuls the unsigned one', async () => {
    const s = await surrendered();
    expectErrorShape(await staff().inject({ method: 'POST', url: `/api/cesiones/${s.id}/contrato` }), 409);
    expectErrorShape(await staff().inject({ method: 'POST', url: '/api/cesiones/999999/contrato' }), 404);
    const a = await accepted();
    const again = await staff().inject({ method: 'POST', url: `/api/cesiones/${a.id}/contrato` });
    expect(again.statusCode, again.body).toBe(201);
    expect((await doc(a.documentoId)).estado).toBe('anulado');
    expect((await detail(a.id)).documentoId).toBe(again.json<{ documentoId: number }>().documentoId);
  });

  it('prepares a volunteer agreement for a person and signs it through /firmar with the e-mailed code', async () => {
    const created = await staff().inject({
      method: 'POST',
      url: '/api/personas',
      payload: { nombre: 'Nuria', apellidos: 'Sanz', email: 'nuria.voluntaria@example.org', roles: ['voluntario'], consentimientos: { email: true } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const personaId = created.json<{ id: number }>().id;
    expectErrorShape(
      await staff().inject({ method: 'POST', url: `/api/personas/${personaId}/voluntariado/acuerdo`, payload: { tipo: 'otro' } }),
      400,
    );
    expectErrorShape(
      await staff().inject({ method: 'POST', url: '/api/personas/999999/voluntariado/acuerdo', payload: { tipo: 'acuerdo_voluntariado' } }),
      404,
    );
    const res = await staff().inject({
      method: 'POST',
      url: `/api/personas/${personaId}/voluntariado/acuerdo`,
      payload: { tipo: 'acuerdo_voluntariado' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ documentoId: number }>().documentoId;
    expect(await doc(id)).toMatchObject({ tipo: 'acuerdo_voluntariado', mascota: null, persona: { id: personaId, nombre: 'Nuria Sanz' } });
    const text = flat((await pdfPages((await staff().inject({ url: `/api/documentos/${id}/pdf` })).rawPayload)).join(' '));
    expect(text).toContain('Ley 45/2015');
    expect(text).toContain('Nuria Sanz');
    expect(text).toContain('Firma de la persona voluntaria');

    // Prepared: the volunteer tab shows it unsigned, the profile points to no agreement yet.
    const profile = async () => (await staff().inject({ url: `/api/personas/${personaId}/voluntariado` })).json<VolunteerProfile>();
    expect(await profile()).toMatchObject({ acuerdoDocumentoId: null, acuerdo: { id, estado: 'borrador', firmadoEn: null } });

    const token = await sendLink(id);
    expect((await profile()).acuerdo).toMatchObject({ id, estado: 'enviado' });
    const view = signatureViewSchema.parse((await anon().inject({ url: `/api/firma/${token}` })).json());
    expect(view).toMatchObject({ tipo: 'acuerdo_voluntariado', titulo: 'Acuerdo de voluntariado de Nuria Sanz' });
    await signRemotely(token, 'nuria.voluntaria@example.org', 'Nuria Sanz López');
    expect(await doc(id)).toMatchObject({ estado: 'firmado', firmante: { nombre: 'Nuria Sanz López' } });
    // Signed: the volunteer profile points at it by itself, with the profile's history event.
    const signed = await profile();
    expect(signed).toMatchObject({ acuerdoDocumentoId: id, acuerdo: { id, estado: 'firmado' } });
    expect(signed.acuerdo?.firmadoEn).toEqual((await doc(id)).firmadoEn);
    const events = await t.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'voluntariado'), eq(historyEvent.entidadId, String(personaId))));
    expect(events.map((e) => e.cambios)).toEqual([{ acuerdoDocumentoId: [null, id] }]);
    // Saving the profile keeps it.
    const saved = await staff().inject({
      method: 'PUT',
      url: `/api/personas/${personaId}/voluntariado`,
      payload: { tareas: ['Paseos'], disponibilidad: '', formacion: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ tareas: ['Paseos'], acuerdoDocumentoId: id, acuerdo: { id, estado: 'firmado' } });
    const [row] = await t.database.db.select().from(document).where(eq(document.id, id));
    expect(row).toMatchObject({ petId: null, cesionId: null, personaId });
  });
});
