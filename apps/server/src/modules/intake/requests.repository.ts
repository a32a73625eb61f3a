import { type SQL, and, count, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { PublicationRequestState } from '@refugio/contracts';
import { type Database, type Tx, runInTransaction } from '../../db/client';
import { enlaceRegistro, paquete, publicationRequest, uploadInProgress, user } from '../../db/schema';
import { type LinksRepository, createLinksRepository } from './links.repository';
import { anyOf } from '../../db/any-of';

export type RequestRow = typeof publicationRequest.$inferSelect & {
  destinatario: string | null;
  paqueteId: number | null;
  paqueteNombre: string | null;
  decididoPorNombre: string | null;
};
export type RequestInsert = Omit<
  typeof publicationRequest.$inferInsert,
  'id' | 'estado' | 'motivoRechazo' | 'mascotaId' | 'decididoPor' | 'decididoEn' | 'createdAt' | 'updatedAt'
>;

/** The queries, bound to a database or to a transaction. */
function requestQueries(db: Database) {
  const selection = {
    ...requestColumns(),
    destinatario: enlaceRegistro.destinatario,
    paqueteId: paquete.id,
    paqueteNombre: paquete.nombre,
    decididoPorNombre: sql<string | null>`nullif(trim(${user.name} || ' ' || ${user.lastname}), '')`,
  };
  const base = () =>
    db
      .select(selection)
      .from(publicationRequest)
      .leftJoin(enlaceRegistro, eq(enlaceRegistro.id, publicationRequest.enlaceId))
      .leftJoin(paquete, eq(paquete.id, enlaceRegistro.paqueteId))
      .leftJoin(user, eq(user.id, publicationRequest.decididoPor));

  return {
    async insert(values: RequestInsert): Promise<number> {
      const [row] = await db.insert(publicationRequest).values(values).returning({ id: publicationRequest.id });
      return row!.id;
    },

    async findById(id: number): Promise<RequestRow | undefined> {
      const [row] = await base().where(eq(publicationRequest.id, id)).limit(1);
      return row;
    },

    /** The row, locked until the transaction ends: two decisions on one request happen one after the other. */
    async lockById(id: number) {
      const [row] = await db.select().from(publicationRequest).where(eq(publicationRequest.id, id)).for('update').limit(1);
      return row;
    },

    /** Pending first, then newest first. */
    async list(filter: { estado?: PublicationRequestState | undefined; personaId?: number | undefined; page: number; pageSize: number }) {
      const where: SQL | undefined = and(
        filter.estado ? eq(publicationRequest.estado, filter.estado) : undefined,
        filter.personaId ? eq(publicationRequest.personaId, filter.personaId) : undefined,
      );
      const rows = await base()
        .where(where)
        .orderBy(sql`${publicationRequest.estado} = 'pendiente' DESC`, desc(publicationRequest.createdAt), desc(publicationRequest.id))
        .limit(filter.pageSize)
        .offset((filter.page - 1) * filter.pageSize);
      const [total] = await db.select({ n: count() }).from(publicationRequest).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Records the decision only while the request is still pending; false when somebody decided first. */
    async decide(
      id: number,
      decision: { estado: 'aprobada' | 'rechazada'; decididoPor: string; motivoRechazo?: string; mascotaId?: number },
    ): Promise<boolean> {
      const rows = await db
        .update(publicationRequest)
        .set({ ...decision, decididoEn: sql`now()` })
        .where(and(eq(publicationRequest.id, id), eq(publicationRequest.estado, 'pendiente')))
        .returning({ id: publicationRequest.id });
      return rows.length > 0;
    },

    /** Forgets the files of requests decided before `cutoff` (the rows stop pointing at them first). */
    async clearMediaDecidedBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .update(publicationRequest)
        .set({ media: [] })
        .where(
          and(
            ne(publicationRequest.estado, 'pendiente'),
            lt(publicationRequest.decididoEn, cutoff),
            sql`jsonb_array_length(${publicationRequest.media}) > 0`,
          ),
        )
        .returning({ id: publicationRequest.id });
      return rows.length;
    },

    /** Every storage key any request points at. */
    async referencedMediaKeys(): Promise<string[]> {
      const rows = await db
        .select({ media: publicationRequest.media })
        .from(publicationRequest)
        .where(sql`jsonb_array_length(${publicationRequest.media}) > 0`);
      return rows.flatMap((r) => r.media.map((m) => m.key));
    },

    /** Marks a submission's folder as being uploaded to (or renews the mark): the sweep leaves it alone. */
    async markUpload(folder: string, at: Date): Promise<void> {
      await db
        .insert(uploadInProgress)
        .values({ folder, lastSeenAt: at })
        .onConflictDoUpdate({ target: uploadInProgress.folder, set: { lastSeenAt: at } });
    },

    async unmarkUpload(folder: string): Promise<void> {
      await db.delete(uploadInProgress).where(eq(uploadInProgress.folder, folder));
    },

    /** Forgets the marks of uploads not renewed since `cutoff` (the process that held them is gone). */
    async forgetUploadsSeenBefore(cutoff: Date): Promise<void> {
      await db.delete(uploadInProgress).where(lt(uploadInProgress.lastSeenAt, cutoff));
    },

    /** The folders of uploads in progress. */
    async uploadFolders(): Promise<string[]> {
      return (await db.select({ folder: uploadInProgress.folder }).from(uploadInProgress)).map((r) => r.folder);
    },

    /* ---- for the persons module (registered through persons.port.ts, person-links.ts) */

    async movePerson(fromId: number, toId: number): Promise<void> {
      await db.update(publicationRequest).set({ personaId: toId }).where(eq(publicationRequest.personaId, fromId));
    },

    /** The submitter's copies become `name` and blanks; answers the ids touched. */
    async anonymisePerson(personaId: number, name: string): Promise<number[]> {
      const rows = await db
        .update(publicationRequest)
        .set({ contactoNombre: name, contactoEmail: '', contactoTelefono: '' })
        .where(eq(publicationRequest.personaId, personaId))
        .returning({ id: publicationRequest.id });
      return rows.map((r) => r.id);
    },

    async ofPerson(personaId: number) {
      const { media: _media, ...columns } = requestColumns();
      return db
        .select(columns)
        .from(publicationRequest)
        .where(eq(publicationRequest.personaId, personaId))
        .orderBy(publicationRequest.createdAt, publicationRequest.id);
    },

    async unlinked(limit: number) {
      return db
        .select({
          id: publicationRequest.id,
          createdAt: publicationRequest.createdAt,
          nombre: publicationRequest.contactoNombre,
          email: publicationRequest.contactoEmail,
          telefono: publicationRequest.contactoTelefono,
        })
        .from(publicationRequest)
        .where(isNull(publicationRequest.personaId))
        .orderBy(publicationRequest.createdAt, publicationRequest.id)
        .limit(limit);
    },

    /** The requests made through these links. */
    async idsByLinks(linkIds: string[]): Promise<number[]> {
      if (linkIds.length === 0) return [];
      const rows = await db.select({ id: publicationRequest.id }).from(publicationRequest).where(anyOf(publicationRequest.enlaceId, linkIds));
      return rows.map((r) => r.id);
    },

    async attachPerson(id: number, personaId: number): Promise<void> {
      await db.update(publicationRequest).set({ personaId }).where(eq(publicationRequest.id, id));
    },
  };
}

export type RequestQueries = ReturnType<typeof requestQueries>;
export interface RequestsTransaction {
  /** The transaction itself, for other modules' ports (an approval's new pet, the history's `record`). */
  handle: Tx;
  requests: RequestQueries;
  links: LinksRepository;
}

export function createRequestsRepository(db: Database) {
  return {
    ...requestQueries(db),
    /** The database, for other modules' reads (the pets port reserves the approved request's pet id). */
    handle: db,
    /**
     * Runs `work` in one transaction with the requests' and links' repositories bound to it (and its handle for
     * other modules' ports): everything it writes commits together or not at all.
     */
    async transaction<T>(work: (tx: RequestsTransaction) => Promise<T>): Promise<T> {
      return runInTransaction(db, (tx) => work({ handle: tx, requests: requestQueries(tx), links: createLinksRepository(tx) }));
    },
  };
}

function requestColumns() {
  const columns = publicationRequest;
  return {
    id: columns.id,
    estado: columns.estado,
    enlaceId: columns.enlaceId,
    nombre: columns.nombre,
    edad: columns.edad,
    tipo: columns.tipo,
    genero: columns.genero,
    tamano: columns.tamano,
    discapacidad: columns.discapacidad,
    personalidad: columns.personalidad,
    historia: columns.historia,
    tags: columns.tags,
    contactoNombre: columns.contactoNombre,
    contactoEmail: columns.contactoEmail,
    contactoTelefono: columns.contactoTelefono,
    personaId: columns.personaId,
    media: columns.media,
    motivoRechazo: columns.motivoRechazo,
    mascotaId: columns.mascotaId,
    decididoPor: columns.decididoPor,
    decididoEn: columns.decididoEn,
    createdAt: columns.createdAt,
    updatedAt: columns.updatedAt,
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
