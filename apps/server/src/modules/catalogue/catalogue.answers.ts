import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { type ListPublicPetsQuery, listPublicPetsQuerySchema, listPublicPetsResponseSchema, publicPetSchema } from '@refugio/contracts';
import { createLiveCache } from '../../lib/live-cache';
import type { ChangeFeed } from '../../plugins/changes';
import type { CatalogueService } from './catalogue.service';

/**
 * A catalogue answer as sent, made once and kept while it holds: the JSON text, compressed with brotli and gzip
 * (phones on a slow network get a quarter of the bytes, and nobody compresses it again per request), and its
 * weak ETag (the same for every encoding of it).
 */
export interface CatalogueAnswer {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function catalogueAnswer(json: string): Promise<CatalogueAnswer> {
  const identity = Buffer.from(json);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipped(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz, etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"` };
}

/** The catalogue's first page as `GET /api/public/mascotas` reads it with no query (and so the same cached answer). */
export const FIRST_PAGE_QUERY: ListPublicPetsQuery = listPublicPetsQuerySchema.parse({});

/**
 * The public catalogue's answers (`GET /api/public/mascotas` and `/{id}`), kept until a pet changes (on any
 * instance, through the change feed) or, for the pages, until the next scheduled pet becomes public. Strangers read
 * the catalogue far more than staff change it. The routes send these; `/adopta`'s HTML carries the first page.
 */
export function createCatalogueAnswers(changes: ChangeFeed, catalogue: CatalogueService) {
  const pages = createLiveCache<string, CatalogueAnswer>(changes, { maxEntries: 500, ttlMs: 5 * 60_000, dependsOn: 'any' });
  const pets = createLiveCache<number, CatalogueAnswer>(changes, { maxEntries: 2_000, ttlMs: 5 * 60_000, dependsOn: 'pet' });

  /** One page for a query already read by `listPublicPetsQuerySchema`. */
  function page(query: ListPublicPetsQuery): Promise<CatalogueAnswer> {
    return pages.get(JSON.stringify(query), async () => {
      const [list, nextPublication] = await Promise.all([catalogue.list(query), catalogue.nextPublicationAt()]);
      return { value: await catalogueAnswer(JSON.stringify(listPublicPetsResponseSchema.parse(list))), expiresAt: nextPublication?.getTime() };
    });
  }

  return {
    page,

    /** One public pet (404 for anything else). */
    pet(id: number): Promise<CatalogueAnswer> {
      return pets.get(id, async () => ({ value: await catalogueAnswer(JSON.stringify(publicPetSchema.parse(await catalogue.get(id)))) }));
    },

    /** The JSON text of the first page: exactly what `GET /api/public/mascotas` answers. */
    async firstPageJson(): Promise<string> {
      return (await page(FIRST_PAGE_QUERY)).identity.toString('utf8');
    },
  };
}

export type CatalogueAnswers = ReturnType<typeof createCatalogueAnswers>;
