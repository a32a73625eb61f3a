import { type AdoptionRequest, type ContractPreparation, type Person, contractMissingLabels } from '@refugio/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followup, historyEvent, message, person, pet } from '../../src/db/schema';
import { adoptionApplication } from '../helpers/application-support';
import { flat, pdfPages } from '../helpers/documents-support';
import { type TestApp, createTestApp } from '../helpers/helpers';
import { startSmtpServer } from '../helpers/smtp-test-server';

/*
 * Issue 33, sections 1 and 2. Linking that cannot be hijacked (DESIGN 10, 13): a person made first with someone's
 * first name and phone but another e-mail never receives that someone's contract or code; everything about an
 * application goes to the contact it gave unless staff confirm another (an explicit action in the history); the
 * untrusted match is flagged on the application. Documents that hold up: what the application gives reaches the
 * person without overwriting what staff keep, the contract never prints raw Markdown or "—, —" for empty parts, and
 * preparing it tells what is missing.
 */

describe('application contact, linking and the contract it makes', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const staff = () => t.as('staff');
  const anon = () => t.as('anonymous');

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // An organisation without e-mail or phone: the contract must say what is missing.
    t = await createTestApp({ ORG_NAME: 'Refugio Patitas', SMTP_URL: smtp.url, MAIL_FROM: 'Refugio <no-responder@patitas.example>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let serial = 0;
  const newPet = async () => {
    serial += 1;
    const [row] = await t.database.db
      .insert(pet)
      .values({
        nombre: `Nube${serial}`,
        edad: '2 años',
        tipo: 'Perro',
        genero: 'hembra',
        tamano: 'mediano',
        estado: 'publicada',
        esterilizado: 'si',
        microchip: `94100055500${String(1000 + serial)}`,
      })
      .returning();
    await t.app.changes.caughtUp();
    return row!.id;
  };
  const apply = async (overrides: Record<string, unknown>) => {
    const res = await anon().inject({
      method: 'POST',
      url: '/api/public/solicitudes-adopcion',
      payload: adoptionApplication(await newPet(), overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const detail = async (id: number) => {
    const res = await staff().inject({ url: `/api/solicitudes-adopcion/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdoptionRequest>();
  };
  const getPerson = async (id: number) => (await staff().inject({ url: `/api/personas/${id}` })).json<Person>();
  const approve = async (id: number) => {
    for (const estado of ['en_revision', 'aprobada']) {
      const { version } = await detail(id);
      const res = await staff().inject({
        method: 'POST',
        url: `/api/solicitudes-adopcion/${id}/estado`,
        payload: { estado, version, marcarAdoptada: estado === 'aprobada' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const prepare = async (id: number) => {
    const res = await staff().inject({
      method: 'POST',
      url: `/api/solicitudes-adopcion/${id}/contrato`,
      payload: { cuota: 0, metodoPago: 'exento' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ documentoId: number; faltan: ContractPreparation['faltan'] }>();
  };
  const sendLink = async (documentoId: number) => {
    const res = await staff().inject({ method: 'POST', url: `/api/documentos/${documentoId}/enviar`, payload: { canal: 'email' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string }>().url.split('/firmar/')[1]!;
  };
  /** Where the messages of a template about a document went (the addresses written on them). */
  const sentTo = async (plantilla: string, documentoId: number) =>
    (
      await t.database.db
        .select({ paraEmail: message.paraEmail })
        .from(message)
        .where(and(eq(message.plantilla, plantilla), eq(message.relacionEntidad, 'documento'), eq(message.relacionId, String(documentoId))))
    ).map((m) => m.paraEmail);
  const mailsTo = async (address: string) => {
    await t.app.jobs.runDue();
    return smtp.received.filter((m) => m.to.includes(address));
  };

  describe('linking that cannot be hijacked', () => {
    it("a person made first with someone's first name and phone but another e-mail never gets their contract or code", async () => {
      // The attacker writes first: the victim's first name and phone, their own mailbox.
      const attackerRequest = await apply({ nombre: 'Lucía Romero', telefono: '611 222 333', email: 'atacante@example.com' });
      const attackerId = (await detail(attackerRequest)).personaId!;
      // The victim applies later with their own mailbox.
      const victimRequest = await apply({ nombre: 'Lucía Romero Gil', telefono: '+34 611 22 23 33', email: 'lucia@example.com' });
      const victim = await detail(victimRequest);

      // Not linked to the attacker's person: a new one, flagged on the application as a possible duplicate.
      expect(victim.personaId).not.toBe(attackerId);
      expect(victim.posiblesDuplicados).toEqual([
        {
          persona: { id: attackerId, nombre: 'Lucía Romero', email: 'atacante@example.com', telefono: '+34611222333' },
          motivos: ['mismo_telefono', 'nombre_parecido'],
        },
      ]);
      expect(victim.contacto).toEqual({ email: 'lucia@example.com', telefono: '+34611222333', confirmado: false, confirmadoEn: null });
      expect((await getPerson(victim.personaId!)).email).toBe('lucia@example.com');
      expect((await getPerson(attackerId)).posiblesDuplicados).toBe(1);

      // Even if staff merge the two into the attacker's record (its e-mail kept), the application's contact rules.
      const merged = await staff().inject({ method: 'POST', url: `/api/personas/${attackerId}/fusionar`, payload: { conId: victim.personaId } });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(merged.json<Person>().email).toBe('atacante@example.com');
      expect((await detail(victimRequest)).personaId).toBe(attackerId);

      await approve(victimRequest);
      const { documentoId } = await prepare(victimRequest);
      const token = await sendLink(documentoId);
      expect(await sentTo('contrato_firmar', documentoId)).toEqual(['lucia@example.com']);
      const view = await anon().inject({ url: `/api/firma/${token}` });
      expect(view.json<{ firmante: { email: string } }>().firmante.email).toMatch(/^l\S*@example\.com$/);

      const code = await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` });
      expect(code.statusCode, code.body).toBe(202);
      expect(await sentTo('codigo_verificacion', documentoId)).toEqual(['lucia@example.com']);
      const victimMails = await mailsTo('lucia@example.com');
      expect(victimMails.some((m) => /\b\d{6}\b/.test(m.text))).toBe(true);
      expect((await mailsTo('atacante@example.com')).some((m) => m.text.includes('/firmar/') || /código/i.test(m.subject))).toBe(false);

      // Follow-ups of the adoption go to the application's contact too.
      const [check] = await t.database.db.select().from(followup).where(eq(followup.personaId, attackerId));
      expect(check).toBeDefined();
      const sent = await staff().inject({ method: 'POST', url: `/api/seguimientos/${check!.id}/enviar`, payload: { canal: 'email' } });
      expect(sent.statusCode, sent.body).toBe(200);
      const [followupMessage] = await t.database.db
        .select({ paraEmail: message.paraEmail })
        .from(message)
        .where(and(eq(message.plantilla, 'seguimiento'), eq(message.relacionId, String(check!.id))));
      expect(followupMessage?.paraEmail).toBe('lucia@example.com');
    });

    it('staff confirm another contact explicitly, with its history event, and the contract goes there', async () => {
      const id = await apply({ nombre: 'Tomás Vidal', telefono: '622 000 111', email: 'tomas@example.com' });
      const refused = await staff().inject({ method: 'POST', url: `/api/solicitudes-adopcion/${id}/contacto`, payload: { email: 'no-es-correo' } });
      expect(refused.statusCode).toBe(400);
      const res = await staff().inject({
        method: 'POST',
        url: `/api/solicitudes-adopcion/${id}/contacto`,
        payload: { email: ' Tomas.Vidal@Example.com ', telefono: '622 000 112' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AdoptionRequest>().contacto).toMatchObject({ email: 'tomas.vidal@example.com', telefono: '+34622000112', confirmado: true });
      // What the applicant wrote stays as written.
      expect(res.json<AdoptionRequest>().email).toBe('tomas@example.com');
      const events = await t.database.db
        .select()
        .from(historyEvent)
        .where(and(eq(historyEvent.entidad, 'solicitud_adopcion'), eq(historyEvent.entidadId, String(id)), eq(historyEvent.accion, 'modificar')));
      expect(events.map((e) => e.cambios)).toContainEqual({
        contactoEmail: ['tomas@example.com', 'tomas.vidal@example.com'],
        contactoTelefono: ['+34622000111', '+34622000112'],
        contactoConfirmado: [false, true],
      });
      await approve(id);
      const { documentoId } = await prepare(id);
      await sendLink(documentoId);
      expect(await sentTo('contrato_firmar', documentoId)).toEqual(['tomas.vidal@example.com']);
    });
  });

  describe('documents that hold up', () => {
    it("the application's city and address reach the person, never overwriting what staff keep", async () => {
      const first = await apply({
        nombre: 'Elena Sanz',
        email: 'elena@example.com',
        telefono: '633 100 200',
        ciudad: 'Toledo',
        direccion: 'Calle Ancha 4',
      });
      const personaId = (await detail(first)).personaId!;
      expect(await getPerson(personaId)).toMatchObject({ ciudad: 'Toledo', direccion: 'Calle Ancha 4' });

      // Staff keep another address and blank the city; a later application fills the blank only.
      const kept = await getPerson(personaId);
      const patched = await staff().inject({
        method: 'PATCH',
        url: `/api/personas/${personaId}`,
        payload: { version: kept.version, direccion: 'Plaza Mayor 9', ciudad: '' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const second = await apply({
        nombre: 'Elena',
        email: 'ELENA@example.com',
        telefono: '633 100 200',
        ciudad: 'Cuenca',
        direccion: 'Calle Nueva 1',
      });
      expect((await detail(second)).personaId).toBe(personaId);
      expect(await getPerson(personaId)).toMatchObject({ ciudad: 'Cuenca', direccion: 'Plaza Mayor 9' });
    });

    it('the contract with an empty surname, document and address prints no Markdown and no "—, —"; preparing says what is missing', async () => {
      const id = await apply({
        nombre: 'María José Gómez Pérez',
        email: 'mariajose@example.com',
        telefono: '644 555 666',
        ciudad: 'Madrid',
        direccion: 'Calle Sol 1',
      });
      const personaId = (await detail(id)).personaId!;
      // A person as staff may keep one: no surname, no document, no street (only the city).
      await t.database.db.update(person).set({ apellidos: '', documento: '', direccion: '' }).where(eq(person.id, personaId));
      await approve(id);

      const before = await staff().inject({ url: `/api/solicitudes-adopcion/${id}/contrato/preparacion` });
      expect(before.statusCode, before.body).toBe(200);
      const campos = before.json<ContractPreparation>().faltan.map((f) => f.campo);
      expect(campos).toEqual(['persona.documento', 'persona.direccion', 'organizacion.email', 'organizacion.telefono']);
      expect(before.json<ContractPreparation>().personaId).toBe(personaId);
      expect(before.json<ContractPreparation>().faltan[0]).toEqual({
        campo: 'persona.documento',
        etiqueta: contractMissingLabels['persona.documento'],
        donde: 'persona',
      });

      const prepared = await prepare(id);
      expect(prepared.faltan.map((f) => f.campo)).toEqual(campos);
      const pdf = await staff().inject({ url: `/api/documentos/${prepared.documentoId}/pdf` });
      const text = flat((await pdfPages(pdf.rawPayload)).join(' '));
      // pdf.js splits the bold name from the comma after it (" ,"): the text, not the runs, is what counts.
      expect(text).toMatch(/De otra parte, María José Gómez Pérez ?, con documento de identidad —, domicilio en Madrid, correo mariajose@/);
      expect(text).not.toContain('*');
      expect(text).not.toContain('—, —');
      expect(text).toContain('De una parte, Refugio Patitas (en adelante, «la organización»), con correo — y teléfono —.');

      // Completed, nothing is missing any more.
      const kept = await getPerson(personaId);
      await staff().inject({
        method: 'PATCH',
        url: `/api/personas/${personaId}`,
        payload: { version: kept.version, documento: '12345678Z', direccion: 'Calle Luna 2' },
      });
      const after = await staff().inject({ url: `/api/solicitudes-adopcion/${id}/contrato/preparacion` });
      expect(after.json<ContractPreparation>().faltan.map((f) => f.campo)).toEqual(['organizacion.email', 'organizacion.telefono']);
      const again = await prepare(id);
      const text2 = flat((await pdfPages((await staff().inject({ url: `/api/documentos/${again.documentoId}/pdf` })).rawPayload)).join(' '));
      expect(text2).toMatch(/María José Gómez Pérez ?, con documento de identidad 12345678Z, domicilio en Calle Luna 2, Madrid, correo/);
    });
  });
});
