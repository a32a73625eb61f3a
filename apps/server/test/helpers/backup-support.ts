import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tablesInDependencyOrder } from '../../src/backup/database-dump';
import type { Database } from '../../src/db/client';
import type { StorageProvider } from '../../src/storage/storage-provider';
import { jpeg, multipart, petFields, png, videoBytes } from './media';
import { PUBLIC_URL } from './helpers';

/** Every row of every table (as PostgreSQL renders it, sorted) and every stored object's checksum. */
export async function snapshotOf(
  db: Database,
  storage: StorageProvider,
): Promise<{ tables: Record<string, string[]>; media: Record<string, string> }> {
  const tables: Record<string, string[]> = {};
  for (const table of await tablesInDependencyOrder(db)) {
    const result: unknown = await db.execute(sql.raw(`SELECT row_to_json(t)::jsonb::text AS j FROM "${table}" t`));
    tables[table] = (result as { rows: { j: string }[] }).rows.map((r) => r.j).sort();
  }
  const media: Record<string, string> = {};
  for (const object of await storage.list('')) {
    const found = await storage.get(object.key);
    media[object.key] = createHash('sha256')
      .update(await buffer(found!.body))
      .digest('hex');
  }
  return { tables, media };
}

export interface Populated {
  petWithMedia: number;
  deletedPet: number;
  imageName: string;
  galleryName: string;
  videoUrl: string;
  video: Buffer;
  /** A care record of petWithMedia, with a PNG attachment (staff-only download URL and bytes). */
  careRecordId: number;
  attachmentUrl: string;
  attachment: Buffer;
}

/** Pets with a main image, a gallery image and a video, and a soft-deleted pet, made through the real routes. */
export async function populate(
  send: (request: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: Buffer; headers?: Record<string, string> }) => Promise<{
    statusCode: number;
    body: string;
  }>,
  origin: string,
): Promise<Populated> {
  const json = async <T>(p: ReturnType<typeof send>): Promise<T> => {
    const res = await p;
    if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as T;
  };
  const form = multipart([
    ...petFields({
      nombre: 'Ñandú',
      historia: 'Llegó con "comillas", saltos\nde línea y emojis 🐾',
      estado: 'publicada',
      microchip: '941000012345678',
    }),
    { name: 'image', value: await jpeg(40, 30), fileName: 'principal.jpg', contentType: 'image/jpeg' },
  ]);
  const { id: petWithMedia } = await json<{ id: number }>(
    send({ method: 'POST', url: '/phpApi/mascota/nueva', payload: form.payload, headers: form.headers }),
  );
  const extra = multipart([{ name: 'file', value: await jpeg(20, 20), fileName: 'galería 1.jpg', contentType: 'image/jpeg' }]);
  await json(send({ method: 'POST', url: `/phpApi/mascota/${petWithMedia}/imagenes/nueva`, payload: extra.payload, headers: extra.headers }));
  const video = videoBytes.mp4(6000);
  const videoForm = multipart([{ name: 'file', value: video, fileName: 'paseo.mp4', contentType: 'video/mp4' }]);
  const { url: videoUrl } = await json<{ url: string }>(
    send({ method: 'POST', url: `/api/mascotas/${petWithMedia}/videos`, payload: videoForm.payload, headers: { ...videoForm.headers, origin } }),
  );
  const other = multipart(petFields({ nombre: 'Borrada' }));
  const { id: deletedPet } = await json<{ id: number }>(
    send({ method: 'POST', url: '/phpApi/mascota/nueva', payload: other.payload, headers: other.headers }),
  );
  await json(send({ method: 'POST', url: `/phpApi/mascota/${deletedPet}/eliminar` }));
  const record = JSON.stringify({ tipo: 'vacuna', nombre: 'Rabia', fechaRealizada: '2025-03-05', lote: 'RB-1' });
  const { id: careRecordId } = await json<{ id: number }>(
    send({
      method: 'POST',
      url: `/api/mascotas/${petWithMedia}/salud`,
      payload: Buffer.from(record),
      headers: { 'content-type': 'application/json' },
    }),
  );
  const attachment = await png(24, 24);
  const attachmentForm = multipart([{ name: 'file', value: attachment, fileName: 'cartilla.png', contentType: 'image/png' }]);
  const { url: attachmentUrl } = await json<{ url: string }>(
    send({ method: 'POST', url: `/api/salud/${careRecordId}/adjuntos`, payload: attachmentForm.payload, headers: attachmentForm.headers }),
  );
  const pet = await json<{ imagenprincipal: string }>(send({ method: 'GET', url: `/phpApi/mascota/${petWithMedia}` }));
  const [gallery] = await json<{ nombre: string }[]>(send({ method: 'GET', url: `/phpApi/mascota/${petWithMedia}/imagenes` }));
  return {
    petWithMedia,
    deletedPet,
    imageName: pet.imagenprincipal,
    galleryName: gallery!.nombre,
    videoUrl,
    video,
    careRecordId,
    attachmentUrl,
    attachment,
  };
}

/** `populate`'s sender for an app in this process, signed in with `cookie`. */
export function injector(app: FastifyInstance, cookie: string) {
  return async (request: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: Buffer; headers?: Record<string, string> }) => {
    const res = await app.inject({ ...request, headers: { origin: PUBLIC_URL, ...request.headers, cookie } });
    return { statusCode: res.statusCode, body: res.body };
  };
}
