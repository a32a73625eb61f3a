import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AI_IMPROVE_MAX_OUTPUT_TOKENS,
  AI_TEMPERATURE,
  CATALOGUE_FIRST_PAGE_ID,
  SOCIAL_IMAGE_TYPE,
  type OrganizationContact,
  aiMessages,
  petFacts,
  publicPetPath,
  reachMessages,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AiError, type AiProvider } from '../../ai/providers';
import { AppError } from '../../lib/app-error';
import type { LiveCache } from '../../lib/live-cache';
import { imageLanes } from '../../media/images';
import { imageKey } from '../../media/storage-keys';
import type { StorageProvider } from '../../storage/storage-provider';
import { buildPostPrompt, finishPost } from './post-prompt';
import { type PosterContent, renderPoster } from './poster';
import { type Preview, genericPreview, petPreview, withJsonScript, withPreview } from './preview-tags';
import type { ReachPetRow, ReachRepository } from './reach.repository';
import { type SocialCardContent, renderSocialCard } from './social-card';

/**
 * Social images being made or waiting for the public image lane, at most; more are refused (503, Retry-After)
 * rather than queued without end. Requests for one pet's image share one rendering, so this counts pets.
 */
export const SOCIAL_IMAGE_MAX_PENDING = 4;
const SOCIAL_IMAGE_RETRY_SECONDS = 5;

/** A stored photo larger than this is not read (stored images are at most 2560 px on their long edge). */
const PHOTO_MAX_BYTES = 40 * 1024 * 1024;

export interface ReachServiceDeps {
  repo: ReachRepository;
  storage: Pick<StorageProvider, 'get'>;
  publicUrl: string;
  contact: () => Promise<OrganizationContact>;
  ai: AiProvider;
  log: FastifyBaseLogger;
  /** Rendered social images by their ETag (a pet's change gives it a new one). */
  cards: LiveCache<string, Buffer>;
  /** Previews of public pets by id, dropped by the change feed. */
  previews: LiveCache<number, Preview>;
  /** The catalogue's first page, exactly as `GET /api/public/mascotas` answers it (its cached JSON text). */
  catalogueFirstPage?: () => Promise<string>;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > PHOTO_MAX_BYTES) {
      body.destroy();
      throw new Error('stored photo too large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The public pet page `/adopta/{id}`'s id, or undefined for /adopta and anything else. */
export function petIdOfPublicPage(pathname: string): number | undefined {
  const match = /^\/adopta\/(\d{1,9})$/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

/** Link previews, the social image, the poster and the suggested post (DESIGN section 14). */
export function createReachService({ repo, storage, publicUrl, contact, ai, log, cards, previews, catalogueFirstPage }: ReachServiceDeps) {
  /** The stored main photo, or undefined (none, or missing in storage: the image is made without it). */
  async function photoOf(row: ReachPetRow): Promise<Buffer | undefined> {
    if (!row.imagenPrincipal) return undefined;
    const found = await storage.get(imageKey(row.id, row.imagenPrincipal));
    return found ? readAll(found.body) : undefined;
  }

  /** Identifies everything the social image shows: equal tags, equal images. */
  function cardTag(row: ReachPetRow, orgName: string | null): string {
    const identity = JSON.stringify([SOCIAL_IMAGE_TYPE, row.id, row.nombre, petFacts(row), row.imagenPrincipal, row.updatedAt.getTime(), orgName]);
    return `"tarjeta-${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  }

  let pendingCards = 0;
  const pageUrl = (id: number) => `${publicUrl}${publicPetPath(id)}`;

  /**
   * The preview of a public page: a public pet's for `/adopta/{id}`, the catalogue's for anything else (a draft,
   * deleted or unknown pet included: the same generic tags, no name).
   */
  async function previewOf(pathname: string): Promise<Preview> {
    const id = petIdOfPublicPage(pathname);
    if (id === undefined) return genericPreview(publicUrl);
    // The read happens inside the cache's load, so a change heard meanwhile keeps it from being stored. A pet
    // that is not public is not kept (a failed load never is): it may become public by the clock.
    try {
      return await previews.get(id, async () => {
        const row = await repo.findPublic(id);
        if (!row) throw new AppError('NOT_FOUND');
        return { value: petPreview(row, publicUrl) };
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return genericPreview(publicUrl);
      throw error;
    }
  }

  return {
    previewOf,

    /**
     * A social image of other content (a lost-and-found report's): the same 1080x1080 JPEG, made in the public image
     * lane, refused with 503 when too many are waiting, as the pets' are.
     */
    async renderCard(content: Omit<SocialCardContent, 'orgName'>): Promise<Buffer> {
      if (pendingCards >= SOCIAL_IMAGE_MAX_PENDING) {
        throw Object.assign(new AppError('SERVICE_UNAVAILABLE', { message: reachMessages.imageBusy }), {
          retryAfterSeconds: SOCIAL_IMAGE_RETRY_SECONDS,
        });
      }
      pendingCards++;
      try {
        const { nombre: orgName } = await contact();
        return await imageLanes.public(() => renderSocialCard({ ...content, orgName }));
      } finally {
        pendingCards--;
      }
    },

    /** An A4 poster of other content (a lost-and-found report's), with the organisation's contact unless lines are given. */
    async renderPoster(content: Omit<PosterContent, 'contact'>): Promise<Buffer> {
      const organisation = await contact();
      return imageLanes.staff(() => renderPoster({ ...content, contact: organisation }));
    },

    /**
     * The public pages' HTML with the preview of `pathname` written in (spa plugin); for `/adopta`, also the
     * catalogue's first page (the public endpoint's own answer: published pets only), which the page shows at once
     * when its address has no filters. Without it (the catalogue failed) the page fetches it as before.
     */
    async pageHtml(html: string, pathname: string): Promise<string> {
      const [preview, organisation, firstPage] = await Promise.all([
        previewOf(pathname),
        contact(),
        pathname === '/adopta' && catalogueFirstPage
          ? catalogueFirstPage().catch((error: unknown) => {
              log.warn({ err: error }, 'catalogue first page not embedded');
              return undefined;
            })
          : undefined,
      ]);
      const page = withPreview(html, preview, organisation.nombre);
      return firstPage === undefined ? page : withJsonScript(page, CATALOGUE_FIRST_PAGE_ID, firstPage);
    },

    /** The ETag of a public pet's social image; 404 for any pet that is not public. */
    async socialImageTag(id: number): Promise<{ row: ReachPetRow; etag: string }> {
      const row = await repo.findPublic(id);
      if (!row) throw new AppError('NOT_FOUND');
      return { row, etag: cardTag(row, (await contact()).nombre) };
    },

    /** The 1080x1080 JPEG (at most SOCIAL_IMAGE_MAX_BYTES), made in the public image lane (one at a time) and kept by its ETag. */
    async socialImage(row: ReachPetRow, etag: string): Promise<Buffer> {
      return cards.get(etag, async () => {
        if (pendingCards >= SOCIAL_IMAGE_MAX_PENDING) {
          throw Object.assign(new AppError('SERVICE_UNAVAILABLE', { message: reachMessages.imageBusy }), {
            retryAfterSeconds: SOCIAL_IMAGE_RETRY_SECONDS,
          });
        }
        pendingCards++;
        try {
          const [photo, { nombre: orgName }] = await Promise.all([photoOf(row), contact()]);
          const jpeg = await imageLanes.public(() => renderSocialCard({ nombre: row.nombre, facts: petFacts(row), orgName, photo }));
          return { value: jpeg };
        } finally {
          pendingCards--;
        }
      });
    },

    /** The A4 poster (staff). A pet that is not public has no page for the QR code to open: 409. */
    async poster(id: number): Promise<{ pdf: Buffer; nombre: string }> {
      const row = await repo.findForStaff(id);
      if (!row) throw new AppError('NOT_FOUND');
      if (!row.publica) throw new AppError('CONFLICT', { message: reachMessages.shareNotPublic });
      const [photo, organisation] = await Promise.all([photoOf(row), contact()]);
      const pdf = await imageLanes.staff(() =>
        renderPoster({ nombre: row.nombre, facts: petFacts(row), url: pageUrl(row.id), contact: organisation, photo }),
      );
      return { pdf, nombre: row.nombre };
    },

    /** A Spanish post for social networks, proposed (never saved). Only for a public pet: its link must open. */
    async suggestPost(id: number): Promise<string> {
      if (!ai.available) throw new AppError('AI_UNAVAILABLE', { message: aiMessages.disabledHint });
      const row = await repo.findForStaff(id);
      if (!row) throw new AppError('NOT_FOUND');
      if (!row.publica) throw new AppError('CONFLICT', { message: reachMessages.shareNotPublic });
      const url = pageUrl(row.id);
      let answer: string;
      try {
        answer = await ai.generate(buildPostPrompt(row, url), { maxOutputTokens: AI_IMPROVE_MAX_OUTPUT_TOKENS, temperature: AI_TEMPERATURE });
      } catch (error) {
        log.warn({ err: error }, 'post suggestion failed');
        if (error instanceof AiError && error.kind === 'no-result')
          throw new AppError('AI_NO_RESULT', { message: reachMessages.postSuggestionEmpty });
        throw new AppError('AI_FAILED', { message: reachMessages.postSuggestionFailure });
      }
      const text = finishPost(answer, url);
      if (text === '') throw new AppError('AI_NO_RESULT', { message: reachMessages.postSuggestionEmpty });
      return text;
    },
  };
}

export type ReachService = ReturnType<typeof createReachService>;
