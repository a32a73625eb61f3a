import { type ListPublicPetsQuery, type ListPublicPetsResponse, type PublicPet, petImageUrl, petThumbnailUrl } from '@refugio/contracts';
import type { StorageProvider } from '../../storage/storage-provider';
import { AppError } from '../../lib/app-error';
import { videoNameOf, videoPrefix } from '../../media/storage-keys';
import { videoUrl } from '../pets/pets.port';
import type { CatalogueRepository, PublicPetRow } from './catalogue.repository';

/** The public catalogue (DESIGN section 7): public pets with their public fields and media URLs only. */
export function createCatalogueService({ repo, storage }: { repo: CatalogueRepository; storage: Pick<StorageProvider, 'list'> }) {
  async function videosOf(petId: number): Promise<string[]> {
    const objects = await storage.list(videoPrefix(petId));
    return objects.map((o) => videoUrl(petId, videoNameOf(o.key)));
  }

  function toPublicPet(row: PublicPetRow, images: string[], videos: string[]): PublicPet {
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
    };
  }

  return {
    async list(query: ListPublicPetsQuery): Promise<ListPublicPetsResponse> {
      const { rows, total } = await repo.list(query);
      const ids = rows.map((r) => r.id);
      const [images, videos] = await Promise.all([repo.imagesOf(ids), Promise.all(ids.map(videosOf))]);
      return {
        items: rows.map((row, i) => toPublicPet(row, images.get(row.id) ?? [], videos[i] ?? [])),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One public pet; anything else (absent, draft, scheduled later, adopted, deleted) is the same 404. */
    async get(id: number): Promise<PublicPet> {
      const row = await repo.findPublic(id);
      if (!row) throw new AppError('NOT_FOUND');
      const [images, videos] = await Promise.all([repo.imagesOf([id]), videosOf(id)]);
      return toPublicPet(row, images.get(id) ?? [], videos);
    },

    /** When the catalogue changes by itself: the next scheduled pet's publication time. */
    nextPublicationAt(): Promise<Date | undefined> {
      return repo.nextPublicationAt();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
