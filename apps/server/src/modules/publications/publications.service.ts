import {
  ACTION_STATE,
  type ListPublicationsQuery,
  type ListPublicationsResponse,
  type PublicationBatchInput,
  type PublicationBatchResult,
  type PublicationChange,
  type PublicationItem,
  type PublicationState,
  type SetPublicationInput,
  decidePublication,
  effectivePublicationState,
  petThumbnailUrl,
  publicationMessages,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { SessionUser } from '../../plugins/access';
import type { Database } from '../../db/client';
import type { PetsPort } from '../pets/pets.port';
import type { PublicationRow, PublicationsRepository } from './publications.repository';

export interface PublicationsServiceDeps {
  repo: PublicationsRepository;
  db: Database;
  /** The pets module owns the pet's rows: publication changes go through its port. */
  pets: Pick<PetsPort, 'setPublication'>;
  clock: Clock;
}

function toItem(row: PublicationRow, now: Date): PublicationItem {
  return {
    id: row.id,
    nombre: row.nombre,
    tipo: row.tipo,
    adoptado: row.adoptado,
    thumbnailUrl: row.imagenPrincipal ? petThumbnailUrl(row.id, row.imagenPrincipal) : null,
    estado: effectivePublicationState(row.estado as PublicationState, row.publicarEn, now),
    publicarEn: row.publicarEn?.toISOString() ?? null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedById ? { id: row.updatedById, nombre: row.updatedByName ?? '' } : null,
  };
}

/** The change for `estado`, or a 400 naming publicarEn (missing, or in the past). Shared with the pet list's bulk actions. */
export function decidePublicationOrThrow(estado: PublicationState, publicarEn: string | null | undefined, now: Date): PublicationChange {
  const decision = decidePublication(estado, publicarEn ? new Date(publicarEn) : null, now);
  if (!decision.ok) throw new AppError('VALIDATION_ERROR', { message: decision.message, fieldErrors: { [decision.field]: decision.message } });
  return decision.change;
}

/**
 * Publication of pets (Publicaciones Programadas; DESIGN sections 5 and 7): what is not yet public, and
 * publishing, scheduling or withdrawing one pet or many. Each change is based on the version the person
 * saw; a stale one changes nothing. The pet form and the pet list's bulk actions reuse these calls.
 */
export function createPublicationsService({ repo, db, pets, clock }: PublicationsServiceDeps) {
  const decide = decidePublicationOrThrow;

  return {
    async list(query: ListPublicationsQuery): Promise<ListPublicationsResponse> {
      const now = clock.now();
      const { rows, total } = await repo.listUnpublished(query, now);
      return { items: rows.map((row) => toItem(row, now)), total, page: query.page, pageSize: query.pageSize };
    },

    async setPublication(actor: SessionUser, id: number, input: SetPublicationInput): Promise<PublicationItem> {
      const now = clock.now();
      const change = decide(input.estado, input.publicarEn, now);
      if (!(await pets.setPublication(db, id, change, actor, input.version))) {
        const [current] = await repo.findLive([id]);
        if (!current) throw new AppError('NOT_FOUND', { message: publicationMessages.notFound });
        throw new AppError('CONFLICT', { message: publicationMessages.stale });
      }
      const [row] = await repo.findLive([id]);
      if (!row) throw new AppError('NOT_FOUND', { message: publicationMessages.notFound });
      return toItem(row, now);
    },

    /** Each pet on its own: one stale or missing pet does not stop the others. */
    async applyBatch(actor: SessionUser, input: PublicationBatchInput): Promise<PublicationBatchResult> {
      const now = clock.now();
      const change = decide(ACTION_STATE[input.accion], input.publicarEn, now);
      const applied = new Set<number>();
      const refused = new Map<number, string>();
      for (const { id, version } of input.items) {
        try {
          if (await pets.setPublication(db, id, change, actor, version)) applied.add(id);
        } catch (error) {
          // A pet transferred or dead is never published: said for that pet, the others go on.
          if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
          refused.set(id, error.message);
        }
      }
      const rows = new Map((await repo.findLive(input.items.map((i) => i.id))).map((row) => [row.id, row]));
      return {
        resultados: input.items.map(({ id }) => {
          const row = rows.get(id);
          if (!row) return { id, ok: false as const, code: 'NOT_FOUND' as const, message: publicationMessages.notFound };
          if (!applied.has(id)) return { id, ok: false as const, code: 'CONFLICT' as const, message: refused.get(id) ?? publicationMessages.stale };
          return { id, ok: true as const, item: toItem(row, now) };
        }),
      };
    },
  };
}

export type PublicationsService = ReturnType<typeof createPublicationsService>;
