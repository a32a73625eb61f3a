import { closeSync, createWriteStream, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FeesResponse, Gift, GiftsResponse } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { writeBackup } from '../../src/backup/backup';
import { mediaReferences } from '../../src/backup/media-references';
import { isEmptyDatabase } from '../../src/backup/database-dump';
import { ArchiveError, RestoreRefusedError, assertEmptyTarget, restoreArchive } from '../../src/backup/restore';
import { loadConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import {
  adoptionRequest,
  donationCertificate,
  followup,
  fosterOffer,
  importKey,
  importRow,
  job,
  person,
  pet,
  sponsorUpdate,
  uploadInProgress,
  organizationRole,
  customField,
  user,
} from '../../src/db/schema';
import { LocalStorage } from '../../src/storage/local-storage';
import { S3Storage } from '../../src/storage/s3-storage';
import type { StorageProvider } from '../../src/storage/storage-provider';
import { type Populated, injector, populate, snapshotOf } from '../helpers/backup-support';
import { jpeg, multipart, petFields } from '../helpers/media';
import { zip } from '../importer/zip-builder';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, cookieHeader, createTestApp } from '../helpers/helpers';
import { dayInZone, earliestCollectionDay } from '@refugio/contracts';
import { postgresUrlForTests } from '../helpers/postgres-for-tests';
import { S3_TEST_CREDENTIALS, type S3TestServer, startS3TestServer } from '../helpers/s3-test-server';
import { openThrowawayDatabase } from '../helpers/throwaway-database';

const work = mkdtempSync(path.join(tmpdir(), 'refugio-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let seq = 0;
const scratch = (name: string) => path.join(work, `${++seq}-${name}`);

async function backupTo(file: string, source: Parameters<typeof writeBackup>[0]) {
  const out = createWriteStream(file);
  const manifest = await writeBackup(source, out);
  await finished(out);
  return manifest;
}

/** An empty target: a PGlite database that was never migrated and an empty media folder. */
async function emptyPgliteTarget() {
  const dataDir = scratch('data');
  const database = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
  const storage = new LocalStorage(path.join(dataDir, 'media'));
  await storage.init();
  return { database, storage, dataDir, drop: () => database.close() };
}

/** The restored instance, as the server would build it, signed in as STAFF with the old password. */
async function serve(database: DatabaseHandle, storage: StorageProvider, dataDir: string, account: { email: string; password: string } = STAFF) {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'silent', SIGN_IN_ATTEMPTS_PER_MINUTE: '1000' });
  // The caller keeps using (and closes) the database.
  const app = await buildApp({
    config,
    database: { ...database, close: () => Promise.resolve() },
    storage,
    logger: false,
    webDistDir: path.join(dataDir, 'no-web'),
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: PUBLIC_URL },
    payload: { email: account.email, password: account.password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { app, cookie: cookieHeader(signIn) };
}

/** The fees and gifts an administrator reads, as the API answers them (amounts in cents and euros, IBAN masked). */
async function moneyAsServed(app: FastifyInstance, cookie: string) {
  const fees = await app.inject({ url: '/api/cuotas', headers: { cookie } });
  const gifts = await app.inject({ url: '/api/donativos', headers: { cookie } });
  expect(fees.statusCode, fees.body).toBe(200);
  expect(gifts.statusCode, gifts.body).toBe(200);
  return { fees: fees.json<FeesResponse>(), gifts: gifts.json<GiftsResponse>() };
}

/** What a person sees on the restored instance is what they saw before the backup. */
async function expectServesTheSame(
  database: DatabaseHandle,
  storage: StorageProvider,
  dataDir: string,
  before: Populated,
  persons = 0,
  signedDocument?: { id: number; sha256: string },
) {
  const { app, cookie } = await serve(database, storage, dataDir);
  try {
    const pet = (await app.inject({ url: `/phpApi/mascota/${before.petWithMedia}`, headers: { cookie } })).json<{
      nombre: string;
      historia: string;
    }>();
    expect(pet).toMatchObject({ nombre: 'Ñandú', historia: 'Llegó con "comillas", saltos\nde línea y emojis 🐾' });
    const image = await app.inject({ url: `/phpApi/storage/app/public/productos/${before.petWithMedia}/${before.imageName}` });
    expect(image.statusCode).toBe(200);
    expect((await app.inject({ url: `/phpApi/storage/app/public/productos/${before.petWithMedia}/${before.galleryName}` })).statusCode).toBe(200);
    const part = await app.inject({ url: before.videoUrl, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(before.video.subarray(10, 20))).toBe(true);
    // The care records and their attachments (staff only) came along.
    const sheet = (await app.inject({ url: `/api/mascotas/${before.petWithMedia}/salud`, headers: { cookie } })).json<{
      registros: { id: number; lote: string; adjuntos: { url: string }[] }[];
    }>();
    expect(sheet.registros).toMatchObject([{ id: before.careRecordId, lote: 'RB-1', adjuntos: [{ url: before.attachmentUrl }] }]);
    const attachment = await app.inject({ url: before.attachmentUrl, headers: { cookie } });
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.equals(before.attachment)).toBe(true);
    // The soft-deleted pet is still deleted, and the one who deleted it can still undo that.
    expect((await app.inject({ url: `/phpApi/mascota/${before.deletedPet}`, headers: { cookie } })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/phpApi/mascota/${before.deletedPet}/restaurar`, headers: { cookie, origin: PUBLIC_URL } }))
        .statusCode,
    ).toBe(200);
    expect((await app.inject({ url: `/phpApi/mascota/${before.deletedPet}`, headers: { cookie } })).statusCode).toBe(200);
    // The persons, with their possible duplicates.
    const listed = (await app.inject({ url: '/api/personas?duplicados=true&q=ibanez', headers: { cookie } })).json<{ total: number }>();
    expect(listed.total).toBe(persons);
    // A signed contract: its original and its signed copy came along, and their hashes still verify.
    if (signedDocument) {
      const verified = await app.inject({ url: `/api/documentos/${signedDocument.id}/verificar`, headers: { cookie } });
      expect(verified.json()).toEqual({ integro: true, sha256: signedDocument.sha256, calculado: signedDocument.sha256 });
    }
    // Sequences moved past the restored ids: a new pet gets a new id.
    const form = multipart(petFields({ nombre: 'Nueva' }));
    const created = await app.inject({
      method: 'POST',
      url: '/phpApi/mascota/nueva',
      payload: form.payload,
      headers: { ...form.headers, cookie, origin: PUBLIC_URL },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<{ id: number }>().id).toBeGreaterThan(before.deletedPet);
  } finally {
    await app.close();
  }
}

// Each test backs up and restores whole instances (20-30 s on a busy 2-core machine): the limit bounds a hang, as every
// test's does, not their speed.
describe('backup and restore (PGlite + local disk)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let populated: Populated;
  let archive: string;
  let before: Awaited<ReturnType<typeof snapshotOf>>;
  let signedDocument: { id: number; sha256: string };
  let moneyBefore: Awaited<ReturnType<typeof moneyAsServed>>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser(STAFF);
    const staffCookie = await t.signIn(STAFF.email, STAFF.password);
    populated = await populate(injector(t.app, staffCookie), PUBLIC_URL);
    // Persons, one a possible duplicate of the other (the same e-mail under another first name).
    for (const nombre of ['Lucía', 'Martín']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/personas',
        headers: { cookie: staffCookie, origin: PUBLIC_URL },
        payload: { nombre, apellidos: 'Ibáñez', email: 'familia.ibanez@example.com', telefono: '612 345 678', roles: ['acogida'] },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Jobs in every state and an upload in progress: a restore keeps them all (the job table is a shelter's own record).
    const at = new Date('2030-01-01T10:00:00.000Z');
    await t.database.db.insert(job).values([
      {
        name: 'pets.orphan-media-sweep',
        state: 'done',
        attempts: 1,
        maxAttempts: 3,
        runAt: at,
        finishedAt: at,
        uniqueKey: 'pets.orphan-media-sweep@2030-01-01T06:00:00.000Z',
      },
      { name: 'publications.publish-due', state: 'failed', attempts: 3, maxAttempts: 3, runAt: at, lastError: 'sin conexión', finishedAt: at },
      { name: 'intake.request-media-sweep', state: 'queued', payload: { a: 1 }, maxAttempts: 3, runAt: at },
      { name: 'pets.forget-idempotency-keys', state: 'running', attempts: 1, maxAttempts: 3, runAt: at, lockedBy: 'otra:1', lockedUntil: at },
    ]);
    await t.database.db.insert(uploadInProgress).values({ folder: 'solicitudes/en-curso/', lastSeenAt: at });
    // A foster home with its profile and the pet placed with it (DESIGN section 12): movements and profiles travel too.
    const [foster] = await t.database.db
      .insert(person)
      .values({ nombre: 'Acogida', email: 'acogida@example.com', consentimientoEmail: true })
      .returning();
    const staffCaller = t.as('staff');
    const profile = await staffCaller.inject({
      method: 'PUT',
      url: `/api/personas/${foster!.id}/acogida`,
      payload: { capacidad: 2, especies: ['Perro'] },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const petVersion = (await t.database.db.select({ version: pet.version }).from(pet).where(eq(pet.id, populated.petWithMedia)))[0]!.version;
    const placed = await staffCaller.inject({
      method: 'POST',
      url: `/api/mascotas/${populated.petWithMedia}/movimientos`,
      payload: { tipo: 'acogida', personaId: foster!.id, fecha: '2026-01-15', version: petVersion },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // The foster's portal link and news with a photo (waiting for review): the rows and the photo with its thumbnail travel.
    const portal = await staffCaller.inject({ method: 'POST', url: `/api/personas/${foster!.id}/portal`, payload: {} });
    expect(portal.statusCode, portal.body).toBe(200);
    const newsForm = multipart([
      { name: 'mascotaId', value: String(populated.petWithMedia) },
      { name: 'texto', value: 'Está muy bien' },
      { name: 'fotos', value: await jpeg(40, 30), fileName: 'paseo.jpg', contentType: 'image/jpeg' },
    ]);
    const news = await t.as('anonymous').inject({
      method: 'POST',
      url: `/api/portal/${portal.json<{ url: string }>().url.split('/portal/')[1]}/novedades`,
      payload: newsForm.payload,
      headers: newsForm.headers,
    });
    expect(news.statusCode, news.body).toBe(201);
    // An approved adoption with its contract signed in person (DESIGN section 13): the rows, the original PDF and the signed copy travel.
    const [request] = await t.database.db
      .insert(adoptionRequest)
      .values({
        petId: populated.petWithMedia,
        estado: 'aprobada',
        nombre: 'Acogida',
        email: 'acogida@example.com',
        telefono: '600000000',
        edad: 40,
        ciudad: 'Madrid',
        direccion: 'Calle 1',
        vivienda: 'casa',
        viviendaPropia: true,
        patio: false,
        personasEnCasa: 1,
        ninosEnCasa: 0,
        horasSolo: 2,
        aceptaVisita: true,
        aceptaPrivacidad: true,
        personaId: foster!.id,
      })
      .returning();
    const contract = await staffCaller.inject({
      method: 'POST',
      url: `/api/solicitudes-adopcion/${request!.id}/contrato`,
      payload: { cuota: 120, metodoPago: 'efectivo' },
    });
    expect(contract.statusCode, contract.body).toBe(201);
    const documentId = contract.json<{ documentoId: number }>().documentoId;
    const firma = `data:image/png;base64,${(
      await sharp({ create: { width: 300, height: 100, channels: 4, background: '#00000000' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    const signedRes = await staffCaller.inject({
      method: 'POST',
      url: `/api/documentos/${documentId}/firmar`,
      payload: { nombreCompleto: 'Acogida Completa', firma, acepta: true },
    });
    expect(signedRes.statusCode, signedRes.body).toBe(200);
    signedDocument = { id: documentId, sha256: signedRes.json<{ sha256: string }>().sha256 };
    // Both files are references the backup checks (a row without its file fails the backup, naming it).
    expect((await mediaReferences(t.database.db)).filter((r) => r.table === 'document')).toHaveLength(2);
    // An adoption with its follow-ups (DESIGN section 13), one answered with a photo: the rows and the photo travel.
    const [adopted] = await t.database.db
      .insert(pet)
      .values({ nombre: 'Adoptada', edad: '1 año', tipo: 'Gato', genero: 'hembra', tamano: 'chico', esterilizado: 'no' })
      .returning();
    const adoption = await staffCaller.inject({
      method: 'POST',
      url: `/api/mascotas/${adopted!.id}/movimientos`,
      payload: { tipo: 'adopcion', personaId: foster!.id, fecha: '2026-01-15', version: adopted!.version },
    });
    expect(adoption.statusCode, adoption.body).toBe(201);
    const [checkIn] = await t.database.db.select().from(followup).where(eq(followup.petId, adopted!.id)).orderBy(followup.vence).limit(1);
    const sent = await staffCaller.inject({ method: 'POST', url: `/api/seguimientos/${checkIn!.id}/enviar`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const answerForm = multipart([
      { name: 'comoVa', value: 'bien' },
      { name: 'fotos', value: await jpeg(30, 40), fileName: 'sofa.jpg', contentType: 'image/jpeg' },
    ]);
    const answered = await t.as('anonymous').inject({
      method: 'POST',
      url: `/api/seguimiento/${sent.json<{ url: string }>().url.split('/seguimiento/')[1]}`,
      payload: answerForm.payload,
      headers: answerForm.headers,
    });
    expect(answered.statusCode, answered.body).toBe(201);
    // A member's direct-debit fee and a gift paying it (DESIGN section 15): the IBAN travels whole.
    const memberFee = await t.as('admin').inject({
      method: 'POST',
      url: `/api/personas/${foster!.id}/cuotas`,
      payload: {
        tipo: 'socio',
        importe: '12,50',
        periodicidad: 'mensual',
        desde: '2026-01-01',
        metodoPago: 'domiciliacion',
        iban: 'ES91 2100 0418 4502 0005 1332',
        mandato: { referencia: 'M-1', fechaFirma: '2026-01-01' },
      },
    });
    expect(memberFee.statusCode, memberFee.body).toBe(201);
    const paid = await t.as('admin').inject({
      method: 'POST',
      url: '/api/donativos',
      payload: {
        personaId: foster!.id,
        importe: '12,50',
        fecha: '2026-01-05',
        metodo: 'domiciliacion',
        concepto: 'cuota',
        cuotaId: memberFee.json<{ id: number }>().id,
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    // A SEPA direct-debit batch charging that fee today (the creditor's data saved on Configuración first).
    const organization = await t.as('admin').inject({
      method: 'PUT',
      url: '/api/organizacion',
      payload: {
        nombre: 'Protectora Patitas',
        zonaHoraria: t.config.orgTimeZone,
        nif: 'G28260008',
        acreedorSepa: 'ES23ZZZ47690558N',
        ibanAcreedor: 'ES7921000813610123456789',
        version: 0,
      },
    });
    expect(organization.statusCode, organization.body).toBe(200);
    const batch = await t.as('admin').inject({
      method: 'POST',
      url: '/api/remesas',
      payload: { fechaCobro: earliestCollectionDay(dayInZone(new Date(), t.config.orgTimeZone)) },
    });
    expect(batch.statusCode, batch.body).toBe(201);
    // A bank statement read and one of its credits confirmed (an anonymous gift with its import key): the pending
    // import and the imported gift travel too.
    const statementForm = multipart([
      {
        name: 'archivo',
        value: 'Fecha;Concepto;Importe\r\n07/01/2026;BIZUM PARA LOS GATOS;20,00\r\n',
        fileName: 'enero.csv',
        contentType: 'text/csv',
      },
    ]);
    const statement = await t.as('admin').inject({
      method: 'POST',
      url: '/api/donativos/importar',
      payload: statementForm.payload,
      headers: statementForm.headers,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const imported = await t.as('admin').inject({
      method: 'POST',
      url: `/api/donativos/importar/${statement.json<{ id: string }>().id}/confirmar`,
      payload: { filas: [2] },
    });
    expect(imported.json(), imported.body).toEqual({ creados: 1, duplicados: 0, omitidos: 0 });
    // Amounts a float would spoil (0,29; 1.234,57), the first one annulled: kept exactly, annulled or not.
    const given: Gift[] = [];
    for (const importe of ['0,29', '1.234,57']) {
      const res = await t.as('admin').inject({
        method: 'POST',
        url: '/api/donativos',
        payload: { importe, fecha: '2026-01-06', metodo: 'bizum', concepto: 'donativo', referencia: `R-${importe}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      given.push(res.json<Gift>());
    }
    const annul = await t.as('admin').inject({
      method: 'POST',
      url: `/api/donativos/${given[0]!.id}/anular`,
      payload: { motivo: 'Duplicado', version: given[0]!.version },
    });
    expect(annul.statusCode, annul.body).toBe(200);
    moneyBefore = await moneyAsServed(t.app, await t.as('admin').cookie());
    // The batch's debits are collected on a day still to come: money received only from then (issue 47), so the total
    // holds the rest; the batch itself travels in the backup all the same.
    expect(batch.json<{ importeTotalCentimos: number }>().importeTotalCentimos).toBeGreaterThan(0);
    expect(moneyBefore.gifts.importeTotalCentimos).toBe(1250 + 123_457 + 2000);
    // A donor's certificate sent with its PDF, and a sponsorship's last news e-mail (DESIGN section 15): rows and file travel.
    const certificateKey = `certificados/2026/${foster!.id}_1_abc.pdf`;
    await t.app.storage.put(certificateKey, Readable.from([Buffer.from('%PDF-1.3 certificado')]), { contentType: 'application/pdf' });
    await t.database.db
      .insert(donationCertificate)
      .values({ personaId: foster!.id, anio: 2026, estado: 'enviado', archivo: certificateKey, importeCentimos: 1250 });
    await t.database.db.insert(sponsorUpdate).values({ feeId: memberFee.json<{ id: number }>().id, ultimoEnvio: new Date('2026-01-10T10:00:00Z') });
    expect((await mediaReferences(t.database.db)).filter((r) => r.table === 'donation_certificate')).toHaveLength(1);
    // A monthly report subscription (DESIGN section 16): its row travels.
    const subscribed = await t.as('staff').inject({
      method: 'POST',
      url: '/api/informes/entradas-salidas/suscripcion',
      payload: { periodicidad: 'mensual' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    // Volunteers (DESIGN section 17): a profile, a weekly template and its shifts, a link and a sign-up, attendance.
    const volunteer = await t.as('admin').inject({
      method: 'PUT',
      url: `/api/personas/${foster!.id}/voluntariado`,
      payload: { tareas: ['Paseos'], disponibilidad: 'Sábados', formacion: [{ curso: 'Bienestar animal', fecha: '2026-02-01' }] },
    });
    expect(volunteer.statusCode, volunteer.body).toBe(200);
    const weekly = await t.as('admin').inject({
      method: 'POST',
      url: '/api/turnos/plantillas',
      payload: { tarea: 'Limpieza', diasSemana: [6], horaInicio: '10:00', horaFin: '12:00', plazas: 2, desde: '2026-01-01' },
    });
    expect(weekly.statusCode, weekly.body).toBe(201);
    // "Busco acogida": an offer to the foster home, answered yes.
    await t.database.db.insert(fosterOffer).values({
      petId: populated.petWithMedia,
      personaId: foster!.id,
      canal: 'email',
      tokenHash: 'hash-de-prueba-de-la-oferta',
      venceEn: new Date('2026-02-01T10:00:00Z'),
      respuesta: 'si',
      respondidaEn: new Date('2026-01-20T10:00:00Z'),
    });
    const volunteerLink = await t.as('admin').inject({ method: 'POST', url: `/api/personas/${foster!.id}/voluntariado/enlace` });
    const volunteerToken = volunteerLink.json<{ url: string }>().url.split('/voluntariado/')[1]!;
    const shifts = await t
      .as('admin')
      .inject({ method: 'GET', url: `/api/turnos?desde=${dayInZone(new Date(), t.config.orgTimeZone)}&hasta=2999-12-31` });
    const firstShift = shifts.json<{ items: { id: number }[] }>().items[0]!.id;
    expect((await t.as('anonymous').inject({ method: 'POST', url: `/api/voluntariado/${volunteerToken}/turnos/${firstShift}` })).statusCode).toBe(
      200,
    );
    const pastShift = await t.as('admin').inject({
      method: 'POST',
      url: '/api/turnos',
      payload: { tarea: 'Feria', inicio: '2026-01-10T10:00:00', fin: '2026-01-10T13:00:00', plazas: 4 },
    });
    const attended = await t.as('admin').inject({
      method: 'POST',
      url: `/api/turnos/${pastShift.json<{ id: number }>().id}/asistencia`,
      payload: { personaId: foster!.id, asistio: true },
    });
    expect(attended.statusCode, attended.body).toBe(200);
    // A surrender request with a photo (DESIGN section 19): the row, the photo and its thumbnail travel.
    const surrenderForm = multipart([
      ...Object.entries({
        nombre: 'Marta',
        email: 'marta@example.org',
        documento: '12345678Z',
        nombreAnimal: 'Toby',
        especie: 'Perro',
        sexo: 'macho',
        edad: '3 años',
        motivo: 'Mudanza',
        urgencia: 'alta',
        aceptaPrivacidad: 'true',
      }).map(([name, value]) => ({ name, value })),
      { name: 'fotos', value: await jpeg(60, 40), fileName: 'toby.jpg', contentType: 'image/jpeg' },
    ]);
    const surrendered = await t
      .as('anonymous')
      .inject({ method: 'POST', url: '/api/public/cesiones', payload: surrenderForm.payload, headers: surrenderForm.headers });
    expect(surrendered.statusCode, surrendered.body).toBe(201);
    expect((await mediaReferences(t.database.db)).filter((r) => r.table === 'surrender')).toHaveLength(2);
    // An import (DESIGN section 18): a .zip analysed (its photo and thumbnail stored until it is imported), the mapping
    // remembered, and the rows and keys of an import (written here as the job writes them).
    const importForm = multipart([
      { name: 'tipo', value: 'mascotas' },
      {
        name: 'archivo',
        fileName: 'mascotas.zip',
        value: zip([
          { name: 'mascotas.csv', data: Buffer.from('Nombre,Especie,Sexo,Foto\nKira,Perro,Hembra,kira.jpg\n') },
          { name: 'kira.jpg', data: await jpeg(40, 30) },
        ]),
      },
    ]);
    const importUpload = await t
      .as('admin')
      .inject({ method: 'POST', url: '/api/importaciones', payload: importForm.payload, headers: importForm.headers });
    expect(importUpload.statusCode, importUpload.body).toBe(200);
    const importId = importUpload.json<{ id: string; mapeoSugerido: Record<string, string> }>().id;
    const mapped = await t.as('admin').inject({
      method: 'PUT',
      url: `/api/importaciones/${importId}/mapeo`,
      payload: { mapeo: importUpload.json<{ mapeoSugerido: Record<string, string> }>().mapeoSugerido },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    await t.database.db.insert(importRow).values({ importId, fila: 2, resultado: 'omitido', entidadId: populated.petWithMedia });
    await t.database.db.insert(importKey).values({ tipo: 'mascotas', codigo: 'K-1', entidadId: populated.petWithMedia, importId });
    expect((await mediaReferences(t.database.db)).filter((r) => r.table === 'import_batch')).toHaveLength(2);
    // An organisation role (DESIGN section 21) and the user who has it: the role travels before the user pointing at it.
    const [shopRole] = await t.database.db
      .insert(organizationRole)
      .values({ nombre: 'Tienda solidaria', basadoEn: 'Equipo', capacidades: ['cuenta', 'mascotas.ver', 'dinero'], enmascarar: true })
      .returning();
    const shopUser = await t.createUser({ email: 'tienda@refugio.test', password: 'clave-de-la-tienda-1' });
    await t.database.db.update(user).set({ organizationRoleId: shopRole!.id }).where(eq(user.id, shopUser));
    // An organisation's own field (DESIGN section 21) and a pet's value of it.
    await t.database.db.insert(customField).values({ entidad: 'mascota', clave: 'test_leishmania', etiqueta: 'Test de leishmania', tipo: 'texto' });
    await t.database.db
      .update(pet)
      .set({ campos: { test_leishmania: 'Negativo' } })
      .where(eq(pet.id, populated.petWithMedia));
    // The request budgets' counts reach the database every 0.5 s: sent now, so none lands between snapshot and backup.
    await t.app.budgets.flush();
    before = await snapshotOf(t.database.db, t.app.storage);
    expect(before.tables.organization_role).toHaveLength(1);
    expect(before.tables.custom_field).toHaveLength(1);
    expect(before.tables.pet!.filter((p) => p.includes('"test_leishmania": "Negativo"'))).toHaveLength(1);
    expect(before.tables.user!.filter((u) => u.includes(`"organization_role_id": ${shopRole!.id}`))).toHaveLength(1);
    expect(before.tables.job).toHaveLength(4);
    expect(before.tables.upload_in_progress).toHaveLength(1);
    // The foster placement and the adoption.
    expect(before.tables.movement).toHaveLength(2);
    expect(before.tables.foster_profile).toHaveLength(1);
    expect(before.tables.foster_portal_link).toHaveLength(1);
    expect(before.tables.foster_news).toHaveLength(1);
    expect(before.tables.document).toHaveLength(1);
    expect(before.tables.adoption_fee).toHaveLength(1);
    expect(before.tables.fee).toHaveLength(1);
    expect(before.tables.gift).toHaveLength(5);
    expect(before.tables.donation_certificate).toHaveLength(1);
    expect(before.tables.sponsor_update).toHaveLength(1);
    expect(before.tables.bank_import).toHaveLength(1);
    expect(before.tables.remesa).toHaveLength(1);
    expect(before.tables.remesa_linea).toHaveLength(1);
    expect(before.tables.report_subscription).toHaveLength(1);
    expect(before.tables.volunteer_profile).toHaveLength(1);
    expect(before.tables.shift_template).toHaveLength(1);
    expect(before.tables.shift?.length).toBeGreaterThanOrEqual(8);
    expect(before.tables.shift_signup).toHaveLength(2);
    expect(before.tables.volunteer_link).toHaveLength(1);
    expect(before.tables.foster_offer).toHaveLength(1);
    expect(before.tables.surrender).toHaveLength(1);
    // Three check-ins and the sterilisation.
    expect(before.tables.followup).toHaveLength(4);
    // Two from the fixture, one foster home.
    expect(before.tables.person).toHaveLength(3);
    expect(before.tables.person_duplicate).toHaveLength(1);
    expect(before.tables.import_batch).toHaveLength(1);
    expect(before.tables.import_mapping).toHaveLength(4);
    expect(before.tables.import_row).toHaveLength(1);
    expect(before.tables.import_key).toHaveLength(1);
    archive = scratch('copia.tar');
    await backupTo(archive, { db: t.database.db, databaseDriver: t.database.driver, storage: t.app.storage, dataDir: t.dataDir });
  });
  afterAll(() => t.close());

  it('restores every row and every file into an empty instance, which serves the same pets, media and users', async () => {
    // Main image, gallery image, their thumbnails, the video, the care record's attachment, the news photo and its
    // thumbnail, the contract and its signed copy, the follow-up answer's photo and its thumbnail, the donor's certificate,
    // the surrender request's photo and its thumbnail, the photo of a .zip being imported and its thumbnail.
    expect(Object.keys(before.media)).toHaveLength(17);
    const target = await emptyPgliteTarget();
    await assertEmptyTarget({ db: target.database.db, storage: target.storage }, { database: 'db', storage: 'media' });
    const summary = await restoreArchive(archive, {
      db: target.database.db,
      storage: target.storage,
      dataDir: target.dataDir,
      authSecretConfigured: false,
    });
    expect(summary.media).toBe(17);
    // The history travels whole: every event of the populated instance, as it was (DESIGN section 9).
    expect(before.tables.history_event?.length).toBeGreaterThanOrEqual(5);
    expect(await snapshotOf(target.database.db, target.storage)).toEqual(before);
    // The generated auth secret travels with the data directory's other contents.
    expect(readFileSync(path.join(target.dataDir, 'auth-secret'), 'utf8')).toBe(readFileSync(path.join(t.dataDir, 'auth-secret'), 'utf8'));
    await expectServesTheSame(target.database, target.storage, target.dataDir, populated, 2, signedDocument);
    // The fees and gifts (DESIGN section 15), as an administrator reads them: the same rows, the same cents.
    const { app, cookie } = await serve(target.database, target.storage, target.dataDir, ADMIN);
    try {
      const moneyAfter = await moneyAsServed(app, cookie);
      expect(moneyAfter).toEqual(moneyBefore);
      expect(moneyAfter.gifts.items.map((g) => [g.importeCentimos, g.estado]).sort()).toEqual([
        [123_457, 'registrado'],
        [1250, 'registrado'],
        [1250, 'registrado'],
        [2000, 'registrado'],
        [29, 'anulado'],
      ]);
      expect(moneyAfter.fees.items).toMatchObject([{ importeCentimos: 1250, iban: 'ES91 **** **** **** **** 1332', estado: 'activa' }]);
    } finally {
      await app.close();
    }
  });

  it('refuses to restore over data, in the database or in the media store', async () => {
    const target = await emptyPgliteTarget();
    await target.database.migrate();
    await expect(
      assertEmptyTarget({ db: target.database.db, storage: target.storage }, { database: 'La base', storage: 'La carpeta' }),
    ).rejects.toThrow(RestoreRefusedError);
    await target.drop();
    const other = await emptyPgliteTarget();
    await other.storage.put('productos/1/x.jpg', Readable.from(['x']));
    await expect(
      assertEmptyTarget({ db: other.database.db, storage: other.storage }, { database: 'La base', storage: 'La carpeta' }),
    ).rejects.toThrow(/La carpeta ya tiene archivos \(por ejemplo productos\/1\/x\.jpg\)/);
    await other.drop();
  });

  /** Restoring `file` fails with `message`, and the target stays empty (so one target serves every case). */
  let refusing: Awaited<ReturnType<typeof emptyPgliteTarget>> | undefined;
  afterAll(() => refusing?.drop());
  async function expectRefused(file: string, message: RegExp) {
    const target = (refusing ??= await emptyPgliteTarget());
    await expect(
      restoreArchive(file, { db: target.database.db, storage: target.storage, dataDir: target.dataDir, authSecretConfigured: false }),
    ).rejects.toThrow(message);
    await expect(
      restoreArchive(file, { db: target.database.db, storage: target.storage, dataDir: target.dataDir, authSecretConfigured: false }),
    ).rejects.toThrow(ArchiveError);
    expect(await isEmptyDatabase(target.database.db)).toBe(true);
    expect(await target.storage.list('')).toEqual([]);
  }

  it('refuses a corrupted archive, naming the damaged entry, and changes nothing', async () => {
    const bytes = readFileSync(archive);
    // Inside the first JPEG in the archive (after its start-of-image marker).
    const at = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    expect(at).toBeGreaterThan(0);
    const corrupt = Buffer.from(bytes);
    corrupt[at + 200] = corrupt[at + 200]! ^ 0xff;
    const file = scratch('dañada.tar');
    writeFileSync(file, corrupt);
    await expectRefused(file, /está dañada: el contenido de media\/(productos|novedades|cesiones)\/[^ ]+ no coincide con su suma de control/);
  });

  it('refuses a truncated archive, wherever it was cut, and changes nothing', async () => {
    const size = statSync(archive).size;
    for (const [cut, message] of [
      [Math.floor(size / 2) + 7, /está dañada o incompleta/],
      // A cut at a block boundary near the end: the entries before it read fine, the manifest is missing.
      [manifestOffset(archive) - 512, /falta el manifiesto/],
    ] as const) {
      const file = scratch('cortada.tar');
      const fd = openSync(archive, 'r');
      const head = Buffer.alloc(cut);
      readSync(fd, head, 0, cut, 0);
      closeSync(fd);
      writeFileSync(file, head);
      await expectRefused(file, message);
    }
  });

  it('refuses something that is not a backup', async () => {
    const file = scratch('otra.tar');
    writeFileSync(file, 'no soy un archivo tar');
    await expectRefused(file, /está dañada o incompleta|está vacía|no es una copia/);
  });
});

/** Where the manifest's bytes start (the last entry; its 512-byte tar header is just before). */
function manifestOffset(file: string): number {
  return readFileSync(file).lastIndexOf(Buffer.from('{\n  "format": "refugio-backup"'));
}

const postgres = await postgresUrlForTests();

describe.skipIf(!postgres)('backup and restore across PGlite + local disk and PostgreSQL + S3', { timeout: 120_000 }, () => {
  let s3: S3TestServer;
  const drops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    s3 = await startS3TestServer({ buckets: ['origen', 'destino'] });
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
    await s3.close();
  });

  const bucket = (name: string) =>
    new S3Storage({ bucket: name, endpoint: s3.env.S3_ENDPOINT, region: 'us-east-1', ...S3_TEST_CREDENTIALS, forcePathStyle: true });

  it('moves an instance from PGlite + local disk to PostgreSQL + S3 and back, identically', async () => {
    // The source: PGlite and the local disk.
    const t = await createTestApp();
    await t.createUser(STAFF);
    const populated = await populate(injector(t.app, await t.signIn(STAFF.email, STAFF.password)), PUBLIC_URL);
    await t.app.budgets.flush();
    const before = await snapshotOf(t.database.db, t.app.storage);
    const first = scratch('pglite.tar');
    await backupTo(first, { db: t.database.db, databaseDriver: t.database.driver, storage: t.app.storage, dataDir: t.dataDir });
    await t.close();

    // Into an empty PostgreSQL database (created, never migrated) and an empty bucket.
    const pg = await openThrowawayDatabase(postgres!, { prefix: 'refugio_restore', poolSize: 2, migrate: false });
    drops.push(pg.drop);
    const origin = bucket('origen');
    const dataDir = scratch('pg-data');
    await restoreArchive(first, { db: pg.database.db, storage: origin, dataDir, authSecretConfigured: false });
    expect(await snapshotOf(pg.database.db, origin)).toEqual(before);
    await expectServesTheSame(pg.database, origin, dataDir, populated);

    // And back: a backup of PostgreSQL + S3, restored on PGlite + local disk.
    const now = await snapshotOf(pg.database.db, origin);
    const second = scratch('postgres.tar');
    await backupTo(second, { db: pg.database.db, databaseDriver: 'postgres', storage: origin, dataDir });
    const target = await emptyPgliteTarget();
    await restoreArchive(second, { db: target.database.db, storage: target.storage, dataDir: target.dataDir, authSecretConfigured: false });
    expect(await snapshotOf(target.database.db, target.storage)).toEqual(now);
    await target.drop();

    // PostgreSQL + S3 to another PostgreSQL + another bucket.
    const pg2 = await openThrowawayDatabase(postgres!, { prefix: 'refugio_restore', poolSize: 2, migrate: false });
    drops.push(pg2.drop);
    const destination = bucket('destino');
    await restoreArchive(second, { db: pg2.database.db, storage: destination, dataDir: scratch('pg2-data'), authSecretConfigured: false });
    expect(await snapshotOf(pg2.database.db, destination)).toEqual(now);
    origin.close();
    destination.close();
  });
});
