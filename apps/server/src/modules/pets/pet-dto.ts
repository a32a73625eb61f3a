import { type Pet, type PetFields, type PetImage, type PetLocation, formatFechaIngreso, petImageUrl, petThumbnailUrl } from '@refugio/contracts';
import type { PetImageRow, PetInsert, PetView } from './pets.repository';

/*
 * A pet's rows as its answers show them, and a form's fields as the columns they write. Pure: the pets service,
 * its images and the port (which hands `toPetDto` and the history's fields to other modules) all read them here.
 */

/** The pet's columns its history names (PetHistoryField). */
export const PET_HISTORY_FIELDS = [
  'nombre',
  'edad',
  'tipo',
  'genero',
  'tamano',
  'discapacidad',
  'adoptado',
  'fechaIngreso',
  'personalidad',
  'historia',
  'tags',
  'estado',
  'publicarEn',
  'imagenPrincipal',
  'raza',
  'color',
  'fechaNacimiento',
  'fechaNacimientoAprox',
  'microchip',
  'esterilizado',
  'fechaEsterilizacion',
  'procedencia',
  'procedenciaDetalle',
] as const;

/** The moment a row stops being true by itself: a scheduled pet reads 'publicada' from its publication time. */
export function petExpiresAt(row: Pick<PetView, 'estado' | 'publicarEn'>): number | undefined {
  return row.estado === 'programada' && row.publicarEn ? row.publicarEn.getTime() : undefined;
}

/** Where the pet is, as its answers show it (`persona` only when its name is known). */
export function toPetLocation(row: Pick<PetView, 'ubicacion' | 'ubicacionPersonaId' | 'ubicacionDesde'>, personaNombre?: string | null): PetLocation {
  return {
    tipo: row.ubicacion as PetLocation['tipo'],
    ...(row.ubicacionPersonaId !== null && personaNombre != null ? { persona: { id: row.ubicacionPersonaId, nombre: personaNombre } } : {}),
    desde: row.ubicacionDesde,
  };
}

export function toPetDto(row: PetView, personaNombre?: string | null): Pet {
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
    raza: row.raza,
    color: row.color,
    fechaNacimiento: row.fechaNacimiento ?? '',
    fechaNacimientoAprox: row.fechaNacimientoAprox ? '1' : '0',
    microchip: row.microchip ?? '',
    esterilizado: row.esterilizado as Pet['esterilizado'],
    fechaEsterilizacion: row.fechaEsterilizacion ?? '',
    procedencia: (row.procedencia ?? '') as Pet['procedencia'],
    procedenciaDetalle: row.procedenciaDetalle,
    pesoKg: row.pesoKg,
    ubicacion: toPetLocation(row, personaNombre),
    campos: row.campos,
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

export function toColumns(fields: PetFields): Partial<PetInsert> {
  return {
    nombre: fields.nombre,
    edad: fields.edad,
    tipo: fields.tipo,
    genero: fields.genero,
    tamano: fields.tamano,
    discapacidad: fields.discapacidad === '1',
    fechaIngreso: fields.fechaingreso === '' ? null : fields.fechaingreso,
    personalidad: fields.personalidad,
    historia: fields.historia,
    tags: fields.tags,
    ...(fields.estado === undefined ? {} : { estado: fields.estado }),
    ...(fields.publicarEn === undefined ? {} : { publicarEn: fields.publicarEn === null ? null : new Date(fields.publicarEn) }),
    ...identityColumns(fields),
  };
}

/** The identity fields sent (a field not sent keeps its value; '' clears it). */
function identityColumns(fields: PetFields): Partial<PetInsert> {
  const columns: Partial<PetInsert> = {};
  if (fields.raza !== undefined) columns.raza = fields.raza;
  if (fields.color !== undefined) columns.color = fields.color;
  if (fields.fechaNacimiento !== undefined) columns.fechaNacimiento = fields.fechaNacimiento || null;
  if (fields.fechaNacimientoAprox !== undefined) columns.fechaNacimientoAprox = fields.fechaNacimientoAprox === '1';
  if (fields.microchip !== undefined) columns.microchip = fields.microchip || null;
  if (fields.esterilizado !== undefined) columns.esterilizado = fields.esterilizado;
  if (fields.fechaEsterilizacion !== undefined) columns.fechaEsterilizacion = fields.fechaEsterilizacion || null;
  if (fields.procedencia !== undefined) columns.procedencia = fields.procedencia || null;
  if (fields.procedenciaDetalle !== undefined) columns.procedenciaDetalle = fields.procedenciaDetalle;
  return columns;
}
