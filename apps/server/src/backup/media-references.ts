import { sql } from 'drizzle-orm';
import { anyOf } from '../db/any-of';
import type { Database } from '../db/client';
import type { PublicationRequestMedia } from '../db/schema';
import { imageKey, thumbnailKey } from '../media/storage-keys';
import { requestThumbnailKey } from '../media/request-storage-keys';

type Executor = Pick<Database, 'execute'>;

/** A stored object a row points at: the key, and the row (table and id) that needs it. */
export interface MediaReference {
  key: string;
  table: string;
  id: string;
}

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Every media key the rows of the database point at, read in the caller's transaction (the backup's snapshot):
 * a pet's main image and its thumbnail, each gallery image and its thumbnail, and the files of publication
 * requests (images with their thumbnails, videos), the attachments of care records, the donors' certificates e-mailed, the photos of surrender requests and of lost and found reports. Videos of pets have no row: they are whatever storage holds.
 * A table that comes to point at stored files adds its keys here, so the backup keeps checking that every
 * archived row has its file.
 */
export async function mediaReferences(tx: Executor): Promise<MediaReference[]> {
  const found: MediaReference[] = [];
  const add = (table: string, id: string | number, ...keys: string[]) => {
    for (const key of keys) found.push({ key, table, id: String(id) });
  };
  // The photos of a .zip being imported, until the import ends (then its pets hold their own copies).
  for (const row of await rows<{ id: string; fotos: Record<string, { key?: string; thumbKey?: string }> | string }>(
    tx,
    sql`SELECT id, fotos FROM import_batch WHERE fotos IS NOT NULL AND estado IN ('analizada', 'en_curso')`,
  )) {
    const fotos = typeof row.fotos === 'string' ? (JSON.parse(row.fotos) as Record<string, { key?: string; thumbKey?: string }>) : row.fotos;
    for (const photo of Object.values(fotos)) if (photo.key && photo.thumbKey) add('import_batch', row.id, photo.key, photo.thumbKey);
  }
  for (const row of await rows<{ id: number; file: string }>(
    tx,
    sql`SELECT id, imagen_principal AS file FROM pet WHERE imagen_principal IS NOT NULL`,
  )) {
    add('pet', row.id, imageKey(row.id, row.file), thumbnailKey(row.id, row.file));
  }
  for (const row of await rows<{ id: number; pet: number; file: string }>(tx, sql`SELECT id, pet_id AS pet, nombre AS file FROM pet_image`)) {
    add('pet_image', row.id, imageKey(row.pet, row.file), thumbnailKey(row.pet, row.file));
  }
  for (const row of await rows<{ id: number; media: PublicationRequestMedia[] | string }>(
    tx,
    sql`SELECT id, media FROM publication_request WHERE jsonb_array_length(media) > 0`,
  )) {
    const media = typeof row.media === 'string' ? (JSON.parse(row.media) as PublicationRequestMedia[]) : row.media;
    for (const item of media) {
      if (item.kind === 'video') add('publication_request', row.id, item.key);
      else add('publication_request', row.id, item.key, requestThumbnailKey(item.key));
    }
  }
  for (const row of await rows<{ id: number; key: string }>(tx, sql`SELECT id, clave AS key FROM care_attachment`)) {
    add('care_attachment', row.id, row.key);
  }
  for (const row of await rows<{ id: number; fotos: { key: string; thumbKey: string }[] | string }>(
    tx,
    sql`SELECT id, fotos FROM foster_news WHERE jsonb_array_length(fotos) > 0`,
  )) {
    const fotos = typeof row.fotos === 'string' ? (JSON.parse(row.fotos) as { key: string; thumbKey: string }[]) : row.fotos;
    for (const photo of fotos) add('foster_news', row.id, photo.key, photo.thumbKey);
  }
  for (const row of await rows<{ id: number; key: string; signed: string | null }>(
    tx,
    sql`SELECT id, storage_key AS key, firmado_key AS signed FROM document`,
  )) {
    add('document', row.id, row.key, ...(row.signed ? [row.signed] : []));
  }
  for (const row of await rows<{ id: number; fotos: { key: string; thumbKey: string }[] | string }>(
    tx,
    sql`SELECT id, fotos FROM followup WHERE jsonb_array_length(fotos) > 0`,
  )) {
    const fotos = typeof row.fotos === 'string' ? (JSON.parse(row.fotos) as { key: string; thumbKey: string }[]) : row.fotos;
    for (const photo of fotos) add('followup', row.id, photo.key, photo.thumbKey);
  }
  for (const row of await rows<{ id: number; key: string }>(tx, sql`SELECT id, archivo AS key FROM donation_certificate WHERE archivo IS NOT NULL`)) {
    add('donation_certificate', row.id, row.key);
  }
  for (const row of await rows<{ id: number; fotos: { key: string; thumbKey: string }[] | string }>(
    tx,
    sql`SELECT id, fotos FROM surrender WHERE jsonb_array_length(fotos) > 0`,
  )) {
    const fotos = typeof row.fotos === 'string' ? (JSON.parse(row.fotos) as { key: string; thumbKey: string }[]) : row.fotos;
    for (const photo of fotos) add('surrender', row.id, photo.key, photo.thumbKey);
  }
  for (const row of await rows<{ id: number; fotos: { key: string; thumbKey: string }[] | string }>(
    tx,
    sql`SELECT id, fotos FROM lost_found_report WHERE jsonb_array_length(fotos) > 0`,
  )) {
    const fotos = typeof row.fotos === 'string' ? (JSON.parse(row.fotos) as { key: string; thumbKey: string }[]) : row.fotos;
    for (const photo of fotos) add('lost_found_report', row.id, photo.key, photo.thumbKey);
  }
  return found;
}

/** The tables whose rows point at media, in the order their rows are locked (a pet's row first, as writers do). */
const LOCK_ORDER = [
  'pet',
  'pet_image',
  'publication_request',
  'care_attachment',
  'foster_news',
  'document',
  'followup',
  'donation_certificate',
  'surrender',
  'lost_found_report',
] as const;

/**
 * Inside the snapshot's transaction: share-locks the rows of `references` as the snapshot saw them, so none of
 * them is changed or deleted (and so none of their files removed, since files go after their rows' commit)
 * until the transaction ends. A row changed since the snapshot was taken fails with PostgreSQL's serialization
 * error (40001); a lock not granted within `lockTimeoutMs` fails with 55P03: the caller takes a new snapshot.
 */
export async function lockReferencingRows(tx: Executor, references: readonly MediaReference[], lockTimeoutMs = 10_000): Promise<void> {
  await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`));
  for (const table of LOCK_ORDER) {
    const ids = [...new Set(references.filter((r) => r.table === table).map((r) => Number(r.id)))].sort((a, b) => a - b);
    if (ids.length === 0) continue;
    await tx.execute(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE ${anyOf(sql.raw('id'), ids)} ORDER BY id FOR SHARE`);
  }
  // Import batches have text ids: locked last, so the import cannot end (and remove its photos) meanwhile.
  const batches = [...new Set(references.filter((r) => r.table === 'import_batch').map((r) => r.id))].sort();
  if (batches.length > 0) {
    await tx.execute(sql`SELECT 1 FROM import_batch WHERE ${anyOf(sql.raw('id'), batches)} ORDER BY id FOR SHARE`);
  }
}
