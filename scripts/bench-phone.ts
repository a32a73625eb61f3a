/*
 * `npm run bench:phone`: Lighthouse's performance score on a phone for every page people open on one, against the
 * production build served by the real server on loopback. Needs `npm run build` first (it builds nothing itself).
 *
 * The server (apps/server/dist/server.js) runs on a fresh temporary data directory and a free loopback port with
 * the first administrator, who makes the fixtures through the API: a published pet with a photo (and a care task,
 * so /cuidados lists something), a volunteer's link, a foster home's portal link and a link to sign a volunteer
 * agreement. Lighthouse 12 (npm `lighthouse`) runs in the system Chromium (chrome-launcher, headless, the
 * background-networking flags of playwright.config.ts) with its default mobile preset: Moto G Power's screen, simulated
 * slow 4G (150 ms RTT, 1.6 Mbit/s) and a CPU 4x slower. /cuidados is opened signed in (the session cookie on every
 * request); every other page signed out, as a stranger opens it.
 *
 * Each page runs --runs times (default 3), in rounds (every page once, then again), so a busy machine's noise falls
 * on all alike. Prints each page's median performance score, first and largest contentful paint, total blocking
 * time and cumulative layout shift (each the median of its own runs), and the machine's load average; exits 1 when a
 * page's median score is under 90 or its median total blocking time is 200 ms or more.
 *
 * Options: --runs=N (default 3) --pages=login,adopta,... (default all ten) --json=FILE (every run's figures).
 * --pages=login-app adds, for comparison only, the sign-in as the staff app shows it (/ signed out, which the app
 * sends to its own /login route): what /login was before its light entry.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { cpuPressure, intOption, loadAverage, median, option } from '../apps/server/bench/support';
import { type BuiltServer, exitUnlessBuilt, startBuiltServer } from '../apps/server/test/helpers/server-process-support';
import { photo } from './bench-photo';

const ADMIN = { email: 'bench-phone@refugio.test', password: 'clave-del-benchmark-phone-1' };
const RUNS = intOption('runs', 3);
const JSON_FILE = option('json');
const MIN_SCORE = 90;
const MAX_TBT_MS = 200;

/** The flags of playwright.config.ts, headless as Chromium's new headless mode. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/* ------------------------------------------------------------------ fixtures */

interface Fixtures {
  cookie: string;
  petId: number;
  volunteerPath: string;
  portalPath: string;
  signingPath: string;
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Makes the fixtures as staff would, through the API (the same calls as the browser journeys in e2e/). */
async function makeFixtures(baseUrl: string): Promise<Fixtures> {
  const cookie = await signIn(baseUrl);
  const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  };

  // A published pet with its photo (as bench-pages.ts publishes them).
  const form = new FormData();
  const fields: Record<string, string> = {
    nombre: 'Luna',
    edad: '3 años',
    tipo: 'Perro',
    genero: 'hembra',
    tamano: 'mediano',
    historia: 'Llegó al refugio tras ser encontrada junto a una gasolinera, asustada y con hambre. Hoy pasea con calma y busca una familia.',
    personalidad: 'Cariñosa, tranquila en casa y juguetona en el parque. Se lleva bien con niños y con otros animales.',
    tags: JSON.stringify(['sociable', 'vacunado', 'tranquilo']),
    estado: 'publicada',
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('image', new Blob([new Uint8Array(await photo(0))], { type: 'image/jpeg' }), 'luna.jpg');
  const created = await fetch(`${baseUrl}/phpApi/mascota/nueva`, { method: 'POST', headers: { cookie, origin: baseUrl }, body: form });
  if (!created.ok) throw new Error(`creating a pet failed: ${created.status} ${await created.text()}`);
  const petId = ((await created.json()) as { id: number }).id;
  const today = new Date().toISOString().slice(0, 10);
  await call('POST', `/api/mascotas/${petId}/salud`, { tipo: 'desparasitacion_interna', nombre: 'Pastilla', fechaProgramada: today });

  // A volunteer with a shift ahead and their link (e2e/volunteers.spec.ts).
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await call('POST', '/api/turnos', { tarea: 'Paseos', inicio: `${day}T10:00:00`, fin: `${day}T12:00:00`, plazas: 2 });
  const volunteer = await call('POST', '/api/personas', {
    nombre: 'Lucía',
    apellidos: 'Voluntaria',
    email: 'lucia@example.com',
    telefono: '+34600111222',
    roles: ['voluntario'],
    consentimientos: { whatsapp: true },
  });
  const volunteerLink = await call('POST', `/api/personas/${String(volunteer.id)}/voluntariado/enlace`);

  // A foster home with a second pet placed with it, and its portal link (e2e/foster-portal.spec.ts).
  const fosterPet = new FormData();
  for (const [k, v] of Object.entries({ nombre: 'Canela', edad: '1 año', tipo: 'Gato', genero: 'hembra', tamano: 'chico' })) fosterPet.set(k, v);
  const placedPet = await fetch(`${baseUrl}/phpApi/mascota/nueva`, { method: 'POST', headers: { cookie, origin: baseUrl }, body: fosterPet });
  if (!placedPet.ok) throw new Error(`creating a pet failed: ${placedPet.status} ${await placedPet.text()}`);
  const fosterPetId = ((await placedPet.json()) as { id: number }).id;
  const foster = await call('POST', '/api/personas', { nombre: 'Marta', apellidos: 'Acogida', email: 'marta@example.com', roles: ['acogida'] });
  const { version } = (await call('GET', `/phpApi/mascota/${fosterPetId}`)) as { version: number };
  await call('POST', `/api/mascotas/${fosterPetId}/movimientos`, { tipo: 'acogida', personaId: foster.id, fecha: today, version });
  const portalLink = await call('POST', `/api/personas/${String(foster.id)}/portal`);

  // The volunteer's agreement, sent to sign (by WhatsApp: the answer carries the link; no mail server needed).
  const agreement = await call('POST', `/api/personas/${String(volunteer.id)}/voluntariado/acuerdo`, { tipo: 'acuerdo_voluntariado' });
  const sent = await call('POST', `/api/documentos/${String(agreement.documentoId)}/enviar`, { canal: 'whatsapp' });

  const pathOf = (answer: Record<string, unknown>) => new URL(String(answer.url)).pathname;
  return { cookie, petId, volunteerPath: pathOf(volunteerLink), portalPath: pathOf(portalLink), signingPath: pathOf(sent) };
}

/* ------------------------------------------------------------------ pages */

interface PageToMeasure {
  name: string;
  path: string;
  signedIn: boolean;
  /** Where the page ends, when not at `path`. */
  endsAt?: string;
  /** Measured for comparison only: its score does not decide the exit code. */
  reference?: boolean;
}

function pagesOf(fixtures: Fixtures): PageToMeasure[] {
  return [
    { name: 'login', path: '/login', signedIn: false },
    { name: 'adopta', path: '/adopta', signedIn: false },
    { name: 'pet', path: `/adopta/${fixtures.petId}`, signedIn: false },
    { name: 'colabora', path: '/colabora', signedIn: false },
    { name: 'perdidos', path: '/perdidos', signedIn: false },
    { name: 'cesion', path: '/cesion', signedIn: false },
    { name: 'voluntariado', path: fixtures.volunteerPath, signedIn: false },
    { name: 'portal', path: fixtures.portalPath, signedIn: false },
    { name: 'firmar', path: fixtures.signingPath, signedIn: false },
    { name: 'cuidados', path: '/cuidados', signedIn: true },
    // The sign-in as the staff app shows it (what /login was before its light entry): / signed out, redirected in the app.
    { name: 'login-app', path: '/', signedIn: false, endsAt: '/login', reference: true },
  ];
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** A page that did not end where it was opened (a sign-in redirect) is not the page measured. */
  finalUrl: string;
}

async function runLighthouse(port: number, url: string, cookie: string | null): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/** Lighthouse sometimes fails to record a trace on a saturated machine (NO_NAVSTART, NO_FCP): that run is tried again, twice at most. */
async function measureWithRetries(port: number, url: string, cookie: string | null): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(port, url, cookie);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (${url}: ${error instanceof Error ? error.message : String(error)}; trying again)`);
    }
  }
}

/* ------------------------------------------------------------------ main */

function listOption(name: string, all: string[]): string[] {
  const raw = option(name);
  if (!raw) return all;
  const chosen = raw.split(',').filter(Boolean);
  const unknown = chosen.filter((p) => !all.includes(p));
  if (unknown.length > 0) throw new Error(`--${name}: unknown ${unknown.join(', ')} (known: ${all.join(', ')})`);
  return chosen;
}

function printTable(results: Map<string, { page: PageToMeasure; runs: Run[] }>): boolean {
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const header = ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'scores', ''];
  const rows: string[][] = [];
  let ok = true;
  for (const { page, runs } of results.values()) {
    const score = median(runs.map((r) => r.score));
    const tbt = median(runs.map((r) => r.tbt));
    const pass = score >= MIN_SCORE && tbt < MAX_TBT_MS;
    if (!pass && !page.reference) ok = false;
    rows.push([
      page.name === 'pet'
        ? '/adopta/{id}'
        : page.reference
          ? `${page.path} -> ${page.endsAt ?? page.path} (reference)`
          : page.path.replace(/\/[A-Za-z0-9_-]{43}$/, '/{token}'),
      String(score),
      secs(median(runs.map((r) => r.fcp))),
      secs(median(runs.map((r) => r.lcp))),
      `${Math.round(tbt)} ms`,
      median(runs.map((r) => r.cls)).toFixed(3),
      runs.map((r) => r.score).join(' '),
      pass ? 'ok' : `UNDER (score >= ${MIN_SCORE}, TBT < ${MAX_TBT_MS} ms)`,
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nMedians of ${RUNS} Lighthouse runs per page (mobile preset: slow 4G simulated, CPU x4)`);
  console.log(line(header));
  for (const row of rows) console.log(line(row).trimEnd());
  return ok;
}

async function main() {
  exitUnlessBuilt();
  const defaults = ['login', 'adopta', 'pet', 'colabora', 'perdidos', 'cesion', 'voluntariado', 'portal', 'firmar', 'cuidados'];
  const wanted = listOption('pages', [...defaults, 'login-app']);
  if (!option('pages')) wanted.splice(0, wanted.length, ...defaults);
  let server: BuiltServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const stop = async () => {
    chrome?.kill();
    chrome = undefined;
    await server?.stop();
    server = undefined;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop().finally(() => process.exit(130)));
  try {
    server = await startBuiltServer({
      admin: ADMIN,
      name: 'bench-phone',
      // A start on a busy shared machine can take over a minute.
      readyTimeoutMs: 300_000,
      env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '0', USER_REQUESTS_PER_MINUTE: '0', ANON_REQUESTS_PER_MINUTE: '0' },
    });
    const fixtures = await makeFixtures(server.url);
    const pages = pagesOf(fixtures).filter((p) => wanted.includes(p.name));
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    const version = ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;
    console.log(`Lighthouse 12 in ${version}, Node ${process.version}, ${os.cpus().length} CPUs; ${RUNS} runs of ${pages.length} pages.`);
    console.log(`Load average before: ${loadAverage()}${cpuPressure()}`);
    const results = new Map(pages.map((page) => [page.name, { page, runs: [] as Run[] }]));
    for (let round = 0; round < RUNS; round += 1) {
      for (const page of pages) {
        const run = await measureWithRetries(chrome.port, `${server.url}${page.path}`, page.signedIn ? fixtures.cookie : null);
        if (new URL(run.finalUrl).pathname !== (page.endsAt ?? page.path))
          throw new Error(`${page.path} ended at ${run.finalUrl}: not the page to measure`);
        results.get(page.name)!.runs.push(run);
        console.log(
          `  run ${round + 1} ${page.name}: score ${run.score}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}`,
        );
      }
    }
    const ok = printTable(results);
    console.log(`Load average after: ${loadAverage()}${cpuPressure()}`);
    if (JSON_FILE) writeFileSync(JSON_FILE, JSON.stringify(Object.fromEntries([...results].map(([k, v]) => [k, v.runs])), null, 2));
    if (!ok) {
      console.error(`\nA page is under ${MIN_SCORE} or blocks ${MAX_TBT_MS} ms or more (median).`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
  }
}

await main();
