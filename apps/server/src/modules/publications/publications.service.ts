import {
  ACTION_STATE,
  type ListPublicationsQuery,
  type ListPublicationsResponse,
  type OrganizationSettings,
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
import type { OrganizationSettingsSource } from '../../lib/organization';
import type { Clock } from '../../lib/clock';
import type { PublicationRow, PublicationsRepository } from './publications.repository';

export interface PublicationsServiceDeps {
  repo: PublicationsRepository;
  clock: Clock;
  /** The organisation's settings (`lib/organization.ts`): its time zone, the one the browser shows and picks publication dates in. */
  organization: Pick<OrganizationSettingsSource, 'get'>;
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
export function createPublicationsService({ repo, clock, organization }: PublicationsServiceDeps) {
  const decide = decidePublicationOrThrow;

  return {
    settings(): Promise<OrganizationSettings> {
      return organization.get();
    },

    async list(query: ListPublicationsQuery): Promise<ListPublicationsResponse> {
      const now = clock.now();
      const { rows, total } = await repo.listUnpublished(query, now);
      return { items: rows.map((row) => toItem(row, now)), total, page: query.page, pageSize: query.pageSize };
    },

    async setPublication(actorId: string, id: number, input: SetPublicationInput): Promise<PublicationItem> {
      const now = clock.now();
      const change = decide(input.estado, input.publicarEn, now);
      if (!(await repo.setPublication(id, change, actorId, input.version))) {
        const [current] = await repo.findLive([id]);
        if (!current) throw new AppError('NOT_FOUND', { message: publicationMessages.notFound });
        throw new AppError('CONFLICT', { message: publicationMessages.stale });
      }
      const [row] = await repo.findLive([id]);
      if (!row) throw new AppError('NOT_FOUND', { message: publicationMessages.notFound });
      return toItem(row, now);
    },

    /** Each pet on its own: one stale or missing pet does not stop the others. */
    async applyBatch(actorId: string, input: PublicationBatchInput): Promise<PublicationBatchResult> {
      const now = clock.now();
      const change = decide(ACTION_STATE[input.accion], input.publicarEn, now);
      const applied = new Set<number>();
      for (const { id, version } of input.items) {
        if (await repo.setPublication(id, change, actorId, version)) applied.add(id);
      }
      const rows = new Map((await repo.findLive(input.items.map((i) => i.id))).map((row) => [row.id, row]));
      return {
        resultados: input.items.map(({ id }) => {
          const row = rows.get(id);
          if (!row) return { id, ok: false as const, code: 'NOT_FOUND' as const, message: publicationMessages.notFound };
          if (!applied.has(id)) return { id, ok: false as const, code: 'CONFLICT' as const, message: publicationMessages.stale };
          return { id, ok: true as const, item: toItem(row, now) };
        }),
      };
    },
  };
}

export type PublicationsService = ReturnType<typeof createPublicationsService>;
