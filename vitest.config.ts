import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// With CI_REPORTS set (.ci/run), each run also leaves its JSON report there for `npm run test:durations`.
const reportsDir = process.env.CI_REPORTS;
const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
// Test files share worker processes unless VITEST_ISOLATE=1 (each file in a process of its own, as before).
const sharedWorkers = process.env.VITEST_ISOLATE !== '1';

export default defineConfig({
  test: {
    ...(reportsDir ? { reporters: ['default', 'json'], outputFile: { json: `${reportsDir}/vitest-${database}.json` } } : {}),
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The suites spend much of their
    // time waiting (PostgreSQL, timers, child processes), so every core gets a worker.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          isolate: !sharedWorkers,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Once per run: the PGlite template ensured, and on PostgreSQL one migrated database each file's copies.
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          // Per file even in a shared worker: what a file may leave behind (fake timers, stubbed env) is undone.
          setupFiles: ['apps/server/test/helpers/per-file-setup.ts'],
          // Files share worker processes: a worker runs file after file without loading the app's code, its dependencies and
          // PGlite's WebAssembly again (docs/benchmarks.md, CI). What a file leaves behind is undone by per-file-setup.ts and
          // the unstub options; a file that mocks a module resets the module registry (test/architecture/shared-workers.test.ts).
          // VITEST_ISOLATE=1 gives each file a process of its own again, to tell a leftover from a real failure.
          isolate: !sharedWorkers,
          unstubEnvs: true,
          unstubGlobals: true,
          // Each file starts its own database and argon2 hashing is deliberately slow.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
          isolate: !sharedWorkers,
        },
      },
      {
        // Component tests: screens and hooks rendered with Testing Library in happy-dom, the network mocked by MSW.
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // Files share workers here too (happy-dom is set up again for each file; setup.ts cleans the DOM and the mocks).
          isolate: !sharedWorkers,
          // Above the waits of setup.ts (15 s): a test fails on its condition, not on the clock of a busy machine.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
