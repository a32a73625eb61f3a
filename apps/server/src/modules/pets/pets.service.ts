import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ADMIN_ROLE,
  type ListPetsQuery,
  type Pet,
  type PetFields,
  type PetImage,
  formatFechaIngreso,
  petImageUrl,
  petMessages,
  petThumbnailUrl,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { processImage } from '../../media/images';
import type { SessionUser } from '../../plugins/access';
import type { StorageProvider } from '../../storage/storage-provider';
import { type PetImageRow, type PetInsert, type PetView, type PetsRepository, createPetsRepository } from './pets.repository';

export interface PetsContext {
  db: Database;
  storage: StorageProvider;
  log: FastifyBaseLogger;
}

export const imageKey = (petId: number, fileName: string) => `productos/${petId}/${fileName}`;
export const thumbnailKey = (petId: number, fileName: string) => `productos/${petId}/thumbs/${fileName}.webp`;

function newImageFileName(extension: string): string {
  return `${Date.now()}_${randomBytes(4).toString('hex')}.${extension}`;
}

export function toPetDto(row: PetView): Pet {
  const main = row.imagenPrincipal;
  return {
    id: row.id,
    nombre: row.nombre,
    edad: row.edad,
    tipo: row.tipo,
    genero: row.genero,
    tamano: row.tamano,
    fechaingreso: formatFechaIngreso(row.fechaIngreso ?? ''),
    personalidad: row.personalidad,
    historia: row.historia,
    adoptado: row.adoptado ? '1' : '0',
    discapacidad: row.discapacidad ? '1' : '0',
    tags: JSON.stringify(row.tags),
    imagenprincipal: main ?? '',
    imagenprincipalUrl: main ? petImageUrl(row.id, main) : null,
    thumbnailUrl: main ? petThumbnailUrl(row.id, main) : null,
    estado: row.estadoEfectivo as Pet['estado'],
    publicarEn: row.publicarEn?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

export function toPetImageDto(row: PetImageRow): PetImage {
  return {
    id: row.id,
    nombre: row.nombre,
    orden: row.orden,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    url: petImageUrl(row.petId, row.nombre),
    thumbnailUrl: petThumbnailUrl(row.petId, row.nombre),
  };
}

function toColumns(fields: PetFields): Partial<PetInsert> {
  return {
    nombre: fields.nombre,
    edad: fields.edad,
    tipo: fields.tipo,
    genero: fields.genero,
    tamano: fields.tamano,
    discapacidad: fields.discapacidad === '1',
    adoptado: fields.adoptado === '1',
    fechaIngreso: fields.fechaingreso === '' ? null : fields.fechaingreso,
    personalidad: fields.personalidad,
    historia: fields.historia,
    tags: fields.tags,
    ...(fields.estado === undefined ? {} : { estado: fields.estado }),
    ...(fields.publicarEn === undefined ? {} : { publicarEn: fields.publicarEn === null ? null : new Date(fields.publicarEn) }),
  };
}

async function requirePet(repo: PetsRepository, id: number): Promise<PetView> {
  const row = await repo.findById(id);
  if (!row) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
  return row;
}

/** Stores an image and its thumbnail; returns the stored file name. Nothing is left behind on failure. */
async function storeImage(ctx: PetsContext, petId: number, image: Awaited<ReturnType<typeof processImage>>): Promise<string> {
  const fileName = newImageFileName(image.extension);
  await ctx.storage.put(imageKey(petId, fileName), Readable.from([image.data]), { contentType: image.contentType });
  try {
    await ctx.storage.put(thumbnailKey(petId, fileName), Readable.from([image.thumbnail]), { contentType: 'image/webp' });
  } catch (error) {
    await ctx.storage.delete(imageKey(petId, fileName));
    throw error;
  }
  return fileName;
}

/** Removes an image file and its thumbnail; a failure is logged, never surfaced (the row is already gone). */
async function removeImageFiles(ctx: PetsContext, petId: number, fileName: string): Promise<void> {
  try {
    await ctx.storage.delete(thumbnailKey(petId, fileName));
    await ctx.storage.delete(imageKey(petId, fileName));
  } catch (error) {
    ctx.log.warn({ err: error, petId, fileName }, 'could not remove image files; they will be orphans');
  }
}

export async function listPets(ctx: PetsContext, query: ListPetsQuery) {
  const repo = createPetsRepository(ctx.db);
  const { rows, total, totalExact } = await repo.list(query);
  const open = await repo.countOpenAdoptionRequests(rows.map((r) => r.id));
  const items = rows.map((row) => ({ ...toPetDto(row), solicitudesAbiertas: open.get(row.id) ?? 0 }));
  return { items, total, totalExact, page: query.page, pageSize: query.pageSize };
}

export async function getPet(ctx: PetsContext, id: number): Promise<Pet> {
  return toPetDto(await requirePet(createPetsRepository(ctx.db), id));
}

/** A pet anybody may see: live and published (scheduled ones whose time has come included). */
export async function isPublic(ctx: PetsContext, id: number): Promise<boolean> {
  const row = await createPetsRepository(ctx.db).findById(id);
  return row?.estadoEfectivo === 'publicada';
}

export async function createPet(ctx: PetsContext, actor: SessionUser, fields: PetFields, mainImage: Buffer | undefined): Promise<PetView> {
  const processed = mainImage ? await processImage(mainImage) : undefined;
  const repo = createPetsRepository(ctx.db);
  // The row first (its id names the folder), then the file, then the row points at it.
  const created = await repo.insert({ ...(toColumns(fields) as PetInsert), createdBy: actor.id, updatedBy: actor.id });
  if (!processed) return (await repo.findById(created.id))!;
  let fileName: string;
  try {
    fileName = await storeImage(ctx, created.id, processed);
  } catch (error) {
    // Never seen by anybody: no trace of it should remain.
    await repo.purge(created.id);
    throw error;
  }
  await repo.update(created.id, { imagenPrincipal: fileName });
  return (await repo.findById(created.id))!;
}

export async function updatePet(
  ctx: PetsContext,
  actor: SessionUser,
  id: number,
  fields: PetFields,
  mainImage: Buffer | undefined,
): Promise<PetView> {
  const repo = createPetsRepository(ctx.db);
  const before = await requirePet(repo, id);
  if (fields.version !== undefined && fields.version !== before.version) throw new AppError('CONFLICT', { message: petMessages.stale });
  const processed = mainImage ? await processImage(mainImage) : undefined;
  const newFile = processed ? await storeImage(ctx, id, processed) : undefined;
  const updated = await repo.update(
    id,
    { ...toColumns(fields), updatedBy: actor.id, ...(newFile ? { imagenPrincipal: newFile } : {}) },
    fields.version ?? before.version,
  );
  if (!updated) {
    if (newFile) await removeImageFiles(ctx, id, newFile);
    // Somebody saved (or deleted) between our read and our write.
    if (!(await repo.findById(id))) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
    throw new AppError('CONFLICT', { message: petMessages.stale });
  }
  if (newFile && before.imagenPrincipal) await removeImageFiles(ctx, id, before.imagenPrincipal);
  return (await repo.findById(id))!;
}

export async function setAdopted(ctx: PetsContext, actor: SessionUser, id: number, adoptado: '0' | '1', version: number | undefined): Promise<Pet> {
  const repo = createPetsRepository(ctx.db);
  const before = await requirePet(repo, id);
  const updated = await repo.update(id, { adoptado: adoptado === '1', updatedBy: actor.id }, version ?? before.version);
  if (!updated) throw new AppError('CONFLICT', { message: petMessages.stale });
  return toPetDto((await repo.findById(id))!);
}

/** Soft delete: the record and its media stay until purged, so the deletion can be undone. */
export async function deletePet(ctx: PetsContext, actor: SessionUser, id: number): Promise<void> {
  const row = await createPetsRepository(ctx.db).setDeleted(id, actor.id);
  if (!row) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
}

export async function restorePet(ctx: PetsContext, actor: SessionUser, id: number): Promise<Pet> {
  const repo = createPetsRepository(ctx.db);
  const row = await repo.findById(id, { includeDeleted: true });
  if (!row?.deletedAt) throw new AppError('NOT_FOUND', { message: petMessages.notFound });
  if (actor.role !== ADMIN_ROLE && row.deletedBy !== actor.id) throw new AppError('FORBIDDEN', { message: petMessages.restoreForbidden });
  await repo.setDeleted(id, null);
  return toPetDto((await repo.findById(id))!);
}

export async function listImages(ctx: PetsContext, petId: number): Promise<PetImage[]> {
  const repo = createPetsRepository(ctx.db);
  await requirePet(repo, petId);
  return (await repo.listImages(petId)).map(toPetImageDto);
}

export async function addImage(ctx: PetsContext, petId: number, data: Buffer): Promise<PetImage> {
  const repo = createPetsRepository(ctx.db);
  await requirePet(repo, petId);
  const processed = await processImage(data);
  const fileName = await storeImage(ctx, petId, processed);
  try {
    const row = await repo.insertImage({
      petId,
      nombre: fileName,
      width: processed.width,
      height: processed.height,
      bytes: processed.data.length,
      contentHash: processed.contentHash,
    });
    return toPetImageDto(row);
  } catch (error) {
    await removeImageFiles(ctx, petId, fileName);
    throw error;
  }
}

export async function deleteImage(ctx: PetsContext, petId: number, imageId: number): Promise<void> {
  const repo = createPetsRepository(ctx.db);
  await requirePet(repo, petId);
  const row = await repo.deleteImage(petId, imageId);
  if (!row) throw new AppError('NOT_FOUND', { message: petMessages.imageNotFound });
  await removeImageFiles(ctx, petId, row.nombre);
}

export async function reorderImages(ctx: PetsContext, petId: number, ids: number[]): Promise<PetImage[]> {
  return ctx.db.transaction(async (tx) => {
    const repo = createPetsRepository(tx);
    await requirePet(repo, petId);
    const current = await repo.listImages(petId);
    const same = ids.length === current.length && new Set(ids).size === ids.length && current.every((img) => ids.includes(img.id));
    if (!same)
      throw new AppError('VALIDATION_ERROR', { message: petMessages.imageOrderInvalid, fieldErrors: { ids: petMessages.imageOrderInvalid } });
    for (const [index, imageId] of ids.entries()) await repo.setImageOrder(imageId, index + 1);
    return (await repo.listImages(petId)).map(toPetImageDto);
  });
}

/** The gallery image becomes the main image; the previous main image (if any) joins the gallery. */
export async function makeMainImage(ctx: PetsContext, actor: SessionUser, petId: number, imageId: number): Promise<Pet> {
  return ctx.db.transaction(async (tx) => {
    const repo = createPetsRepository(tx);
    const current = await requirePet(repo, petId);
    const image = await repo.findImage(petId, imageId);
    if (!image) throw new AppError('NOT_FOUND', { message: petMessages.imageNotFound });
    await repo.deleteImage(petId, imageId);
    if (current.imagenPrincipal) {
      const stored = await ctx.storage.get(imageKey(petId, current.imagenPrincipal));
      if (stored) {
        const chunks: Buffer[] = [];
        for await (const chunk of stored.body) chunks.push(chunk as Buffer);
        const data = Buffer.concat(chunks);
        const meta = await sharp(data).metadata();
        await repo.insertImage({
          petId,
          nombre: current.imagenPrincipal,
          width: meta.width ?? 0,
          height: meta.height ?? 0,
          bytes: data.length,
          contentHash: createHash('sha256').update(data).digest('hex'),
        });
      }
    }
    await repo.update(petId, { imagenPrincipal: image.nombre, updatedBy: actor.id });
    return toPetDto((await repo.findById(petId))!);
  });
}
