import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../src/backup/backup';
import { RestoreRefusedError, restoreArchive } from '../../src/backup/restore';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { LocalStorage } from '../../src/storage/local-storage';
import { injector, populate, snapshotOf } from '../helpers/backup-support';
import { PUBLIC_URL, STAFF, createTestApp } from '../helpers/helpers';
import { openThrowawayDatabase } from '../helpers/throwaway-database';

const work = mkdtempSync(path.join(tmpdir(), 'refugio-restore-race-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Issue 33.4: two restores started at once into one database and one media store (two operators, or a retry while
 * the first still runs). One restores; the other is refused, clearly, and removes only what it wrote, which is
 * nothing: every file of the winner stays. On PostgreSQL each restore has its own pool, as two processes would.
 */
describe('two restores at once into one target', () => {
  let archive: string;
  let before: Awaited<ReturnType<typeof snapshotOf>>;

  beforeAll(async () => {
    const t = await createTestApp();
    await t.createUser(STAFF);
    await populate(injector(t.app, await t.signIn(STAFF.email, STAFF.password)), PUBLIC_URL);
    await t.app.budgets.flush();
    before = await snapshotOf(t.database.db, t.app.storage);
    archive = path.join(work, 'copia.tar');
    const out = createWriteStream(archive);
    await writeBackup({ db: t.database.db, databaseDriver: t.database.driver, storage: t.app.storage, dataDir: t.dataDir }, out);
    await finished(out);
    await t.close();
  });

  /** An empty target, and two handles on it (one on PGlite, which is in this process). */
  async function emptyTarget(round: number) {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const storage = new LocalStorage(path.join(work, `media-${round}`));
    await storage.init();
    if (!serverUrl) {
      const database = await openDatabase({ driver: 'pglite', dataDir: undefined, template: false });
      return { storage, handles: [database, database] as DatabaseHandle[], drop: () => database.close() };
    }
    const opened = await openThrowawayDatabase(serverUrl, { prefix: 'refugio_restore', poolSize: 2, migrate: false });
    const url = new URL(serverUrl);
    url.pathname = `/${opened.name}`;
    const other = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 2 });
    return {
      storage,
      handles: [opened.database, other],
      drop: async () => {
        await other.close();
        await opened.drop();
      },
    };
  }

  it('one restores, the other is refused and deletes none of the winner files, round after round', async () => {
    expect(Object.keys(before.media).length).toBeGreaterThanOrEqual(4);
    // An empty PGlite database takes seconds to make: fewer rounds there (the race lost every round before the lock).
    const rounds = process.env.TEST_DATABASE_URL ? 6 : 3;
    for (let round = 0; round < rounds; round++) {
      const target = await emptyTarget(round);
      try {
        const results = await Promise.allSettled(
          target.handles.map((database, i) =>
            restoreArchive(archive, {
              db: database.db,
              storage: target.storage,
              dataDir: path.join(work, `data-${round}-${i}`),
              authSecretConfigured: false,
            }),
          ),
        );
        const refused = results.filter((r) => r.status === 'rejected');
        expect(
          results.filter((r) => r.status === 'fulfilled'),
          `round ${round}: ${refused.map((r) => String(r.reason)).join('; ')}`,
        ).toHaveLength(1);
        expect(refused).toHaveLength(1);
        // What the winner restored is whole: every row and every file.
        expect(await snapshotOf(target.handles[0]!.db, target.storage)).toEqual(before);
        const reason = refused[0]!.reason as Error;
        expect(reason).toBeInstanceOf(RestoreRefusedError);
        expect(reason.message).toMatch(/otra restauración|ya tiene datos/i);
      } finally {
        await target.drop();
      }
    }
  }, 240_000);
});
