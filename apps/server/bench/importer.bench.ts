/*
 * Import wizard benchmark (DESIGN section 18): a CSV of N pets (20 000 by default, Windows-1252, `;`, Spanish headers,
 * every row with a 15-digit microchip and two dates) is uploaded, its dry run timed, then the import job (200 rows
 * per transaction, their `import_row` records in one statement) timed to the end, then the same file's dry run again (every row a
 * duplicate). With photos (2 000 by default), the file goes in a .zip with that many small JPEGs named by a `Foto` column
 * (every tenth row): each is checked and stored on upload and attached to its pet by the job. While the job runs, a
 * request to the app (`GET /api/health`) is timed every 200 ms: the server keeps answering. Uses the real app
 * (`buildApp`) and its importer service; no network.
 *
 *   npm run bench:importer                                   PGlite in memory (default)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:importer PostgreSQL: a throwaway database on that server
 * Options: --db=pglite|postgres|both  --rows=20000  --photos=2000 (0: a CSV alone)
 * Goals: dry run < 30 s, import < 5 min.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ADMIN_ROLE } from '@refugio/contracts';
import iconv from 'iconv-lite';
import sharp from 'sharp';
import { zip } from '../test/importer/zip-builder';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { petImage } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { driversToRun, intOption, loadAverage, openBenchDatabase } from './support';

const ROWS = intOption('rows', 20_000);
const PHOTOS = Math.min(intOption('photos', 2_000), ROWS);
const GOAL_DRY_RUN_S = 30;
const GOAL_IMPORT_S = 300;

/** Every `step`-th row names a photo, so `photos` rows have one. */
const photoStep = () => (PHOTOS > 0 ? Math.floor(ROWS / PHOTOS) : 0);

function sheet(rows: number): Buffer {
  const lines = ['Nombre;Especie;Sexo;Tamaño;Fecha de nacimiento;Chip;Fecha de entrada;Raza;Historia;Foto'];
  const step = photoStep();
  for (let i = 0; i < rows; i++) {
    const chip = `941${String(i).padStart(12, '0')}`;
    const foto = step > 0 && i % step === 0 && i / step < PHOTOS ? `foto-${i}.jpg` : '';
    lines.push(
      `Peluda ñ ${i};${i % 2 ? 'Gata' : 'Perro'};${i % 2 ? '' : 'Macho'};Mediano;15/03/2020;${chip};01/02/2024;Mestiza;Encontrada en Peñíscola;${foto}`,
    );
  }
  return iconv.encode(lines.join('\r\n'), 'win1252');
}

async function file(rows: number): Promise<{ fileName: string; data: Buffer }> {
  const csv = sheet(rows);
  if (PHOTOS === 0) return { fileName: 'mascotas.csv', data: csv };
  const step = photoStep();
  const photos = [];
  for (let n = 0; n < PHOTOS; n++) {
    // A photo of its own each (320x240 of noise, some 30 KB: as an export's scaled-down photos, and none alike).
    const data = await sharp({
      create: {
        width: 320,
        height: 240,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 100 + (n % 50), sigma: 30 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    photos.push({ name: `fotos/foto-${n * step}.jpg`, data });
  }
  return { fileName: 'mascotas.zip', data: zip([{ name: 'mascotas.csv', data: csv }, ...photos]) };
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
    const { fileName, data } = await file(ROWS);
    const t0 = performance.now();
    const upload = await app.importerService.upload(actor, 'mascotas', { fileName, data });
    const t1 = performance.now();
    const dry = await app.importerService.setMapping(upload.id, { mapeo: upload.mapeoSugerido });
    const t2 = performance.now();
    await app.importerService.confirm(upload.id);
    // Meanwhile, another request every 200 ms: its slowest answer says whether the server kept serving.
    let probing = true;
    const answers: number[] = [];
    const probe = (async () => {
      while (probing) {
        const start = performance.now();
        await app.inject({ method: 'GET', url: '/api/health' });
        answers.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    await app.jobs.runDue();
    const t3 = performance.now();
    probing = false;
    await probe;
    answers.sort((a, b) => a - b);
    const status = await app.importerService.status(upload.id);
    const [withPhoto] = await database.db.select({ n: sql<number>`count(*)::int` }).from(petImage);
    const again = await app.importerService.upload(actor, 'mascotas', { fileName, data });
    const t4 = performance.now();
    const dry2 = await app.importerService.setMapping(again.id, { mapeo: again.mapeoSugerido });
    const t5 = performance.now();
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\n${label}, ${ROWS} rows, ${PHOTOS} photos (${(data.length / 1024 / 1024).toFixed(2)} MB), load ${loadAverage()}`);
    console.log(`  upload (read + store)       ${s(t1 - t0)}`);
    console.log(`  dry run                     ${s(t2 - t1)}  (crear ${dry.crear}, errores ${dry.errores.length}; goal < ${GOAL_DRY_RUN_S} s)`);
    console.log(
      `  import job                  ${s(t3 - t2)}  (${status.estado}, creados ${status.creados}, ${withPhoto!.n} with their photo; goal < ${GOAL_IMPORT_S} s)`,
    );
    console.log(`  dry run of the same file    ${s(t5 - t4)}  (omitir ${dry2.omitir})`);
    const at = (q: number) => `${Math.round(answers[Math.min(answers.length - 1, Math.floor(q * answers.length))] ?? 0)} ms`;
    console.log(`  GET /api/health meanwhile   ${answers.length} answers, median ${at(0.5)}, p95 ${at(0.95)}, slowest ${at(1)}`);
  } finally {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const driver of driversToRun()) await run(driver);
