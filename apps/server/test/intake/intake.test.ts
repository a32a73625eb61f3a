import {
  type ApiErrorBody,
  intakeMessages,
  linkCheckSchema,
  linkSchema,
  packageSchema,
  petMessages,
  publicationRequestSchema,
} from '@refugio/contracts';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enlaceRegistro, petImage, publicationRequest } from '../../src/db/schema';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, avifClaiming, jpeg, multipart, png, videoBytes } from '../helpers/media';

/** The error answer, checked for its shape and status. */
function errorOf(res: LightMyRequestResponse, status: number, code?: string): ApiErrorBody {
  expectErrorShape(res, status, code);
  return res.json<ApiErrorBody>();
}

function registrationFields(overrides: Record<string, string> = {}): Part[] {
  const fields: Record<string, string> = {
    nombre: 'Canela',
    edad: '1 año',
    tipo: 'Gato',
    genero: 'hembra',
    tamano: 'chico',
    discapacidad: '0',
    personalidad: 'Juguetona',
    historia: 'Encontrada en un parque',
    tags: JSON.stringify(['juguetona']),
    contactoNombre: 'Rescatista Uno',
    contactoEmail: 'rescate@example.org',
    contactoTelefono: '+54 11 5555-0000',
    ...overrides,
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

describe('intake: packages, links, public registration, publication requests', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp({ ORG_NAME: 'Refugio Patitas', ORG_CONTACT_EMAIL: 'hola@patitas.org', ORG_CONTACT_PHONE: '+34 600 000 000' });
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
  });
  afterAll(() => t.close());

  const asStaff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: staff, origin: PUBLIC_URL }, ...(payload ? { payload } : {}) });

  async function createPackage(cupo: number, diasVigencia = 30) {
    const res = await asStaff('POST', '/api/paquetes', { nombre: `Paquete ${cupo}-${Math.random()}`, cupo, diasVigencia });
    expect(res.statusCode, res.body).toBe(201);
    return packageSchema.parse(res.json());
  }

  async function createLink(cupo: number) {
    const pkg = await createPackage(cupo);
    const res = await asStaff('POST', '/api/enlaces', { paqueteId: pkg.id, destinatario: 'Ana Rescates', email: 'ana@example.org' });
    expect(res.statusCode, res.body).toBe(201);
    return linkSchema.parse(res.json());
  }

  const register = (parts: Part[]) => {
    const form = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: form.payload, headers: form.headers });
  };
  const storedRequestFiles = async () => (await t.app.storage.list('solicitudes/')).map((o) => o.key);
  const requestCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(publicationRequest))[0]!.n;

  it('packages: create, edit, archive; validation in Spanish', async () => {
    const bad = await asStaff('POST', '/api/paquetes', { nombre: '', cupo: 0, diasVigencia: 'x' });
    const body = errorOf(bad, 400, 'VALIDATION_ERROR');
    expect(body.fieldErrors).toMatchObject({ nombre: intakeMessages.packageNameRequired, cupo: intakeMessages.packageQuotaInvalid });

    const pkg = await createPackage(3, 10);
    expect(pkg).toMatchObject({ cupo: 3, diasVigencia: 10, archivado: false, enlaces: 0 });
    const edited = await asStaff('PATCH', `/api/paquetes/${pkg.id}`, { descripcion: 'Para refugios aliados', cupo: 5 });
    expect(edited.json()).toMatchObject({ descripcion: 'Para refugios aliados', cupo: 5, diasVigencia: 10 });
    const archived = await asStaff('POST', `/api/paquetes/${pkg.id}/archivar`);
    expect(archived.json()).toMatchObject({ archivado: true });
    const list = await asStaff('GET', '/api/paquetes');
    expect(list.json<{ items: { id: number }[] }>().items.map((p) => p.id)).not.toContain(pkg.id);
    const all = await asStaff('GET', '/api/paquetes?archivados=1');
    expect(all.json<{ items: { id: number }[] }>().items.map((p) => p.id)).toContain(pkg.id);
    // An archived package issues no links.
    const refused = await asStaff('POST', '/api/enlaces', { paqueteId: pkg.id, destinatario: 'X' });
    expect(errorOf(refused, 400).fieldErrors).toEqual({ paqueteId: intakeMessages.packageArchived });
  });

  it('links: an unguessable token, the package quota and expiry, usage, revoke and extend', async () => {
    const link = await createLink(2);
    expect(Buffer.from(link.id, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(link.url).toBe(`${PUBLIC_URL}/registro-mascota/${link.id}`);
    expect(link).toMatchObject({ cupo: 2, usados: 0, restantes: 2, estado: 'activo', destinatario: 'Ana Rescates' });
    const days = (Date.parse(link.venceEn) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    const listed = await asStaff('GET', `/api/enlaces?paqueteId=${link.paqueteId}`);
    expect(listed.json<{ items: { id: string }[] }>().items.map((l) => l.id)).toEqual([link.id]);
    const pkg = await asStaff('GET', `/api/paquetes/${link.paqueteId}`);
    expect(pkg.json()).toMatchObject({ enlaces: 1, enlacesActivos: 1 });

    const extended = linkSchema.parse((await asStaff('POST', `/api/enlaces/${link.id}/extender`, { dias: 10 })).json());
    expect(Date.parse(extended.venceEn) - Date.parse(link.venceEn)).toBe(10 * 86_400_000);
    const revoked = await asStaff('POST', `/api/enlaces/${link.id}/revocar`);
    expect(revoked.json()).toMatchObject({ estado: 'revocado' });
    errorOf(await asStaff('POST', `/api/enlaces/${link.id}/revocar`), 409);
    errorOf(await asStaff('POST', '/api/enlaces/no-existe/revocar'), 404);
    // Never listed to anybody signed out.
    errorOf(await t.app.inject({ method: 'GET', url: '/api/enlaces' }), 401);
  });

  it('link check: valid, unknown, revoked, expired, used up (DESIGN section 7), with whom to ask for a new link', async () => {
    const contacto = { nombre: 'Refugio Patitas', email: 'hola@patitas.org', telefono: '+34 600 000 000' };
    const check = async (id: string) => linkCheckSchema.parse((await t.app.inject({ method: 'GET', url: `/api/public/enlaces/${id}` })).json());
    const link = await createLink(1);
    const valid = await check(link.id);
    expect(valid).toEqual({ valido: true, destinatario: 'Ana Rescates', restantes: 1, venceEn: link.venceEn });
    expect(await check('no-existe-este-enlace')).toEqual({
      valido: false,
      motivo: 'no_existe',
      mensaje: intakeMessages.linkInvalid.no_existe,
      contacto,
    });

    const revoked = await createLink(1);
    await asStaff('POST', `/api/enlaces/${revoked.id}/revocar`);
    expect(await check(revoked.id)).toEqual({ valido: false, motivo: 'revocado', mensaje: intakeMessages.linkInvalid.revocado, contacto });

    const expired = await createLink(1);
    await t.database.db
      .update(enlaceRegistro)
      .set({ venceEn: new Date(Date.now() - 1000) })
      .where(eq(enlaceRegistro.id, expired.id));
    expect(await check(expired.id)).toEqual({ valido: false, motivo: 'vencido', mensaje: intakeMessages.linkInvalid.vencido, contacto });

    expect((await register([...registrationFields({ enlaceId: link.id })])).statusCode).toBe(201);
    expect(await check(link.id)).toEqual({ valido: false, motivo: 'sin_cupo', mensaje: intakeMessages.linkInvalid.sin_cupo, contacto });

    // An invalid link stores nothing, whatever it carries.
    const filesBefore = await storedRequestFiles();
    const rowsBefore = await requestCount();
    for (const id of [link.id, revoked.id, expired.id, 'no-existe-este-enlace']) {
      const res = await register([
        ...registrationFields({ enlaceId: id }),
        { name: 'imagenes', value: await jpeg(), fileName: 'a.jpg', contentType: 'image/jpeg' },
      ]);
      const body = errorOf(res, 422, 'UNPROCESSABLE');
      expect(Object.values(intakeMessages.linkInvalid)).toContain(body.message);
      expect(body.fieldErrors?.enlaceId).toBe(body.message);
    }
    expect(await storedRequestFiles()).toEqual(filesBefore);
    expect(await requestCount()).toBe(rowsBefore);
  });

  it('registration: 201 { id } with media checked by content; without a link it is marked as such', async () => {
    const res = await register([
      ...registrationFields(),
      { name: 'image', value: await jpeg(40, 30), fileName: 'principal.jpg', contentType: 'image/jpeg' },
      { name: 'imagenes', value: await png(), fileName: 'otra.png', contentType: 'image/png' },
      { name: 'videos', value: videoBytes.mp4(8192), fileName: 'paseo en el parque.mp4', contentType: 'video/mp4' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    expect(Object.keys(res.json())).toEqual(['id']);
    const detail = publicationRequestSchema.parse((await asStaff('GET', `/api/solicitudes-publicacion/${id}`)).json());
    expect(detail).toMatchObject({
      estado: 'pendiente',
      enlaceId: null,
      paqueteNombre: null,
      nombre: 'Canela',
      tags: ['juguetona'],
      contactoEmail: 'rescate@example.org',
    });
    expect(detail.media.map((m) => m.kind)).toEqual(['principal', 'imagen', 'video']);
    expect(detail.media[2]!.nombre).toBe('paseo_en_el_parque.mp4');
    // Media are for staff only.
    const file = await asStaff('GET', detail.media[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toContain('private');
    errorOf(await t.app.inject({ method: 'GET', url: detail.media[0]!.url }), 401);
    expect((await asStaff('GET', detail.media[1]!.thumbnailUrl!)).headers['content-type']).toBe('image/webp');
  });

  it('registration: invalid fields answer Spanish field errors and store nothing; the honeypot answers like a success', async () => {
    const filesBefore = await storedRequestFiles();
    const rowsBefore = await requestCount();
    const res = await register([
      ...registrationFields({ nombre: '', tipo: 'Loro', contactoEmail: 'no-es-correo' }),
      { name: 'image', value: await jpeg(), fileName: 'a.jpg', contentType: 'image/jpeg' },
    ]);
    const body = errorOf(res, 400, 'VALIDATION_ERROR');
    expect(body.fieldErrors).toMatchObject({
      nombre: petMessages.nameRequired,
      tipo: petMessages.typeInvalid,
      contactoEmail: intakeMessages.emailInvalid,
    });
    // The honeypot: answered exactly like a success (id 0, as the adoption form does), storing nothing.
    for (const parts of [
      registrationFields({ sitioWeb: 'http://spam.example' }),
      [
        ...registrationFields({ sitioWeb: 'http://spam.example' }),
        { name: 'image', value: await jpeg(), fileName: 'a.jpg', contentType: 'image/jpeg' },
      ],
    ]) {
      const caught = await register(parts);
      expect(caught.statusCode).toBe(201);
      expect(caught.json()).toEqual({ id: 0 });
    }
    expect(await storedRequestFiles()).toEqual(filesBefore);
    expect(await requestCount()).toBe(rowsBefore);
  });

  it('registration: bad media (oversized, disguised, empty, too many, interrupted) store nothing', async () => {
    const filesBefore = await storedRequestFiles();
    const rowsBefore = await requestCount();
    const good = { name: 'imagenes', value: await jpeg(), fileName: 'ok.jpg', contentType: 'image/jpeg' };
    const cases: { parts: Part[]; status: number; message?: string }[] = [
      {
        parts: [good, { name: 'image', value: await jpeg(900, 900, { noise: true, quality: 100 }), fileName: 'big.jpg', contentType: 'image/jpeg' }],
        status: 413,
        message: petMessages.mainImageTooBig,
      },
      {
        parts: [good, { name: 'imagenes', value: Buffer.from('<?php echo 1; ?>'.repeat(50)), fileName: 'foto.jpg', contentType: 'image/jpeg' }],
        status: 415,
        message: petMessages.notAnImage,
      },
      {
        parts: [good, { name: 'videos', value: await jpeg(), fileName: 'video.mp4', contentType: 'video/mp4' }],
        status: 415,
        message: petMessages.notAVideo,
      },
      {
        parts: [good, { name: 'imagenes', value: Buffer.alloc(0), fileName: 'vacia.jpg', contentType: 'image/jpeg' }],
        status: 400,
        message: petMessages.fileEmpty,
      },
      {
        parts: [good, { name: 'videos', value: Buffer.alloc(0), fileName: 'vacio.mp4', contentType: 'video/mp4' }],
        status: 400,
        message: petMessages.fileEmpty,
      },
      {
        // Issue 33.4: 24 megapixels of AVIF declared in 300 bytes, refused from its header before any decode.
        parts: [good, { name: 'imagenes', value: await avifClaiming(6000, 4000), fileName: 'grande.avif', contentType: 'image/avif' }],
        status: 400,
        message: petMessages.publicAvifTooManyPixels,
      },
      { parts: Array.from({ length: 11 }, () => good), status: 413, message: intakeMessages.tooManyImages },
      {
        parts: [
          good,
          ...Array.from({ length: 4 }, (_, i) => ({ name: 'videos', value: videoBytes.webm(), fileName: `v${i}.webm`, contentType: 'video/webm' })),
        ],
        status: 413,
        message: intakeMessages.tooManyVideos,
      },
    ];
    for (const { parts, status, message } of cases) {
      const res = await register([...registrationFields(), ...parts]);
      const body = errorOf(res, status);
      if (message) expect(body.message).toBe(message);
    }
    // An upload cut mid-video: the body ends before the form does.
    const form = multipart([
      ...registrationFields(),
      good,
      { name: 'videos', value: videoBytes.mp4(200_000), fileName: 'v.mp4', contentType: 'video/mp4' },
    ]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/public/registro-mascota',
      payload: form.payload.subarray(0, form.payload.length - 100_000),
      headers: form.headers,
    });
    errorOf(cut, 400);
    expect(await storedRequestFiles()).toEqual(filesBefore);
    expect(await requestCount()).toBe(rowsBefore);
  });

  it('the race for the last place: several submissions at once, exactly one wins and losers leave no file', async () => {
    const link = await createLink(2);
    expect((await register(registrationFields({ enlaceId: link.id }))).statusCode).toBe(201);
    const filesBefore = await storedRequestFiles();
    const image = await jpeg();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        register([
          ...registrationFields({ enlaceId: link.id, nombre: `Gato ${i}` }),
          { name: 'imagenes', value: image, fileName: 'a.jpg', contentType: 'image/jpeg' },
        ]),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422))
      expect(r.json<{ message: string }>().message).toBe(intakeMessages.linkInvalid.sin_cupo);
    const [row] = await t.database.db.select().from(enlaceRegistro).where(eq(enlaceRegistro.id, link.id));
    expect(row!.usados).toBe(2);
    const rows = await t.database.db.select().from(publicationRequest).where(eq(publicationRequest.enlaceId, link.id));
    expect(rows).toHaveLength(2);
    // The winner's image and its thumbnail, nothing else.
    const added = (await storedRequestFiles()).filter((k) => !filesBefore.includes(k));
    expect(added.sort()).toEqual(
      rows
        .flatMap((r) => r.media.map((m) => m.key))
        .flatMap((k) => [k, k.replace(/\/([^/]+)$/, '/thumbs/$1.webp')])
        .sort(),
    );
  });

  it('review: list pending first with the link and package; approve creates a draft pet with its media; deciding twice is 409', async () => {
    const link = await createLink(5);
    const res = await register([
      ...registrationFields({ enlaceId: link.id, nombre: 'Tango' }),
      { name: 'image', value: await jpeg(40, 30), fileName: 'principal.jpg', contentType: 'image/jpeg' },
      { name: 'imagenes', value: await png(), fileName: 'b.png', contentType: 'image/png' },
      { name: 'imagenes', value: await jpeg(20, 20), fileName: 'c.jpg', contentType: 'image/jpeg' },
      { name: 'videos', value: videoBytes.webm(4096), fileName: 'juego.webm', contentType: 'video/webm' },
    ]);
    const { id } = res.json<{ id: number }>();
    const list = await asStaff('GET', '/api/solicitudes-publicacion');
    const items = list.json<{
      items: { id: number; estado: string; paqueteNombre: string | null; destinatario: string | null; thumbnailUrl: string | null }[];
    }>().items;
    const firstDecided = items.findIndex((i) => i.estado !== 'pendiente');
    expect(firstDecided === -1 || items.slice(firstDecided).every((i) => i.estado !== 'pendiente')).toBe(true);
    expect(items.find((i) => i.id === id)).toMatchObject({ destinatario: 'Ana Rescates', paqueteNombre: link.paqueteNombre });

    // Two approvals racing: one pet.
    errorOf(await asStaff('POST', `/api/solicitudes-publicacion/${id}/aprobar`, { procedencia: 'perrera' }), 400);
    const origin = { procedencia: 'rescate', procedenciaDetalle: 'Polígono de Vicálvaro' };
    const [a, b] = await Promise.all([
      asStaff('POST', `/api/solicitudes-publicacion/${id}/aprobar`, origin),
      asStaff('POST', `/api/solicitudes-publicacion/${id}/aprobar`, origin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const { mascotaId } = (a.statusCode === 200 ? a : b).json<{ mascotaId: number }>();
    errorOf(await asStaff('POST', `/api/solicitudes-publicacion/${id}/rechazar`, { motivo: 'tarde' }), 409);

    const pet = (await asStaff('GET', `/phpApi/mascota/${mascotaId}`)).json<{ nombre: string; estado: string; imagenprincipal: string }>();
    expect(pet).toMatchObject({ nombre: 'Tango', estado: 'borrador', procedencia: 'rescate', procedenciaDetalle: 'Polígono de Vicálvaro' });
    expect(pet.imagenprincipal).not.toBe('');
    const images = (await asStaff('GET', `/phpApi/mascota/${mascotaId}/imagenes`)).json<{ url: string }[]>();
    expect(images).toHaveLength(2);
    // A draft: its files are for staff.
    expect((await asStaff('GET', images[0]!.url)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: images[0]!.url })).statusCode).toBe(404);
    const videos = (await asStaff('GET', `/api/mascotas/${mascotaId}/videos`)).json<{ name: string }[]>();
    expect(videos).toHaveLength(1);
    expect(videos[0]!.name).toMatch(new RegExp(`^PET_VIDEO_${mascotaId}_\\d+_juego\\.webm$`));
    expect(await t.database.db.select().from(petImage).where(eq(petImage.petId, mascotaId))).toHaveLength(2);
    const detail = (await asStaff('GET', `/api/solicitudes-publicacion/${id}`)).json<unknown>();
    expect(detail).toMatchObject({ estado: 'aprobada', mascotaId });
  });

  it('review: reject with a reason; rejecting or approving again is 409; media leave after the retention period', async () => {
    const res = await register([
      ...registrationFields({ nombre: 'Rechazo' }),
      { name: 'imagenes', value: await jpeg(), fileName: 'r.jpg', contentType: 'image/jpeg' },
    ]);
    const { id } = res.json<{ id: number }>();
    expect(errorOf(await asStaff('POST', `/api/solicitudes-publicacion/${id}/rechazar`, { motivo: ' ' }), 400).fieldErrors).toEqual({
      motivo: intakeMessages.rejectReasonRequired,
    });
    const rejected = await asStaff('POST', `/api/solicitudes-publicacion/${id}/rechazar`, { motivo: 'Datos incompletos' });
    expect(rejected.json()).toMatchObject({ estado: 'rechazada', motivoRechazo: 'Datos incompletos' });
    errorOf(await asStaff('POST', `/api/solicitudes-publicacion/${id}/aprobar`), 409);
    errorOf(await asStaff('POST', `/api/solicitudes-publicacion/${id}/rechazar`, { motivo: 'otra vez' }), 409);
    errorOf(await asStaff('POST', '/api/solicitudes-publicacion/999999/aprobar'), 404);

    const [row] = await t.database.db.select().from(publicationRequest).where(eq(publicationRequest.id, id));
    const keys = row!.media.map((m) => m.key);
    // An orphan left by a crashed submission, old enough to collect.
    await t.app.storage.put('solicitudes/abandonada/imagen-1.jpg', Readable.from(['x']));
    expect(await t.app.requestMediaSweep.collect()).toEqual([]);
    const later = Date.now() + 31 * 86_400_000;
    const removed = await t.app.requestMediaSweep.collect(later);
    expect(removed).toEqual(expect.arrayContaining([...keys, 'solicitudes/abandonada/imagen-1.jpg']));
    const [after] = await t.database.db.select().from(publicationRequest).where(eq(publicationRequest.id, id));
    expect(after!.media).toEqual([]);
    // Pending requests keep theirs.
    for (const r of await t.database.db.select().from(publicationRequest).where(eq(publicationRequest.estado, 'pendiente'))) {
      for (const m of r.media) expect(await t.app.storage.head(m.key)).toBeDefined();
    }
  });
});
