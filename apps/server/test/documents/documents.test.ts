import { createHash, createHmac } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentMessages } from '@refugio/contracts';
import { adoptionRequest, document, documentCode, documentLink, historyEvent, message, person, pet } from '../../src/db/schema';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { ORG, UA, flat, pdfPages, sha, signaturePng } from '../helpers/documents-support';
import { HOUR_MS, holdClockInOneWindow } from '../helpers/one-window';
import { startSmtpServer } from '../helpers/smtp-test-server';

/*
 * Adoption contracts (DESIGN section 13): the template, the PDF made from it, the fee, the remote signature with an
 * e-mailed code (expiry, wrong codes, lock, rate, replay), signing in person, the signed copy with its evidence
 * page, integrity checks, the copy arriving by SMTP as an attachment, and two signatures at once.
 */

/** The PDF attached to a raw e-mail (base64 part of type application/pdf). */
function pdfAttachment(raw: string): Buffer | undefined {
  const match = /Content-Type: application\/pdf[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)(\r\n--|$)/i.exec(raw);
  return match ? Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64') : undefined;
}

function streamOf(data: Buffer): PassThrough {
  const stream = new PassThrough();
  stream.end(data);
  return stream;
}

describe('adoption contracts and signatures', () => {
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
  afterEach(() => {
    vi.useRealTimers();
  });

  let serial = 0;
  /** An adoption request in `estado`, linked to a new person, for a new pet. */
  async function adoption(estado = 'aprobada', petValues: Partial<typeof pet.$inferInsert> = {}) {
    serial += 1;
    const [p] = await t.database.db
      .insert(pet)
      .values({
        nombre: `Luna${serial}`,
        edad: '2 años',
        tipo: 'Perro',
        genero: 'hembra',
        tamano: 'mediano',
        estado: 'publicada',
        raza: 'Podenco',
        microchip: `94100002468${String(1000 + serial)}`,
        esterilizado: 'no',
        fechaNacimiento: '2023-03-10',
        ...petValues,
      })
      .returning();
    const email = `adoptante${serial}@gmail.com`;
    const [who] = await t.database.db
      .insert(person)
      .values({
        nombre: 'Marta',
        apellidos: `Ruiz Núñez${serial}`,
        email,
        telefono: '+34600111222',
        documento: '12345678Z',
        direccion: 'Calle del Olmo 3',
        ciudad: 'Sevilla',
        roles: ['adoptante'],
        consentimientoEmail: true,
        consentimientoWhatsapp: true,
      })
      .returning();
    const [request] = await t.database.db
      .insert(adoptionRequest)
      .values({
        petId: p!.id,
        estado,
        nombre: 'Marta',
        email,
        telefono: '600111222',
        edad: 30,
        ciudad: 'Sevilla',
        direccion: 'Calle del Olmo 3',
        vivienda: 'casa',
        viviendaPropia: true,
        patio: false,
        personasEnCasa: 2,
        ninosEnCasa: 0,
        horasSolo: 2,
        aceptaVisita: true,
        aceptaPrivacidad: true,
        personaId: who!.id,
      })
      .returning();
    return { petId: p!.id, personaId: who!.id, solicitudId: request!.id, email, microchip: p!.microchip! };
  }

  async function prepare(solicitudId: number, body: Record<string, unknown> = { cuota: 150, metodoPago: 'bizum' }) {
    const res = await staff().inject({ method: 'POST', url: `/api/solicitudes-adopcion/${solicitudId}/contrato`, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ documentoId: number }>().documentoId;
  }
  async function pdf(id: number, original = false) {
    const res = await staff().inject({ url: `/api/documentos/${id}/pdf${original ? '?original=1' : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.rawPayload;
  }
  async function sendLink(id: number, canal: 'email' | 'whatsapp' = 'email') {
    const res = await staff().inject({ method: 'POST', url: `/api/documentos/${id}/enviar`, payload: { canal } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ url: string; venceEn: string; whatsappUrl?: string }>();
    return { ...body, token: body.url.split('/firmar/')[1]! };
  }
  /** Asks for a code and reads it from the e-mail the SMTP server received. */
  async function code(token: string, email: string) {
    const before = smtp.received.length;
    const res = await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.runDue();
    const mail = smtp.received.slice(before).find((m) => m.to.includes(email) && m.subject.includes('código'));
    expect(mail).toBeDefined();
    return /\b(\d{6})\b/.exec(mail!.text)![1]!;
  }
  const sign = async (token: string, body: Record<string, unknown>) =>
    anon().inject({ method: 'POST', url: `/api/firma/${token}`, payload: body, headers: { 'user-agent': UA } });
  const row = async (id: number) => (await t.database.db.select().from(document).where(eq(document.id, id)))[0]!;

  describe('the template', () => {
    it('is listed without a subject, refuses an unknown variable, admits its own section and previews Markdown as escaped HTML', async () => {
      const list = await t.as('admin').inject({ url: '/api/plantillas' });
      const contract = list
        .json<{ items: { clave: string; asunto: string; cuerpo: string; variables: { nombre: string }[] }[] }>()
        .items.find((i) => i.clave === 'contrato_adopcion')!;
      expect(contract.asunto).toBe('');
      expect(contract.cuerpo).toContain('{{#mascota.sinEsterilizar}}');
      expect(contract.variables.map((v) => v.nombre)).toEqual(expect.arrayContaining(['mascota.microchip', 'adopcion.cuota', 'persona.documento']));

      const unknown = await t.as('admin').inject({
        method: 'PUT',
        url: '/api/plantillas/contrato_adopcion',
        payload: { cuerpo: '# Contrato\n\n{{persona.contrasena}}', activa: true },
      });
      expectErrorShape(unknown, 400, 'VALIDATION_ERROR');
      expect(unknown.json<{ message: string }>().message).toContain('persona.contrasena');
      // Another key still admits no section.
      const section = await t.as('admin').inject({
        method: 'PUT',
        url: '/api/plantillas/seguimiento',
        payload: { asunto: 'Hola', cuerpo: '{{#mascota.sinEsterilizar}}x{{/mascota.sinEsterilizar}}', activa: true },
      });
      expectErrorShape(section, 400, 'VALIDATION_ERROR');
      // A message key still needs its subject.
      expectErrorShape(
        await t.as('admin').inject({ method: 'PUT', url: '/api/plantillas/seguimiento', payload: { cuerpo: 'Hola', activa: true } }),
        400,
        'VALIDATION_ERROR',
      );

      const preview = await t.as('admin').inject({
        method: 'POST',
        url: '/api/plantillas/contrato_adopcion/vista-previa',
        payload: { asunto: '', cuerpo: '# Contrato de {{mascota.nombre}}\n\n**Cuota:** {{adopcion.cuota}}\n\n<script>alert(1)</script>' },
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const body = preview.json<{ texto: string; html: string }>();
      expect(body.texto).toContain('# Contrato de Luna');
      expect(body.html).toContain('<h1>Contrato de Luna</h1>');
      expect(body.html).toContain('<strong>Cuota:</strong> 150,00 €');
      expect(body.html).not.toContain('<script>');
      expect(body.html).toContain('&lt;script&gt;');
    });
  });

  describe('preparing and the fee', () => {
    it('renders the PDF with the adopter, the pet, its microchip, the fee and the sterilisation clause; only for approved requests', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const doc = await staff().inject({ url: `/api/documentos/${id}` });
      expect(doc.statusCode, doc.body).toBe(200);
      const dto = doc.json<{ estado: string; sha256: string; mascota: { id: number }; persona: { id: number }; firmado: unknown; enlace: unknown }>();
      expect(dto).toMatchObject({ estado: 'borrador', mascota: { id: a.petId }, persona: { id: a.personaId }, firmado: null, enlace: null });
      const bytes = await pdf(id);
      expect(sha(bytes)).toBe(dto.sha256);
      const text = flat((await pdfPages(bytes)).join('\n'));
      expect(text).toContain('Marta');
      expect(text).toContain(`Ruiz Núñez${serial}`);
      expect(text).toContain('12345678Z');
      expect(text).toContain(`Luna${serial}`);
      expect(text).toContain(a.microchip);
      expect(text).toContain('150,00 €');
      expect(text).toContain('bizum');
      expect(text).toContain('Esterilización');
      expect(text).toContain('Refugio Patitas');
      expect(text).toMatch(/Página 1 de \d/);
      expect(text).toContain('Firma de la persona adoptante');

      const fee = await staff().inject({ url: `/api/solicitudes-adopcion/${a.solicitudId}/cuota` });
      expect(fee.json()).toMatchObject({ cuota: 150, metodoPago: 'bizum', pagado: false, version: 1 });

      for (const estado of ['nueva', 'en_revision', 'rechazada']) {
        const other = await adoption(estado);
        const refused = await staff().inject({ method: 'POST', url: `/api/solicitudes-adopcion/${other.solicitudId}/contrato`, payload: {} });
        expectErrorShape(refused, 409, 'CONFLICT');
        expect(refused.json<{ message: string }>().message).toBe(documentMessages.requestNotApproved);
      }
      expectErrorShape(await staff().inject({ method: 'POST', url: '/api/solicitudes-adopcion/999999/contrato', payload: {} }), 404, 'NOT_FOUND');
    });

    it('leaves the sterilisation clause out for a sterilised pet', async () => {
      const a = await adoption('aprobada', { esterilizado: 'si' });
      const text = flat((await pdfPages(await pdf(await prepare(a.solicitudId, { cuota: 0, metodoPago: 'exento' })))).join('\n'));
      expect(text).not.toContain('Esterilización');
      expect(text).toContain('0,00 €');
      expect(text).toContain('exento de cuota');
    });

    it('refuses a dog without a microchip or a puppy under eight weeks (Ley 7/2023 art. 58), says it before, and stores nothing', async () => {
      const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
      const unchipped = await adoption('aprobada', { microchip: null });
      const puppy = await adoption('aprobada', { fechaNacimiento: daysAgo(10) });
      const before = await t.database.db.select().from(document);

      const preparation = await staff().inject({ url: `/api/solicitudes-adopcion/${unchipped.solicitudId}/contrato/preparacion` });
      expect(preparation.json<{ bloqueos: { causa: string }[] }>().bloqueos.map((b) => b.causa)).toEqual(['microchip']);
      const refused = await staff().inject({
        method: 'POST',
        url: `/api/solicitudes-adopcion/${unchipped.solicitudId}/contrato`,
        payload: { cuota: 150, metodoPago: 'bizum' },
      });
      expectErrorShape(refused, 409, 'CONFLICT');
      expect(refused.json<{ message: string }>().message).toContain('no tiene microchip');

      const young = await staff().inject({ method: 'POST', url: `/api/solicitudes-adopcion/${puppy.solicitudId}/contrato`, payload: {} });
      expectErrorShape(young, 409, 'CONFLICT');
      expect(young.json<{ message: string }>().message).toContain('menos de 8 semanas');
      const youngPreparation = await staff().inject({ url: `/api/solicitudes-adopcion/${puppy.solicitudId}/contrato/preparacion` });
      expect(youngPreparation.json<{ bloqueos: { causa: string }[] }>().bloqueos.map((b) => b.causa)).toEqual(['edad']);

      expect(await t.database.db.select().from(document)).toHaveLength(before.length);
      const ready = await staff().inject({ url: `/api/solicitudes-adopcion/${(await adoption()).solicitudId}/contrato/preparacion` });
      expect(ready.json<{ bloqueos: unknown[] }>().bloqueos).toEqual([]);
    });

    it('annuls an unsigned earlier contract when preparing again', async () => {
      const a = await adoption();
      const first = await prepare(a.solicitudId);
      const { token } = await sendLink(first);
      const second = await prepare(a.solicitudId);
      expect((await row(first)).estado).toBe('anulado');
      expect((await row(second)).estado).toBe('borrador');
      expectErrorShape(await anon().inject({ url: `/api/firma/${token}` }), 404, 'NOT_FOUND');
      const list = await staff().inject({ url: `/api/documentos?solicitudId=${a.solicitudId}` });
      expect(list.json<{ items: { id: number; estado: string }[] }>().items.map((d) => [d.id, d.estado])).toEqual([
        [second, 'borrador'],
        [first, 'anulado'],
      ]);
    });

    it('prepares one after the other when asked twice at once: one contract stays live', async () => {
      const a = await adoption();
      const results = await Promise.all(
        [0, 1, 2].map(() => staff().inject({ method: 'POST', url: `/api/solicitudes-adopcion/${a.solicitudId}/contrato`, payload: {} })),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      const rows = await t.database.db.select().from(document).where(eq(document.solicitudId, a.solicitudId));
      expect(rows.filter((r) => r.estado !== 'anulado')).toHaveLength(1);
      expect(rows).toHaveLength(3);
    });

    it('edits the fee with versions; refuses bad amounts and an exempt fee with an amount', async () => {
      const a = await adoption();
      const url = `/api/solicitudes-adopcion/${a.solicitudId}/cuota`;
      expect((await staff().inject({ url })).json()).toMatchObject({ cuota: null, metodoPago: null, version: 0 });
      const saved = await staff().inject({
        method: 'PUT',
        url,
        payload: { cuota: 95.5, metodoPago: 'transferencia', pagado: true, fechaPago: '2026-11-20', referencia: 'TR-1', version: 0 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        cuota: 95.5,
        metodoPago: 'transferencia',
        pagado: true,
        fechaPago: '2026-11-20',
        referencia: 'TR-1',
        version: 1,
      });
      const stale = await staff().inject({ method: 'PUT', url, payload: { cuota: 10, metodoPago: 'efectivo', pagado: false, version: 0 } });
      expectErrorShape(stale, 409, 'CONFLICT');
      for (const bad of [
        { cuota: -1, metodoPago: 'efectivo' },
        { cuota: 10.555, metodoPago: 'efectivo' },
        { cuota: 100000, metodoPago: 'efectivo' },
        { cuota: 20, metodoPago: 'exento' },
        { cuota: 20, metodoPago: 'cheque' },
        { cuota: 20, metodoPago: 'efectivo', referencia: 'a\u0000b' },
      ]) {
        expectErrorShape(await staff().inject({ method: 'PUT', url, payload: { pagado: false, version: 1, ...bad } }), 400, 'VALIDATION_ERROR');
      }
      expect((await staff().inject({ url })).json()).toMatchObject({ cuota: 95.5, version: 1 });
      const events = await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'cuota_adopcion'));
      expect(events.filter((e) => e.entidadId === String(a.solicitudId)).map((e) => e.accion)).toEqual(['crear']);
    });
  });

  describe('remote signature', () => {
    it('shows the contract with a masked e-mail; unknown tokens 404', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const { token, venceEn, url } = await sendLink(id);
      expect(url).toMatch(/^http:\/\/localhost:3000\/firmar\/[A-Za-z0-9_-]{43}$/);
      expect(new Date(venceEn).getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
      const view = await anon().inject({ url: `/api/firma/${token}` });
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json()).toMatchObject({
        titulo: `Contrato de adopción de Luna${serial}`,
        pdfUrl: `/api/firma/${token}/pdf`,
        firmante: { email: `a***@gmail.com` },
        estado: 'enviado',
      });
      const original = await anon().inject({ url: `/api/firma/${token}/pdf` });
      expect(sha(original.rawPayload)).toBe((await row(id)).sha256);
      // Only the hash is stored.
      const [link] = await t.database.db.select().from(documentLink).where(eq(documentLink.documentId, id));
      expect(link!.tokenHash).not.toContain(token);
      for (const guess of ['x'.repeat(43), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'a']) {
        expectErrorShape(await anon().inject({ url: `/api/firma/${guess}` }), 404, 'NOT_FOUND');
        expectErrorShape(await anon().inject({ method: 'POST', url: `/api/firma/${guess}/codigo` }), 404, 'NOT_FOUND');
      }
      // Sending again replaces the link.
      const again = await sendLink(id, 'whatsapp');
      expect(again.whatsappUrl).toMatch(/^https:\/\/wa\.me\/34600111222\?text=/);
      expectErrorShape(await anon().inject({ url: `/api/firma/${token}` }), 404, 'NOT_FOUND');
      expect((await anon().inject({ url: `/api/firma/${again.token}` })).statusCode).toBe(200);
    });

    it('signs with the e-mailed code: the signed PDF has one more page with the evidence, arrives by SMTP as an attachment, and verifies', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const { token } = await sendLink(id);
      const before = await pdf(id);
      const pagesBefore = (await pdfPages(before)).length;
      const codigo = await code(token, a.email);
      // The code is kept keyed by the server's secret: a copy of the database cannot try the million codes against it.
      const [link] = await t.database.db.select().from(documentLink).where(eq(documentLink.documentId, id));
      const [kept] = await t.database.db.select().from(documentCode).where(eq(documentCode.linkId, link!.id));
      expect(kept!.codeHash).toBe(createHmac('sha256', t.app.serverSecret).update(`firma:${link!.id}:${codigo}`).digest('hex'));
      expect(kept!.codeHash).not.toBe(createHash('sha256').update(`${link!.id}:${codigo}`).digest('hex'));
      const firma = await signaturePng();
      const signed = await sign(token, { codigo, nombreCompleto: 'Marta Ruiz Núñez', firma, acepta: true });
      expect(signed.statusCode, signed.body).toBe(200);
      const { sha256 } = signed.json<{ estado: string; sha256: string }>();
      expect(signed.json()).toMatchObject({ estado: 'firmado' });

      const signedBytes = await pdf(id);
      expect(sha(signedBytes)).toBe(sha256);
      const pages = await pdfPages(signedBytes);
      expect(pages.length).toBe(pagesBefore + 1);
      const evidence = flat(pages.at(-1)!);
      const stored = await row(id);
      expect(evidence).toContain('Registro de firma');
      expect(evidence).toContain('Marta Ruiz Núñez');
      expect(evidence).toContain(a.email);
      expect(evidence).toContain('127.0.0.1');
      expect(evidence).toContain('PruebaNavegador/1.0');
      expect(evidence).toContain(stored.sha256);
      expect(evidence).toContain('Europe/Madrid');
      const madrid = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeZone: 'Europe/Madrid' }).format(stored.firmadoEn!);
      expect(evidence).toContain(madrid);
      expect(evidence).toContain('eIDAS');
      // The original pages are unchanged and still served with ?original=1.
      expect(sha(await pdf(id, true))).toBe(stored.sha256);

      const dto = (await staff().inject({ url: `/api/documentos/${id}` })).json<unknown>();
      expect(dto).toMatchObject({
        estado: 'firmado',
        firmante: { nombre: 'Marta Ruiz Núñez', email: a.email },
        firmado: { sha256, presencial: false, presente: null },
      });
      expect((await staff().inject({ url: `/api/documentos/${id}/verificar` })).json()).toEqual({ integro: true, sha256, calculado: sha256 });

      // The signed copy by e-mail, as an attachment whose bytes are the signed PDF.
      const sent = smtp.received.length;
      await t.app.jobs.runDue();
      const mail = smtp.received.slice(sent).find((m) => m.to.includes(a.email) && m.subject.includes('firmado'));
      expect(mail, 'signed copy e-mail').toBeDefined();
      expect(mail!.raw).toMatch(/Content-Disposition: attachment/i);
      expect(sha(pdfAttachment(mail!.raw)!)).toBe(sha256);

      // History: a `firmar` event, without the code or the token.
      const events = await t.database.db.select().from(historyEvent).where(eq(historyEvent.entidad, 'documento'));
      const firmar = events.filter((e) => e.entidadId === String(id) && e.accion === 'firmar');
      expect(firmar).toHaveLength(1);
      expect(JSON.stringify(firmar[0]!.cambios)).not.toContain(codigo);
      expect(JSON.stringify(events)).not.toContain(token);

      // A used link: the page says firmado, every POST answers 409, staff cannot annul.
      expect((await anon().inject({ url: `/api/firma/${token}` })).json()).toMatchObject({ estado: 'firmado' });
      const replay = await sign(token, { codigo, nombreCompleto: 'Marta Ruiz Núñez', firma, acepta: true });
      expectErrorShape(replay, 409, 'CONFLICT');
      expect(replay.json<{ message: string }>().message).toBe('Este contrato ya está firmado.');
      expectErrorShape(await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` }), 409, 'CONFLICT');
      expectErrorShape(await staff().inject({ method: 'POST', url: `/api/documentos/${id}/anular` }), 409, 'CONFLICT');
      expectErrorShape(
        await staff().inject({ method: 'POST', url: `/api/solicitudes-adopcion/${a.solicitudId}/contrato`, payload: {} }),
        409,
        'CONFLICT',
      );

      // Tampering with the stored signed copy is detected.
      await t.app.storage.put(stored.firmadoKey!, streamOf(Buffer.concat([signedBytes, Buffer.from('x')])));
      const check = (await staff().inject({ url: `/api/documentos/${id}/verificar` })).json<{ integro: boolean; calculado: string }>();
      expect(check.integro).toBe(false);
      expect(check.calculado).not.toBe(sha256);
    });

    it('counts wrong codes and locks the link at the fifth; staff may send a new link', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const { token } = await sendLink(id);
      const firma = await signaturePng();
      expectErrorShape(await sign(token, { codigo: '000000', nombreCompleto: 'Marta Ruiz', firma, acepta: true }), 400, 'VALIDATION_ERROR');
      const right = await code(token, a.email);
      const wrong = right === '111111' ? '222222' : '111111';
      for (let i = 1; i <= 4; i++) {
        const res = await sign(token, { codigo: wrong, nombreCompleto: 'Marta Ruiz', firma, acepta: true });
        expectErrorShape(res, 400, 'VALIDATION_ERROR');
        expect(res.json<{ message: string }>().message).toBe(documentMessages.codeWrong(5 - i));
      }
      const fifth = await sign(token, { codigo: wrong, nombreCompleto: 'Marta Ruiz', firma, acepta: true });
      expectErrorShape(fifth, 423, 'LOCKED');
      expect(fifth.json<{ message: string }>().message).toContain('Refugio Patitas');
      // Locked: even the right code no longer signs.
      expectErrorShape(await sign(token, { codigo: right, nombreCompleto: 'Marta Ruiz', firma, acepta: true }), 423, 'LOCKED');
      expectErrorShape(await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` }), 423, 'LOCKED');
      expect((await row(id)).estado).toBe('enviado');
      const fresh = await sendLink(id);
      const codigo = await code(fresh.token, a.email);
      expect((await sign(fresh.token, { codigo, nombreCompleto: 'Marta Ruiz', firma, acepta: true })).statusCode).toBe(200);
    });

    it('sends at most 5 codes an hour per link, each replacing the earlier, valid for 15 minutes; the link expires after 14 days', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const { token } = await sendLink(id);
      const firma = await signaturePng();
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) codes.push(await code(token, a.email));
      const sixth = await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` });
      expectErrorShape(sixth, 429, 'RATE_LIMITED');
      expect(sixth.json<{ message: string }>().message).toBe(documentMessages.tooManyCodes);
      const latest = codes.at(-1)!;
      // An earlier code was replaced (unless chance repeated it).
      if (codes[0] !== latest) expectErrorShape(await sign(token, { codigo: codes[0], nombreCompleto: 'Marta Ruiz', firma, acepta: true }), 400);

      // 16 minutes later the code has expired; an hour later a new one may be asked for.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
      const expired = await sign(token, { codigo: latest, nombreCompleto: 'Marta Ruiz', firma, acepta: true });
      expectErrorShape(expired, 400, 'VALIDATION_ERROR');
      expect(expired.json<{ message: string }>().message).toBe(documentMessages.codeExpired);
      vi.setSystemTime(Date.now() + 60 * 60 * 1000);
      expect((await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` })).statusCode).toBe(202);

      // After 14 days the link explains itself.
      vi.setSystemTime(Date.now() + 14 * 24 * 60 * 60 * 1000);
      const gone = await anon().inject({ url: `/api/firma/${token}` });
      expectErrorShape(gone, 410, 'GONE');
      expect(gone.json<{ message: string }>().message).toBe(documentMessages.linkExpired('Refugio Patitas'));
      expectErrorShape(await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` }), 410, 'GONE');
      expectErrorShape(await sign(token, { codigo: latest, nombreCompleto: 'Marta Ruiz', firma, acepta: true }), 410, 'GONE');
    });

    it('refuses bad input in Spanish and changes nothing', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const { token } = await sendLink(id);
      const codigo = await code(token, a.email);
      const firma = await signaturePng();
      const notPng = `data:image/png;base64,${Buffer.from('GIF89a not a png at all, just text').toString('base64')}`;
      const jpeg = `data:image/png;base64,${(
        await sharp({ create: { width: 200, height: 80, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer()
      ).toString('base64')}`;
      const tiny = await signaturePng(10, 10);
      const truncated = `data:image/png;base64,${Buffer.from(firma.split(',')[1]!, 'base64').subarray(0, 120).toString('base64')}`;
      const huge = `data:image/png;base64,${'A'.repeat(300 * 1024)}`;
      const cases: [Record<string, unknown>, number][] = [
        [{ codigo, nombreCompleto: 'Marta\u0000Ruiz', firma, acepta: true }, 400],
        [{ codigo, nombreCompleto: 'M'.repeat(5000), firma, acepta: true }, 400],
        [{ codigo, nombreCompleto: 'Marta Ruiz', firma, acepta: false }, 400],
        [{ codigo, nombreCompleto: 'Marta Ruiz', firma: notPng, acepta: true }, 400],
        [{ codigo, nombreCompleto: 'Marta Ruiz', firma: jpeg, acepta: true }, 400],
        [{ codigo, nombreCompleto: 'Marta Ruiz', firma: tiny, acepta: true }, 400],
        [{ codigo, nombreCompleto: 'Marta Ruiz', firma: truncated, acepta: true }, 400],
        [{ codigo, nombreCompleto: 'Marta Ruiz', firma: 'data:image/svg+xml;base64,PHN2Zz4=', acepta: true }, 400],
        [{ codigo: '12a456', nombreCompleto: 'Marta Ruiz', firma, acepta: true }, 400],
      ];
      for (const [body, status] of cases) {
        const res = await sign(token, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
        expect(res.json<{ message: string }>().message).toMatch(/[a-záéíóúñ]/);
      }
      const oversize = await sign(token, { codigo, nombreCompleto: 'Marta Ruiz', firma: huge, acepta: true });
      expect([400, 413]).toContain(oversize.statusCode);
      expect((await row(id)).estado).toBe('enviado');
      const [link] = await t.database.db.select().from(documentLink).where(eq(documentLink.documentId, id));
      expect(link!.fallos).toBe(0);
      // The right code still signs afterwards.
      expect((await sign(token, { codigo, nombreCompleto: 'Marta Ruiz', firma, acepta: true })).statusCode).toBe(200);
    });

    it('of two signatures at once with the right code, exactly one signs', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const { token } = await sendLink(id);
      const codigo = await code(token, a.email);
      const firma = await signaturePng();
      const results = await Promise.all([
        sign(token, { codigo, nombreCompleto: 'Marta Ruiz', firma, acepta: true }),
        sign(token, { codigo, nombreCompleto: 'Marta Ruiz Núñez', firma, acepta: true }),
        staff().inject({ method: 'POST', url: `/api/documentos/${id}/firmar`, payload: { nombreCompleto: 'Marta R.', firma, acepta: true } }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409, 409]);
      const events = await t.database.db
        .select()
        .from(historyEvent)
        .where(eq(historyEvent.entidadId, String(id)));
      expect(events.filter((e) => e.entidad === 'documento' && e.accion === 'firmar')).toHaveLength(1);
      const check = (await staff().inject({ url: `/api/documentos/${id}/verificar` })).json<{ integro: boolean }>();
      expect(check.integro).toBe(true);
    });

    it('says so when the application has no e-mail to send the code to', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const { token } = await sendLink(id, 'whatsapp');
      // The code goes to the application's contact, not to the person's stored e-mail (which stays).
      await t.database.db.update(adoptionRequest).set({ email: '' }).where(eq(adoptionRequest.id, a.solicitudId));
      const res = await anon().inject({ method: 'POST', url: `/api/firma/${token}/codigo` });
      expectErrorShape(res, 409, 'CONFLICT');
      expect(res.json<{ message: string }>().message).toBe(documentMessages.noEmail);
    });
  });

  describe('in person, annulling and permissions', () => {
    it('prints Romanian, Polish and Cyrillic names as written, in the contract and on its evidence page', async () => {
      const a = await adoption();
      await t.database.db.update(person).set({ nombre: 'Ștefan', apellidos: 'Łukasz Олена' }).where(eq(person.id, a.personaId));
      const id = await prepare(a.solicitudId);
      expect(flat((await pdfPages(await pdf(id))).join('\n'))).toContain('Ștefan Łukasz Олена');
      const res = await staff().inject({
        method: 'POST',
        url: `/api/documentos/${id}/firmar`,
        payload: { nombreCompleto: 'Ștefan Łukasz Олена', firma: await signaturePng(), acepta: true },
        headers: { 'user-agent': UA },
      });
      expect(res.statusCode, res.body).toBe(200);
      const pages = await pdfPages(await pdf(id));
      expect(flat(pages.at(-2)!)).toContain('Ștefan Łukasz Олена');
      expect(flat(pages.at(-1)!)).toContain('Ștefan Łukasz Олена');
      expect(pages.join('')).not.toContain('?');
    });

    it('signs in person recording the member of staff present', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const firma = await signaturePng();
      const res = await staff().inject({
        method: 'POST',
        url: `/api/documentos/${id}/firmar`,
        payload: { nombreCompleto: 'Marta Ruiz Núñez', firma, acepta: true },
        headers: { 'user-agent': UA },
      });
      expect(res.statusCode, res.body).toBe(200);
      const dto = (await staff().inject({ url: `/api/documentos/${id}` })).json<{ firmado: { presencial: boolean; presente: { nombre: string } } }>();
      expect(dto.firmado.presencial).toBe(true);
      expect(dto.firmado.presente.nombre).toBe('Persona De Prueba');
      const evidence = flat((await pdfPages(await pdf(id))).at(-1)!);
      expect(evidence).toContain('En persona, ante Persona De Prueba');
      const messages = await t.database.db
        .select()
        .from(message)
        .where(eq(message.relacionId, String(id)));
      expect(messages.map((m) => m.plantilla)).toEqual(['contrato_firmado']);
      expect(messages[0]!.adjuntos).toHaveLength(1);
    });

    it('reads the attachment from storage at each attempt: a failed attempt is retried and sends it', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const signedRes = await staff().inject({
        method: 'POST',
        url: `/api/documentos/${id}/firmar`,
        payload: { nombreCompleto: 'Marta Ruiz', firma: await signaturePng(), acepta: true },
      });
      const { sha256 } = signedRes.json<{ sha256: string }>();
      const key = (await row(id)).firmadoKey!;
      const stored = await t.app.storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      await t.app.storage.delete(key);
      await t.app.jobs.runDue();
      const [pending] = await t.database.db
        .select()
        .from(message)
        .where(eq(message.relacionId, String(id)));
      expect(pending).toMatchObject({ estado: 'pendiente', intentos: 1 });
      expect(pending!.error).toContain('adjunto');
      await t.app.storage.put(key, streamOf(Buffer.concat(chunks)));
      const sent = smtp.received.length;
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60 * 1000 });
      await t.app.jobs.runDue();
      const mail = smtp.received.slice(sent).find((m) => m.to.includes(a.email));
      expect(sha(pdfAttachment(mail!.raw)!)).toBe(sha256);
    });

    it('sweeps files no document points at after the grace period, and keeps every contract file', async () => {
      const id = await prepare((await adoption()).solicitudId);
      await t.app.storage.put('documentos/huerfano.pdf', streamOf(Buffer.from('%PDF-1.4')), { contentType: 'application/pdf' });
      expect(await t.app.documentSweep.collect()).not.toContain('documentos/huerfano.pdf');
      const removed = await t.app.documentSweep.collect(Date.now() + 2 * 60 * 60 * 1000);
      expect(removed).toContain('documentos/huerfano.pdf');
      expect(removed).not.toContain((await row(id)).storageKey);
      expect(sha(await pdf(id))).toBe((await row(id)).sha256);
    });

    it('annuls an unsigned contract: its link stops working', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const { token } = await sendLink(id);
      const res = await staff().inject({ method: 'POST', url: `/api/documentos/${id}/anular` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ estado: 'anulado', enlace: null });
      expectErrorShape(await anon().inject({ url: `/api/firma/${token}` }), 404, 'NOT_FOUND');
      expectErrorShape(await anon().inject({ url: `/api/firma/${token}/pdf` }), 404, 'NOT_FOUND');
    });

    it('keeps the signed contract when the adopted pet is returned', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const firma = await signaturePng();
      expect(
        (
          await staff().inject({
            method: 'POST',
            url: `/api/documentos/${id}/firmar`,
            payload: { nombreCompleto: 'Marta Ruiz', firma, acepta: true },
          })
        ).statusCode,
      ).toBe(200);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
      for (const body of [
        { tipo: 'adopcion', personaId: a.personaId },
        { tipo: 'devolucion', motivo: 'Alergia en casa' },
      ]) {
        const version = (await t.database.db.select({ version: pet.version }).from(pet).where(eq(pet.id, a.petId)))[0]!.version;
        const moved = await staff().inject({
          method: 'POST',
          url: `/api/mascotas/${a.petId}/movimientos`,
          payload: { fecha: today, version, ...body },
        });
        expect(moved.statusCode, moved.body).toBe(201);
      }
      const list = await staff().inject({ url: `/api/documentos?mascotaId=${a.petId}` });
      expect(list.json<{ items: { id: number; estado: string }[] }>().items).toMatchObject([{ id, estado: 'firmado' }]);
      expect((await staff().inject({ url: `/api/documentos/${id}/verificar` })).json()).toMatchObject({ integro: true });
    });

    it('budgets the public requests of one link', async () => {
      const a = await adoption();
      const { token } = await sendLink(await prepare(a.solicitudId));
      holdClockInOneWindow(HOUR_MS);
      let first429 = 0;
      for (let n = 1; n <= 70 && first429 === 0; n++) {
        const res = await anon().inject({ url: `/api/firma/${token}` });
        if (res.statusCode === 429) first429 = n;
        else expect(res.statusCode).toBe(200);
      }
      expect(first429).toBe(61);
      expect((await anon().inject({ url: `/api/firma/${token}` })).json<{ message: string }>().message).toBe(documentMessages.tooManyRequests);
    });

    it('follow their person through a merge, and appear in the export', async () => {
      const a = await adoption();
      const b = await adoption();
      const id = await prepare(b.solicitudId);
      const merged = await staff().inject({ method: 'POST', url: `/api/personas/${a.personaId}/fusionar`, payload: { conId: b.personaId } });
      expect(merged.statusCode, merged.body).toBe(200);
      expect((await row(id)).personaId).toBe(a.personaId);
      const exported = await t.as('admin').inject({ url: `/api/personas/${a.personaId}/exportar` });
      expect(exported.json<{ vinculos: { documentos: { id: number }[] } }>().vinculos.documentos.map((d) => d.id)).toEqual([id]);
    });

    it('keeps staff routes from the public', async () => {
      const a = await adoption();
      const id = await prepare(a.solicitudId);
      const calls: ['GET' | 'POST' | 'PUT', string][] = [
        ['POST', `/api/solicitudes-adopcion/${a.solicitudId}/contrato`],
        ['GET', `/api/solicitudes-adopcion/${a.solicitudId}/cuota`],
        ['PUT', `/api/solicitudes-adopcion/${a.solicitudId}/cuota`],
        ['GET', '/api/documentos'],
        ['GET', `/api/documentos/${id}`],
        ['GET', `/api/documentos/${id}/pdf`],
        ['POST', `/api/documentos/${id}/anular`],
        ['GET', `/api/documentos/${id}/verificar`],
        ['POST', `/api/documentos/${id}/enviar`],
        ['POST', `/api/documentos/${id}/firmar`],
      ];
      for (const [method, url] of calls) {
        const res = await anon().inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
        expectErrorShape(res, 401);
      }
      expect((await row(id)).estado).toBe('borrador');
    });
  });
});

describe('adoption contracts without e-mail configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ORG);
  });
  afterAll(() => t.close());

  it('says no code can be sent, so staff can sign in person instead', async () => {
    const [p] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Nube', edad: '1 año', tipo: 'Gato', genero: 'macho', tamano: 'mediano', microchip: '941000011112222' })
      .returning();
    const [who] = await t.database.db
      .insert(person)
      .values({ nombre: 'Íñigo', apellidos: 'Sáez', email: 'inigo@example.com', telefono: '+34600999888', consentimientoEmail: true })
      .returning();
    const [request] = await t.database.db
      .insert(adoptionRequest)
      .values({
        petId: p!.id,
        estado: 'aprobada',
        nombre: 'Íñigo',
        email: 'inigo@example.com',
        telefono: '600999888',
        edad: 40,
        ciudad: 'Bilbao',
        direccion: 'Calle 2',
        vivienda: 'casa',
        viviendaPropia: true,
        patio: false,
        personasEnCasa: 1,
        ninosEnCasa: 0,
        horasSolo: 2,
        aceptaVisita: true,
        aceptaPrivacidad: true,
        personaId: who!.id,
      })
      .returning();
    const prepared = await t.as('staff').inject({ method: 'POST', url: `/api/solicitudes-adopcion/${request!.id}/contrato`, payload: {} });
    expect(prepared.statusCode, prepared.body).toBe(201);
    const id = prepared.json<{ documentoId: number }>().documentoId;
    const sent = await t.as('staff').inject({ method: 'POST', url: `/api/documentos/${id}/enviar`, payload: { canal: 'email' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const token = sent.json<{ url: string }>().url.split('/firmar/')[1]!;
    const res = await t.as('anonymous').inject({ method: 'POST', url: `/api/firma/${token}/codigo` });
    expectErrorShape(res, 409, 'CONFLICT');
    expect(res.json<{ message: string }>().message).toBe(documentMessages.mailNotConfigured);
    const signed = await t.as('staff').inject({
      method: 'POST',
      url: `/api/documentos/${id}/firmar`,
      payload: { nombreCompleto: 'Íñigo Sáez', firma: await signaturePng(), acepta: true },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // The copy is kept as a message not sent (SMTP not configured), with its attachment.
    const [kept] = await t.database.db.select().from(message).where(eq(message.plantilla, 'contrato_firmado'));
    expect(kept).toMatchObject({ estado: 'sin_configurar', paraEmail: 'inigo@example.com' });
    expect(kept!.adjuntos).toHaveLength(1);
  });
});
