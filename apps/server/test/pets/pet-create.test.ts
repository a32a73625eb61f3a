import type { Readable } from 'node:stream';
import { idempotencyMessages } from '@refugio/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKey, pet } from '../../src/db/schema';
import { PUBLIC_URL, type Role, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type Part, jpeg, multipart, petFields } from '../helpers/media';

/**
 * `POST /phpApi/mascota/nueva`: all or nothing, and with an `Idempotency-Key` a retry answers the first pet, never a
 * second one. (A killed server process: create-crash.test.ts.)
 */
describe('creating a pet', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const create = (parts: Part[], key: string | undefined, as: Role = 'staff') => {
    const form = multipart(parts);
    return t.as(as).inject({
      method: 'POST',
      url: '/phpApi/mascota/nueva',
      payload: form.payload,
      headers: { ...form.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    });
  };
  const petsNamed = (nombre: string) => t.database.db.select().from(pet).where(eq(pet.nombre, nombre));
  const withImage = async (nombre: string) => [
    ...petFields({ nombre }),
    { name: 'image', value: await jpeg(40, 30), fileName: 'luna.jpg', contentType: 'image/jpeg' },
  ];

  it('answers a retry with the same key and request with the first answer, creating one pet', async () => {
    const parts = await withImage('Reintento');
    const first = await create(parts, 'alta-0001');
    expect(first.statusCode, first.body).toBe(200);
    const again = await create(parts, 'alta-0001');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await petsNamed('Reintento');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.imagenPrincipal).toBeTruthy();
    // Still the first answer after the pet was edited.
    const { id } = first.json<{ id: number }>();
    const edit = multipart(petFields({ nombre: 'Reintento' }));
    await t.as('staff').inject({ method: 'POST', url: `/phpApi/mascota/${id}/actualizar`, payload: edit.payload, headers: edit.headers });
    expect((await create(parts, 'alta-0001')).json()).toEqual({ status: 'OK', id, version: 1 });
  });

  it('answers the same key with a different request 422 in Spanish, creating nothing', async () => {
    expect((await create(petFields({ nombre: 'Original' }), 'alta-0002')).statusCode).toBe(200);
    const other = await create(petFields({ nombre: 'Distinta' }), 'alta-0002');
    expect(expectErrorShape(other, 422, 'UNPROCESSABLE').message).toBe(idempotencyMessages.keyReused);
    expect(await petsNamed('Distinta')).toHaveLength(0);
    // The same fields with another main image are another request too.
    const withOtherImage = await create([...petFields({ nombre: 'Original' }), ...(await withImage('x')).slice(-1)], 'alta-0002');
    expectErrorShape(withOtherImage, 422, 'UNPROCESSABLE');
  });

  it.each([
    ['empty', ''],
    ['201 characters', 'k'.repeat(201)],
    ['a non-ASCII character', 'clave-ñ'],
    ['a control character', 'clave\u0001'],
  ])('refuses a key that is %s with 400 in Spanish, creating nothing', async (_label, key) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/phpApi/mascota/nueva',
      ...multipart(petFields({ nombre: 'Clave mala' })),
      headers: { ...multipart([]).headers, origin: PUBLIC_URL, cookie: await t.as('staff').cookie(), 'idempotency-key': key },
    });
    expect(expectErrorShape(res, 400, 'BAD_REQUEST').message).toBe(idempotencyMessages.keyInvalid);
    expect(await petsNamed('Clave mala')).toHaveLength(0);
  });

  it('accepts 200 printable ASCII characters, spaces inside included', async () => {
    const key = Array.from({ length: 200 }, (_, i) => (i === 100 ? ' ' : String.fromCharCode(0x21 + (i % 94)))).join('');
    expect((await create(petFields({ nombre: 'Clave larga' }), key)).statusCode).toBe(200);
    expect((await create(petFields({ nombre: 'Clave larga' }), key)).statusCode).toBe(200);
    expect(await petsNamed('Clave larga')).toHaveLength(1);
  });

  it("keeps each person's keys apart", async () => {
    const parts = petFields({ nombre: 'Compartida' });
    const mine = await create(parts, 'alta-comun');
    const theirs = await create(parts, 'alta-comun', 'admin');
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<{ id: number }>().id).not.toBe(mine.json<{ id: number }>().id);
  });

  it('creates one pet for two requests with one key at once (real parallel HTTP requests)', async () => {
    const cookie = await t.as('staff').cookie();
    const form = multipart(await withImage('A la vez'));
    const send = () =>
      fetch(`${base}/phpApi/mascota/nueva`, {
        method: 'POST',
        headers: { ...form.headers, origin: PUBLIC_URL, cookie, 'idempotency-key': 'alta-a-la-vez' },
        body: new Uint8Array(form.payload),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const answers = await Promise.all([send(), send(), send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const rows = await petsNamed('A la vez');
    expect(rows).toHaveLength(1);
    // The losers' image files (stored under ids they reserved but never used) were removed.
    const ids = new Set((await t.database.db.select({ id: pet.id }).from(pet)).map((r) => r.id));
    const stray = (await t.app.storage.list('productos/')).map((o) => o.key).filter((k) => !ids.has(Number(k.split('/')[1])));
    expect(stray).toEqual([]);
  });

  it('forgets a key after 24 hours: the same key then creates again, and the scheduled job removes expired keys', async () => {
    const parts = petFields({ nombre: 'Caducada' });
    expect((await create(parts, 'alta-vieja')).statusCode).toBe(200);
    await t.database.db
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKey.key, 'alta-vieja'));
    expect((await create(parts, 'alta-vieja')).statusCode).toBe(200);
    expect(await petsNamed('Caducada')).toHaveLength(2);

    await t.database.db
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKey.key, 'alta-vieja'));
    // The scheduled jobs of this period, the idempotency keys' included, run.
    await t.app.jobs.tick();
    expect(await t.database.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, 'alta-vieja'))).toHaveLength(0);
  });

  it('inserts the row only once its image and thumbnail are stored: dying while storing leaves no pet', async () => {
    const parts = await withImage('Lenta');
    const put = t.app.storage.put.bind(t.app.storage);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached = () => {};
    const storing = new Promise<void>((resolve) => (reached = resolve));
    t.app.storage.put = async (key: string, body: Readable, options?: { contentType?: string }) => {
      if (key.includes('/thumbs/')) {
        reached();
        await gate;
      }
      return put(key, body, options);
    };
    try {
      const pending = create(parts, 'alta-lenta');
      await storing;
      // A kill -9 here would leave the image file alone, which the orphan sweep collects: no row to see.
      expect(await petsNamed('Lenta')).toHaveLength(0);
      release();
      expect((await pending).statusCode).toBe(200);
    } finally {
      t.app.storage.put = put;
    }
    const [row] = await petsNamed('Lenta');
    expect(row?.imagenPrincipal).toBeTruthy();
    expect(await t.app.storage.head(`productos/${row!.id}/thumbs/${row!.imagenPrincipal}.webp`)).toBeDefined();
  });

  it('leaves no pet when storing its image fails (all or nothing), and the retry with the key then creates it', async () => {
    const parts = await withImage('Sin disco');
    const put = t.app.storage.put.bind(t.app.storage);
    let calls = 0;
    // The thumbnail write fails, as a full disk would.
    t.app.storage.put = async (key: string, body: Readable, options?: { contentType?: string }) => {
      calls += 1;
      if (key.includes('/thumbs/')) {
        body.resume();
        throw new Error('disco lleno');
      }
      return put(key, body, options);
    };
    try {
      expect((await create(parts, 'alta-sin-disco')).statusCode).toBe(500);
    } finally {
      t.app.storage.put = put;
    }
    expect(calls).toBeGreaterThan(0);
    expect(await petsNamed('Sin disco')).toHaveLength(0);
    const retry = await create(parts, 'alta-sin-disco');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await petsNamed('Sin disco')).toHaveLength(1);
  });
});
