import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SendCertificatesResponse } from '@refugio/contracts';
import { donationCertificate, historyEvent, message } from '../../src/db/schema';
import { flat, pdfPages } from '../helpers/documents-support';
import { type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { startSmtpServer } from '../helpers/smtp-test-server';
import { YEAR, insertDonor, insertGift, pdfAttachment, saveOrganization } from './certificates-support';

/*
 * "Send the certificates" of a year (DESIGN section 15): one e-mail per donor with a NIF who accepted e-mail, the PDF
 * attached, through the durable jobs; each certificate once, however many times it is asked for and however many
 * instances run the jobs, and a history event per certificate scheduled and sent.
 */

describe('sending the donation certificates', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let a: TestApp;
  let b: TestApp;
  const ids: Record<string, number> = {};
  const send = (anio: number | string = YEAR, role: 'admin' | 'staff' = 'admin') =>
    a.as(role).inject({ method: 'POST', url: '/api/certificados-donaciones/enviar', payload: { anio } });
  /** Both instances run their workers at once until nothing is due (certificates, then their e-mails). */
  const runBoth = async () => {
    for (let i = 0; i < 5; i++) {
      const ran = await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
      if (ran[0] + ran[1] === 0) return;
    }
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Refugio Patitas <no-responder@patitas.example>' };
    a = await createTestApp(env);
    // A second instance on the same database and media store, as behind a load balancer.
    b = await createTestApp(env, { database: a.database, storage: a.app.storage });
    const donor = (nombre: string, apellidos: string, extra: Record<string, unknown>) =>
      insertDonor(a, { nombre, apellidos, email: `${nombre.toLowerCase()}@example.com`, consentimientoEmail: true, ...extra });
    ids.maria = await donor('Maria', 'García López', { nif: '12345678Z' });
    await insertGift(a, ids.maria, 6_000, `${YEAR}-01-15`);
    await insertGift(a, ids.maria, 123_456, `${YEAR}-06-30`);
    await insertGift(a, ids.maria, 50_000, `${YEAR}-07-01`, 'anulado');
    ids.empresa = await donor('Piensos', 'del Norte S.L.', { nif: 'B12345674' });
    await insertGift(a, ids.empresa, 25_000, `${YEAR}-05-05`);
    ids.sinNif = await donor('Sinnif', 'Pérez', {});
    await insertGift(a, ids.sinNif, 1_000, `${YEAR}-02-02`);
    ids.sinConsentimiento = await donor('Noquiere', 'Ruiz', { nif: '87654321X', consentimientoEmail: false });
    await insertGift(a, ids.sinConsentimiento, 1_000, `${YEAR}-02-02`);
    ids.sinEmail = await insertDonor(a, { nombre: 'Sincorreo', apellidos: 'Gil', nif: '11111111H', consentimientoEmail: true });
    await insertGift(a, ids.sinEmail, 1_000, `${YEAR}-02-02`);
    ids.otroAnio = await donor('Otroanio', 'Sanz', { nif: '00000000T' });
    await insertGift(a, ids.otroAnio, 1_000, `${YEAR - 1}-02-02`);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  it('is for administrators, needs a real year and an entity under Ley 49/2002; nothing is scheduled otherwise', async () => {
    expectErrorShape(await send(YEAR, 'staff'), 403);
    const badYear = await send('dos mil');
    expectErrorShape(badYear, 400);
    expect(badYear.json<{ fieldErrors: Record<string, string> }>().fieldErrors.anio).toBe('Elige un año entre 2000 y el actual.');
    const notLey49 = await send();
    expectErrorShape(notLey49, 409, 'CONFLICT');
    expect(notLey49.json<{ message: string }>().message).toContain('Ley 49/2002');
    expect(await a.database.db.select().from(donationCertificate)).toHaveLength(0);
  });

  it('schedules one certificate per donor with NIF, e-mail and consent, once, even when asked twice at the same time', async () => {
    await saveOrganization(a, true);
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.statusCode, first.body).toBe(202);
    expect(second.statusCode, second.body).toBe(202);
    const bodies = [first.json<SendCertificatesResponse>(), second.json<SendCertificatesResponse>()];
    expect(bodies[0]!.programados + bodies[1]!.programados).toBe(2);
    expect(bodies[0]!.yaProgramados + bodies[1]!.yaProgramados).toBe(2);
    expect(bodies[0]!.excluidos.map((e) => [e.persona.id, e.motivo]).sort()).toEqual(
      [
        [ids.sinNif, 'sin_nif'],
        [ids.sinConsentimiento, 'sin_consentimiento'],
        [ids.sinEmail, 'sin_email'],
      ].sort(),
    );
    const rows = await a.database.db.select().from(donationCertificate);
    expect(rows.map((r) => [r.personaId, r.anio, r.estado]).sort()).toEqual(
      [
        [ids.maria, YEAR, 'programado'],
        [ids.empresa, YEAR, 'programado'],
      ].sort(),
    );
    const created = await a.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'certificado_donaciones'), eq(historyEvent.accion, 'crear')));
    expect(created).toHaveLength(2);
  });

  it('sends each certificate once with two workers, the PDF attached, and records it', async () => {
    await runBoth();
    const maria = mailsTo('maria@example.com');
    expect(maria).toHaveLength(1);
    expect(maria[0]!.subject).toBe(`Tu certificado de donaciones de ${YEAR}`);
    expect(maria[0]!.text).toContain('1.294,56 € en total');
    expect(maria[0]!.raw).toContain(`certificado-donaciones-${YEAR}.pdf`);
    const pdf = pdfAttachment(maria[0]!.raw);
    expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat((await pdfPages(pdf!)).join(' '));
    expect(text).toContain('12345678Z');
    expect(text).toContain('G28015865');
    expect(text).toContain('Total 1.294,56 €');
    expect(text).not.toContain('500,00');
    expect(mailsTo('piensos@example.com')).toHaveLength(1);
    expect(smtp.received).toHaveLength(2);
    const rows = await a.database.db.select().from(donationCertificate);
    for (const row of rows) {
      expect(row.estado).toBe('enviado');
      expect(row.mensajeId).not.toBeNull();
      expect(row.archivo).toMatch(new RegExp(`^certificados/${YEAR}/${row.personaId}_`));
    }
    expect(rows.find((r) => r.personaId === ids.maria)!.importeCentimos).toBe(129_456);
    // The stored files are exactly the ones the rows point at.
    const files = (await a.app.storage.list('certificados/')).map((o) => o.key).sort();
    expect(files).toEqual(rows.map((r) => r.archivo).sort());
    const sentEvents = await a.database.db
      .select()
      .from(historyEvent)
      .where(and(eq(historyEvent.entidad, 'certificado_donaciones'), eq(historyEvent.accion, 'enviar')));
    expect(sentEvents).toHaveLength(2);
    const messages = await a.database.db.select().from(message).where(eq(message.plantilla, 'certificado_donaciones'));
    expect(messages.map((m) => m.estado)).toEqual(['enviado', 'enviado']);
  });

  it('never sends a certificate again: a later call schedules nothing and the workers send nothing', async () => {
    const again = await send();
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json<SendCertificatesResponse>()).toMatchObject({ programados: 0, yaProgramados: 2 });
    await runBoth();
    expect(smtp.received).toHaveLength(2);
  });

  it('a certificate job run twice at once (a worker whose lease ran out) writes one e-mail and keeps one file', async () => {
    ids.nueva = await insertDonor(a, {
      nombre: 'Nueva',
      apellidos: 'Donante',
      nif: '00000001R',
      email: 'nueva@example.com',
      consentimientoEmail: true,
    });
    await insertGift(a, ids.nueva, 2_500, `${YEAR}-09-09`);
    const res = await send();
    expect(res.json<SendCertificatesResponse>()).toMatchObject({ programados: 1, yaProgramados: 2 });
    const [row] = await a.database.db.select().from(donationCertificate).where(eq(donationCertificate.personaId, ids.nueva));
    await Promise.all([a.app.donationsService.sendOne(row!.id), b.app.donationsService.sendOne(row!.id)]);
    const written = await a.database.db
      .select()
      .from(message)
      .where(and(eq(message.relacionEntidad, 'certificado_donaciones'), eq(message.relacionId, String(row!.id))));
    expect(written).toHaveLength(1);
    const files = (await a.app.storage.list(`certificados/${YEAR}/${ids.nueva}_`)).map((o) => o.key);
    const [sent] = await a.database.db.select().from(donationCertificate).where(eq(donationCertificate.id, row!.id));
    expect(files).toEqual([sent!.archivo]);
    await runBoth();
    expect(mailsTo('nueva@example.com')).toHaveLength(1);
  });

  it('a donor who withdrew consent before their turn is skipped, with the reason kept and no e-mail', async () => {
    ids.retira = await insertDonor(a, {
      nombre: 'Retira',
      apellidos: 'Consent',
      nif: '00000002W',
      email: 'retira@example.com',
      consentimientoEmail: true,
    });
    await insertGift(a, ids.retira, 2_500, `${YEAR}-09-09`);
    expect((await send()).json<SendCertificatesResponse>().programados).toBe(1);
    const { person } = await import('../../src/db/schema');
    await a.database.db.update(person).set({ consentimientoEmail: false }).where(eq(person.id, ids.retira));
    await runBoth();
    const [row] = await a.database.db.select().from(donationCertificate).where(eq(donationCertificate.personaId, ids.retira));
    expect(row!.estado).toBe('omitido');
    expect(row!.motivo).toBe('La persona no ha aceptado recibir correos.');
    expect(mailsTo('retira@example.com')).toHaveLength(0);
  });
});
