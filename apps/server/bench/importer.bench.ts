/*
 * Import wizard benchmark (DESIGN section 18): a CSV of N pets (20 000 by default, Windows-1252, `;`, Spanish headers,
 * every row with a 15-digit microchip and two dates) is uploaded, its dry run timed, then the import job (one
 * transaction per row with its `import_row` record) timed to the end, then the same file's dry run again (every row a
 * duplicate). Uses the real app (`buildApp`) and its importer service; no network.
 *
 *   npm run bench:importer                                   PGlite in memory (default)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:importer PostgreSQL: a throwaway database on that server
 * Options: --db=pglite|postgres|both  --rows=20000
 * Goals: dry run < 30 s, import < 5 min.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ADMIN_ROLE } from '@refugio/contracts';
import iconv from 'iconv-lite';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { driversToRun, intOption, loadAverage, openBenchDatabase } from './support';

const ROWS = intOption('rows', 20_000);
const GOAL_DRY_RUN_S = 30;
const GOAL_IMPORT_S = 300;

function file(rows: number): Buffer {
  const lines = ['Nombre;Especie;Sexo;Tamaño;Fecha de nacimiento;Chip;Fecha de entrada;Raza;Historia'];
  for (let i = 0; i < rows; i++) {
    const chip = `941${String(i).padStart(12, '0')}`;
    lines.push(
      `Peluda ñ ${i};${i % 2 ? 'Gata' : 'Perro'};${i % 2 ? '' : 'Macho'};Mediano;15/03/2020;${chip};01/02/2024;Mestiza;Encontrada en Peñíscola`,
    );
  }
  return iconv.encode(lines.join('\r\n'), 'win1252');
}

async function run(driver: 'pglite' | 'postgres') {
  const { database, label, drop } = await openBenchDatabase(driver);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false, webDistDir: path.join(dataDir, 'no-web') });
  try {
    const userId = crypto.randomUUID();
    await createUsersRepository(database.db).insertWithPassword({
      id: userId,
      email: 'bench-admin@refugio.test',
      name: 'Persona',
      lastname: 'Del Benchmark',
      role: ADMIN_ROLE,
      passwordHash: 'x',
    });
    const actor = { id: userId, name: 'Persona', lastname: 'Del Benchmark' } as Parameters<typeof app.importerService.upload>[0];
    const data = file(ROWS);
    const t0 = performance.now();
    const upload = await app.importerService.upload(actor, 'mascotas', { fileName: 'mascotas.csv', data });
    const t1 = performance.now();
    const dry = await app.importerService.setMapping(upload.id, { mapeo: upload.mapeoSugerido });
    const t2 = performance.now();
    await app.importerService.confirm(upload.id);
    await app.jobs.runDue();
    const t3 = performance.now();
    const status = await app.importerService.status(upload.id);
    const again = await app.importerService.upload(actor, 'mascotas', { fileName: 'mascotas.csv', data });
    const t4 = performance.now();
    const dry2 = await app.importerService.setMapping(again.id, { mapeo: again.mapeoSugerido });
    const t5 = performance.now();
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\n${label}, ${ROWS} rows (${(data.length / 1024 / 1024).toFixed(1)} MB), load ${loadAverage()}`);
    console.log(`  upload (read + store)       ${s(t1 - t0)}`);
    console.log(`  dry run                     ${s(t2 - t1)}  (crear ${dry.crear}, errores ${dry.errores.length}; goal < ${GOAL_DRY_RUN_S} s)`);
    console.log(`  import job                  ${s(t3 - t2)}  (${status.estado}, creados ${status.creados}; goal < ${GOAL_IMPORT_S} s)`);
    console.log(`  dry run of the same file    ${s(t5 - t4)}  (omitir ${dry2.omitir})`);
  } finally {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const driver of driversToRun()) await run(driver);
