import {
  type ListPublicPetsQuery,
  type ListPublicPetsResponse,
  type PublicCareBadges,
  type PublicPet,
  dayInZone,
  formatCustomFieldValue,
  petImageUrl,
  petThumbnailUrl,
} from '@refugio/contracts';
import type { StorageProvider } from '../../storage/storage-provider';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TimeZoneSource } from '../organization/organization.port';
import { videoNameOf, videoPrefix } from '../../media/storage-keys';
import { type CarePort, NO_BADGES } from '../care/care.port';
import { videoUrl } from '../pets/pets.port';
import type { CustomFieldDefinition, CustomFieldsPort } from '../custom-fields/custom-fields.port';
import type { CatalogueRepository, PublicPetRow } from './catalogue.repository';

/** The public catalogue (DESIGN section 7): public pets with their public fields and media URLs only. */
export function createCatalogueService({
  repo,
  db,
  storage,
  care,
  timeZone,
  customFields,
}: {
  repo: CatalogueRepository;
  db: Database;
  storage: Pick<StorageProvider, 'list'>;
  /** The public care badges (four booleans per pet, nothing else of the records). */
  care: Pick<CarePort, 'publicBadges'>;
  /** The organisation's zone (the saved one, else ORG_TIME_ZONE): "deworming within 90 days" counts from its today. */
  timeZone: TimeZoneSource;
  /** The organisation's own fields: those marked `publico` show, for the pet's species, when they hold a value. */
  customFields: Pick<CustomFieldsPort, 'definitions'>;
}) {
  const publicFields = async () => (await customFields.definitions('mascota')).filter((f) => f.publico && !f.archivado);
  const badgesOf = async (ids: number[]) =>
    ids.length === 0 ? new Map<number, PublicCareBadges>() : care.publicBadges(db, ids, dayInZone(new Date(), await timeZone()));

  async function videosOf(petId: number): Promise<string[]> {
    const objects = await storage.list(videoPrefix(petId));
    return objects.map((o) => videoUrl(petId, videoNameOf(o.key)));
  }

  function publicValues(row: PublicPetRow, fields: readonly CustomFieldDefinition[]): PublicPet['campos'] {
    return fields
      .filter((f) => (f.especies.length === 0 || f.especies.includes(row.tipo as (typeof f.especies)[number])) && row.campos[f.clave] !== undefined)
      .map((f) => ({ etiqueta: f.etiqueta, valor: formatCustomFieldValue(f.tipo, row.campos[f.clave]) }));
  }

  function toPublicPet(
    row: PublicPetRow,
    images: string[],
    videos: string[],
    salud: PublicCareBadges,
    fields: readonly CustomFieldDefinition[],
  ): PublicPet {
    const main = row.imagenPrincipal;
    return {
      id: row.id,
      nombre: row.nombre,
      edad: row.edad,
      tipo: row.tipo,
      genero: row.genero,
      tamano: row.tamano,
      discapacidad: row.discapacidad ? '1' : '0',
      personalidad: row.personalidad,
      historia: row.historia,
      tags: row.tags,
      imagenPrincipal: main ? petImageUrl(row.id, main) : null,
      imagenes: images.map((name) => petImageUrl(row.id, name)),
      videos,
      miniatura: main ? petThumbnailUrl(row.id, main) : null,
      miniaturas: images.map((name) => petThumbnailUrl(row.id, name)),
      salud,
      campos: publicValues(row, fields),
    };
  }

  return {
    async list(query: ListPublicPetsQuery): Promise<ListPublicPetsResponse> {
      const { rows, total } = await repo.list(query);
      const ids = rows.map((r) => r.id);
      const [images, videos, badges, fields] = await Promise.all([repo.imagesOf(ids), Promise.all(ids.map(videosOf)), badgesOf(ids), publicFields()]);
      return {
        items: rows.map((row, i) => toPublicPet(row, images.get(row.id) ?? [], videos[i] ?? [], badges.get(row.id) ?? NO_BADGES, fields)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One public pet; anything else (absent, draft, scheduled later, adopted, deleted) is the same 404. */
    async get(id: number): Promise<PublicPet> {
      const row = await repo.findPublic(id);
      if (!row) throw new AppError('NOT_FOUND');
      const [images, videos, badges, fields] = await Promise.all([repo.imagesOf([id]), videosOf(id), badgesOf([id]), publicFields()]);
      return toPublicPet(row, images.get(id) ?? [], videos, badges.get(id) ?? NO_BADGES, fields);
    },

    /** When the catalogue changes by itself: the next scheduled pet's publication time. */
    nextPublicationAt(): Promise<Date | undefined> {
      return repo.nextPublicationAt();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
