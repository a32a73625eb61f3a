import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { intakeMessages } from '@refugio/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pet, publicationRequest, uploadInProgress } from '../../src/db/schema';
import { LocalStorage } from '../../src/storage/local-storage';
import type { ByteRange, StorageProvider } from '../../src/storage/storage-provider';
import { STAFF, type TestApp, createTestApp } from '../helpers/helpers';
import { type Part, jpeg, multipart, videoBytes } from '../helpers/media';

function registrationFields(nombre: string): Part[] {
  const fields: Record<string, string> = {
    nombre,
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
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

/** The local disk, whose reads of request media can be held at a gate (a slow bucket) while the test acts. */
class GatedStorage extends LocalStorage implements StorageProvider {
  private gate: { reached: () => void; opened: Promise<void> } | undefined;

  /** Holds the next reads under `solicitudes/`; resolves `reached` when the first arrives. Returns `open`. */
  hold(): { reached: Promise<void>; open: () => void } {
    let reached!: () => void;
    let open!: () => void;
    const reachedP = new Promise<void>((r) => (reached = r));
    this.gate = { reached, opened: new Promise<void>((r) => (open = r)) };
    return { reached: reachedP, open: () => ((this.gate = undefined), open()) };
  }

  override async get(key: string, range?: ByteRange) {
    const gate = this.gate;
    if (gate && key.startsWith('solicitudes/')) {
      gate.reached();
      await gate.opened;
    }
    return super.get(key, range);
  }
}

describe('intake: storage work outside transactions, uploads in progress, missing files', () => {
  let t: TestApp;
  let root: string;
  let storage: GatedStorage;
  const db = () => t.database.db;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'refugio-media-'));
    storage = new GatedStorage(root);
    await storage.init();
    t = await createTestApp({}, { storage });
    await t.createUser(STAFF);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function submit(nombre: string): Promise<number> {
    const form = multipart([
      ...registrationFields(nombre),
      { name: 'image', value: await jpeg(), fileName: 'p.jpg', contentType: 'image/jpeg' },
      { name: 'imagenes', value: await jpeg(), fileName: 'g.jpg', contentType: 'image/jpeg' },
      { name: 'videos', value: videoBytes.webm(), fileName: 'juego.webm', contentType: 'video/webm' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/public/registro-mascota', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  const petFolderFiles = async (petId: number) => [
    ...(await storage.list(`images/${petId}/`)),
    ...(await storage.list('videos/')).filter((o) => o.key.includes(`PET_VIDEO_${petId}_`)),
  ];

  it('the request-media sweep leaves the files of an upload still in progress, however old they are', async () => {
    const form = multipart([
      ...registrationFields('Lenta'),
      { name: 'image', value: await jpeg(), fileName: 'p.jpg', contentType: 'image/jpeg' },
      { name: 'videos', value: videoBytes.webm(64 * 1024), fileName: 'lento.webm', contentType: 'video/webm' },
    ]);
    // Everything up to the middle of the video: the main image is stored, the video still arriving.
    const cut = form.payload.indexOf('lento.webm') + 2048;
    // Over a real socket: the body arrives in two pieces, the second when the test says so.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/public/registro-mascota', headers: form.headers });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      body.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      body.on('error', reject);
    });
    body.write(form.payload.subarray(0, cut));
    let stored: string[] = [];
    for (let i = 0; i < 200 && stored.length < 2; i++) {
      stored = (await storage.list('solicitudes/')).map((o) => o.key);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(stored).toHaveLength(2);
    // Those files were stored two hours ago as far as the sweep can tell (an upload running for that long).
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const key of stored) utimesSync(path.join(root, ...key.split('/')), twoHoursAgo, twoHoursAgo);
    expect(await t.app.requestMediaSweep.collect()).toEqual([]);
    body.end(form.payload.subarray(cut));
    const res = await answer;
    expect(res.status, res.text).toBe(201);
    // The mark is gone once the request points at the files, and they are all there.
    expect(await db().select().from(uploadInProgress)).toEqual([]);
    const [row] = await db()
      .select()
      .from(publicationRequest)
      .where(eq(publicationRequest.id, (JSON.parse(res.text) as { id: number }).id));
    for (const m of row!.media) expect(await storage.head(m.key)).toBeDefined();
  });

  it('an abandoned upload (its mark not renewed for an hour) is collected', async () => {
    const folder = 'solicitudes/abandonada000000000000/';
    await storage.put(`${folder}principal.jpg`, Readable.from([Buffer.from('x')]));
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(root, 'solicitudes', 'abandonada000000000000', 'principal.jpg'), old, old);
    await db().insert(uploadInProgress).values({ folder, lastSeenAt: old });
    expect(await t.app.requestMediaSweep.collect()).toEqual([`${folder}principal.jpg`]);
    expect(await db().select().from(uploadInProgress)).toEqual([]);
  });

  it('approval copies the files before its transaction: while it copies, the database serves others and the request can still be decided', async () => {
    const id = await submit('Copia');
    const gate = storage.hold();
    const approving = t.as('staff').inject({ method: 'POST', url: `/api/solicitudes-publicacion/${id}/aprobar` });
    await gate.reached;
    // On PGlite (one connection) nothing holds the database while files move; on either, no row lock is held.
    const read = await t.as('staff').inject({ method: 'GET', url: `/api/solicitudes-publicacion/${id}` });
    expect(read.statusCode).toBe(200);
    const rejected = await t
      .as('staff')
      .inject({ method: 'POST', url: `/api/solicitudes-publicacion/${id}/rechazar`, payload: { motivo: 'Duplicada' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    gate.open();
    const approval = await approving;
    expect(approval.statusCode).toBe(409);
    expect(approval.json<{ message: string }>().message).toBe(intakeMessages.requestAlreadyDecided);
    // The loser's copies are removed and no pet was written.
    expect(await db().select({ id: pet.id }).from(pet).where(eq(pet.nombre, 'Copia'))).toEqual([]);
    const maxPet = await db().execute(sql`SELECT last_value::int AS v FROM pet_id_seq`);
    const reserved = (maxPet as { rows: { v: number }[] }).rows[0]!.v;
    expect(await petFolderFiles(reserved)).toEqual([]);
  });

  it('approving a request one of whose files is gone answers 409 in Spanish and changes nothing', async () => {
    const id = await submit('Incompleta');
    const [row] = await db().select().from(publicationRequest).where(eq(publicationRequest.id, id));
    await storage.delete(row!.media.find((m) => m.kind === 'imagen')!.key);
    const before = await db().select({ id: pet.id }).from(pet);
    const res = await t.as('staff').inject({ method: 'POST', url: `/api/solicitudes-publicacion/${id}/aprobar` });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(intakeMessages.requestMediaMissing);
    expect(await db().select({ id: pet.id }).from(pet)).toEqual(before);
    const [after] = await db().select().from(publicationRequest).where(eq(publicationRequest.id, id));
    expect(after!.estado).toBe('pendiente');
    const seq = await db().execute(sql`SELECT last_value::int AS v FROM pet_id_seq`);
    expect(await petFolderFiles((seq as { rows: { v: number }[] }).rows[0]!.v)).toEqual([]);
  });
});
