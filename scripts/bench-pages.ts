/*
 * `npm run bench:pages`: what a phone sees when it opens /login and /adopta (and one pet's page), measured the way
 * Lighthouse measures it with DevTools throttling, in the system Chromium through playwright-core and the Chrome
 * DevTools Protocol, against the production build served by the real server on loopback. Prints figures; asserts
 * nothing (a shared machine's speed varies).
 *
 * The server (apps/server/dist/server.js) runs on a fresh temporary data directory and a free loopback port with
 * the first administrator, who publishes PETS pets through the API, each with a photo-like JPEG (soft shapes,
 * gradients and grain, 1200x900, under the 150 000-byte limit of a main image), so the catalogue shows photos.
 *
 * Each load is a fresh browser context (empty cache, no cookies, like a first visit). Profiles:
 *   phone    Lighthouse's mobile defaults (Moto G Power): 412x823 at 1.75x, mobile and touch, its user agent;
 *            CPU 4x slower (Emulation.setCPUThrottlingRate); "slow 4G" as Lighthouse's DevTools throttling applies
 *            it (Network.emulateNetworkConditions): 150 ms RTT x 3.75 = 562.5 ms per request, 1.6 Mbit/s x 0.9 =
 *            1 474.56 kbit/s down, 750 kbit/s x 0.9 = 675 kbit/s up (Lighthouse's kbit is 1 024 bits: 188 743 and
 *            86 400 bytes a second).
 *   desktop  1350x940 at 1x, no throttling.
 * Per load: first contentful paint, largest contentful paint (the last 'largest-contentful-paint' entry) and
 * cumulative layout shift (the sum of 'layout-shift' entries without recent input; the largest 1 s / 5 s session
 * window, Lighthouse's figure, is in the JSON), read once the page has settled: no request for --quiet-ms, a frame
 * rendered (the main thread free), then --settle-ms more without a request; the load event; the network quiet time; bytes on the wire (CDP Network.loadingFinished
 * encodedDataLength: headers and body as received, so compression shows) up to the load event and up to the
 * quiet, by kind; the number of requests. The browser sends its own Accept-Encoding (printed).
 *
 * Loads run in rounds (each round: every profile, every page), so a busy machine's noise falls on all alike. One
 * unmeasured warm-up load per page first (the server's first answers are not a phone's concern).
 *
 * Options: --runs=N (default 7) --pets=N (default 12) --pages=login,adopta,pet (default all three)
 * --profiles=phone,desktop --quiet-ms=1000 --settle-ms=1000 --json=FILE --max-minutes=30 (the whole bench stops,
 * cleaning up, after that long). Needs `npm run build` first (the script says so when the build is missing).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { type Browser, type CDPSession, chromium } from 'playwright-core';
import { cpuPressure, intOption, loadAverage, median, option } from '../apps/server/bench/support';
import { type BuiltServer, exitUnlessBuilt, startBuiltServer } from '../apps/server/test/helpers/server-process-support';
import { photo } from './bench-photo';

const ADMIN = { email: 'bench-pages@refugio.test', password: 'clave-del-benchmark-pages-1' };

const RUNS = intOption('runs', 7);
const PETS = intOption('pets', 12);
const QUIET_MS = intOption('quiet-ms', 1000);
const SETTLE_MS = intOption('settle-ms', 1000);
const MAX_MINUTES = intOption('max-minutes', 30);
const JSON_FILE = option('json');
/** A single load gives up after this long (the phone's slowest page takes some 20 s on a busy machine). */
const LOAD_TIMEOUT_MS = 120_000;

/* ------------------------------------------------------------------ profiles */

/** Lighthouse's constants (core/config/constants.js) and how lib/emulation.js turns them into CDP's units. */
const SLOW_4G = {
  latency: 150 * 3.75,
  downloadThroughput: Math.floor((1.6 * 1024 * 0.9 * 1024) / 8),
  uploadThroughput: Math.floor((750 * 0.9 * 1024) / 8),
};

interface Profile {
  name: 'phone' | 'desktop';
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  mobile: boolean;
  cpuRate: number;
  network: typeof SLOW_4G | null;
  /** `{version}` becomes the browser's major version, as Lighthouse does. */
  userAgent: string | null;
}

const PROFILES: Profile[] = [
  {
    name: 'phone',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    mobile: true,
    cpuRate: 4,
    network: SLOW_4G,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{version}.0.0.0 Mobile Safari/537.36',
  },
  { name: 'desktop', viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, mobile: false, cpuRate: 1, network: null, userAgent: null },
];

function listOption(name: string, all: string[]): string[] {
  const value = option(name);
  if (value === undefined) return all;
  const chosen = value.split(',').filter(Boolean);
  const unknown = chosen.filter((c) => !all.includes(c));
  if (unknown.length > 0 || chosen.length === 0) throw new Error(`--${name} takes some of ${all.join(',')} (got "${value}")`);
  return chosen;
}

/* ------------------------------------------------------------------ seeding */

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

const NAMES = ['Luna', 'Toby', 'Nala', 'Coco', 'Rocky', 'Kira', 'Simba', 'Lola', 'Max', 'Bimba', 'Canela', 'Bruno'];

/** PETS published pets with a main photo each, through the API as the staff app creates them; returns their ids and photo sizes. */
async function seedPets(baseUrl: string): Promise<{ ids: number[]; photoBytes: number[] }> {
  const cookie = await signIn(baseUrl);
  const ids: number[] = [];
  const photoBytes: number[] = [];
  for (let i = 0; i < PETS; i++) {
    const jpeg = await photo(i);
    photoBytes.push(jpeg.length);
    const form = new FormData();
    const fields: Record<string, string> = {
      nombre: `${NAMES[i % NAMES.length]!}${i >= NAMES.length ? ` ${i + 1}` : ''}`,
      edad: `${1 + (i % 9)} años`,
      tipo: ['Perro', 'Gato', 'Conejo'][i % 3]!,
      genero: i % 2 ? 'macho' : 'hembra',
      tamano: ['chico', 'mediano', 'grande'][i % 3]!,
      historia: 'Llegó al refugio tras ser encontrado junto a una gasolinera, asustado y con hambre. Hoy pasea con calma y busca una familia.',
      personalidad: 'Cariñoso, tranquilo en casa y juguetón en el parque. Se lleva bien con niños y con otros animales.',
      tags: JSON.stringify(['sociable', 'vacunado', i % 2 ? 'activo' : 'tranquilo']),
      estado: 'publicada',
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `foto-${i + 1}.jpg`);
    const res = await fetch(`${baseUrl}/phpApi/mascota/nueva`, { method: 'POST', headers: { cookie, origin: baseUrl }, body: form });
    if (!res.ok) throw new Error(`creating a pet failed: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  const catalogue = (await (await fetch(`${baseUrl}/api/public/mascotas?page=1&pageSize=12`)).json()) as { total: number };
  if (catalogue.total < PETS) throw new Error(`the public catalogue lists ${catalogue.total} pets, ${PETS} were published`);
  return { ids, photoBytes };
}

/* ------------------------------------------------------------------ one load */

type Kind = 'js' | 'css' | 'img' | 'other';
const KINDS: Kind[] = ['js', 'css', 'img', 'other'];

interface Sample {
  fcp: number;
  lcp: number;
  /** What the largest paint was: tag and, for an image, its path. */
  lcpElement: string;
  /** Sum of the layout shifts without recent input. */
  cls: number;
  /** The largest session window (gaps under 1 s, at most 5 s): Lighthouse's and web-vitals' figure. */
  clsWindow: number;
  load: number;
  /** From the document's request to the last response before the network fell quiet. */
  networkIdle: number;
  quiet: boolean;
  bytesToLoad: Record<Kind | 'total', number>;
  bytesToIdle: Record<Kind | 'total', number>;
  requests: number;
  /** Responses that came with a Content-Encoding, and how many responses there were (to the quiet). */
  compressed: number;
  acceptEncoding: string;
}

function kindOf(type: string | undefined): Kind {
  if (type === 'Script') return 'js';
  if (type === 'Stylesheet') return 'css';
  if (type === 'Image') return 'img';
  return 'other';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Read in the page once it has settled. The observers' buffered entries are taken synchronously (takeRecords). */
const READ_METRICS = `(() => {
  const take = (type) => {
    try {
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type, buffered: true });
      const entries = observer.takeRecords();
      observer.disconnect();
      return entries;
    } catch {
      return [];
    }
  };
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const lcps = take('largest-contentful-paint');
  const lcp = lcps[lcps.length - 1];
  let lcpElement = 'none';
  if (lcp) {
    const el = lcp.element;
    const tag = el ? el.tagName.toLowerCase() : 'element since removed';
    lcpElement = lcp.url ? tag + ' ' + new URL(lcp.url, location.href).pathname : tag + ' (text)';
  }
  const shifts = take('layout-shift').filter((e) => !e.hadRecentInput);
  let sum = 0, windowValue = 0, windowStart = 0, last = 0, largest = 0;
  for (const e of shifts) {
    sum += e.value;
    if (windowValue > 0 && e.startTime - last < 1000 && e.startTime - windowStart < 5000) windowValue += e.value;
    else { windowValue = e.value; windowStart = e.startTime; }
    last = e.startTime;
    largest = Math.max(largest, windowValue);
  }
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    fcp: fcp ? fcp.startTime : NaN,
    lcp: lcp ? lcp.startTime : NaN,
    lcpElement,
    cls: sum,
    clsWindow: largest,
    load: nav && nav.loadEventStart > 0 ? nav.loadEventStart : NaN,
  };
})()`;

interface RequestInfo {
  kind: Kind;
  url: string;
  started: number;
  done: boolean;
}

/** Network traffic of one page, from its own CDP session (monotonic timestamps in seconds). */
function watchNetwork(cdp: CDPSession) {
  const requests = new Map<string, RequestInfo>();
  const finished: { at: number; bytes: number; kind: Kind }[] = [];
  const encodings = new Map<string, string>();
  let acceptEncoding = '';
  let documentAt = Number.NaN;
  let loadAt = Number.NaN;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url)) return;
    if (Number.isNaN(documentAt) && e.type === 'Document') documentAt = e.timestamp;
    requests.set(e.requestId, { kind: kindOf(e.type), url: e.request.url, started: e.timestamp, done: false });
    lastActivity = Date.now();
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const header = Object.entries(e.headers).find(([k]) => k.toLowerCase() === 'accept-encoding');
    if (header && !acceptEncoding) acceptEncoding = String(header[1]);
  });
  cdp.on('Network.responseReceived', (e) => {
    const request = requests.get(e.requestId);
    if (request) request.kind = kindOf(e.type);
    const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding');
    if (encoding) encodings.set(e.requestId, String(encoding[1]));
  });
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    request.done = true;
    finished.push({ at: e.timestamp, bytes: e.encodedDataLength, kind: request.kind });
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (e) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    request.done = true;
    lastActivity = Date.now();
  });
  cdp.on('Page.loadEventFired', (e) => {
    if (Number.isNaN(loadAt)) loadAt = e.timestamp;
  });
  const bytes = (until: number) => {
    const sums = { js: 0, css: 0, img: 0, other: 0, total: 0 };
    for (const f of finished) {
      if (f.at > until) continue;
      sums[f.kind] += f.bytes;
      sums.total += f.bytes;
    }
    return sums;
  };
  return {
    /** Resolves once no request has been open for `quietMs`, or false at the deadline. */
    /** Whether a request started or ended after `since` (a Date.now() value). */
    activeSince: (since: number) => lastActivity > since,
    async quiet(quietMs: number, deadline: number): Promise<boolean> {
      for (;;) {
        const open = [...requests.values()].some((r) => !r.done);
        if (!open && Date.now() - lastActivity >= quietMs) return true;
        if (Date.now() > deadline) return false;
        await sleep(50);
      }
    },
    summary() {
      const lastFinished = finished.reduce((max, f) => Math.max(max, f.at), Number.NEGATIVE_INFINITY);
      return {
        networkIdle: (lastFinished - documentAt) * 1000,
        bytesToLoad: bytes(Number.isNaN(loadAt) ? Number.POSITIVE_INFINITY : loadAt),
        bytesToIdle: bytes(Number.POSITIVE_INFINITY),
        requests: requests.size,
        compressed: encodings.size,
        acceptEncoding,
      };
    },
  };
}

async function measureLoad(browser: Browser, url: string, profile: Profile, majorVersion: string): Promise<Sample> {
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
    locale: 'es-ES',
    serviceWorkers: 'block',
    ...(profile.userAgent ? { userAgent: profile.userAgent.replace('{version}', majorVersion) } : {}),
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = watchNetwork(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Page.enable');
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    const response = await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    // Settled: no request open for QUIET_MS, then the page's main thread has rendered a frame (a CPU-bound render
    // after the last answer, which may start more requests such as the list's photos, is over), then SETTLE_MS
    // more; any request in that time starts the wait again.
    let quiet = false;
    while (Date.now() < deadline) {
      quiet = await network.quiet(QUIET_MS, deadline);
      if (!quiet) break;
      const mark = Date.now();
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))');
      await sleep(SETTLE_MS);
      if (!network.activeSince(mark)) break;
      quiet = false;
    }
    const inPage =
      await page.evaluate<Omit<Sample, 'networkIdle' | 'quiet' | 'bytesToLoad' | 'bytesToIdle' | 'requests' | 'compressed' | 'acceptEncoding'>>(
        READ_METRICS,
      );
    return { ...inPage, ...network.summary(), quiet };
  } finally {
    await context.close();
  }
}

/* ------------------------------------------------------------------ figures */

interface Figure {
  label: string;
  value: (s: Sample) => number;
  format: (n: number) => string;
}

const msFormat = (n: number) => (Number.isNaN(n) ? 'n/a' : `${Math.round(n)} ms`);
const kbFormat = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const FIGURES: Figure[] = [
  { label: 'first contentful paint', value: (s) => s.fcp, format: msFormat },
  { label: 'largest contentful paint', value: (s) => s.lcp, format: msFormat },
  { label: 'cumulative layout shift', value: (s) => s.cls, format: (n) => n.toFixed(3) },
  { label: 'load event', value: (s) => s.load, format: msFormat },
  { label: 'network quiet (last response)', value: (s) => s.networkIdle, format: msFormat },
  ...(['total', ...KINDS] as const).map((k) => ({ label: `bytes to load, ${k}`, value: (s: Sample) => s.bytesToLoad[k], format: kbFormat })),
  ...(['total', ...KINDS] as const).map((k) => ({ label: `bytes to quiet, ${k}`, value: (s: Sample) => s.bytesToIdle[k], format: kbFormat })),
  { label: 'requests', value: (s) => s.requests, format: (n) => String(n) },
];

function summarise(samples: Sample[]) {
  return Object.fromEntries(
    FIGURES.map((f) => {
      const values = samples.map(f.value).filter((n) => !Number.isNaN(n));
      const sorted = [...values].sort((a, b) => a - b);
      return [f.label, { min: sorted[0] ?? Number.NaN, median: median(values), max: sorted.at(-1) ?? Number.NaN }];
    }),
  );
}

function printTable(title: string, samples: Sample[]) {
  const summary = summarise(samples);
  const rows = FIGURES.map((f) => {
    const s = summary[f.label]!;
    return [f.label, f.format(s.min), f.format(s.median), f.format(s.max)];
  });
  const header = ['', 'min', 'median', 'max'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title} (${samples.length} loads)`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const elements = new Map<string, number>();
  for (const s of samples) elements.set(s.lcpElement, (elements.get(s.lcpElement) ?? 0) + 1);
  console.log(
    `largest paint: ${[...elements]
      .sort((a, b) => b[1] - a[1])
      .map(([e, n]) => `${e} x${n}`)
      .join(', ')}`,
  );
  const last = samples.at(-1)!;
  const notQuiet = samples.filter((s) => !s.quiet).length;
  console.log(`compressed responses: ${last.compressed} of ${last.requests} (last load)${notQuiet ? `; ${notQuiet} loads never fell quiet` : ''}`);
}

/* ------------------------------------------------------------------ main */

let cleanup: (() => Promise<void>) | null = null;
/** Set once the watchdog or a signal is stopping the bench. */
let stopping = false;

async function main() {
  const pages = listOption('pages', ['login', 'adopta', 'pet']);
  const profiles = PROFILES.filter((p) => listOption('profiles', ['phone', 'desktop']).includes(p.name));
  exitUnlessBuilt();
  let server: BuiltServer | null = null;
  let browser: Browser | null = null;
  let cleaned = false;
  cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await browser?.close().catch(() => {});
    await server?.stop();
  };
  try {
    server = await startBuiltServer({
      admin: ADMIN,
      name: 'bench-pages',
      env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '0', USER_REQUESTS_PER_MINUTE: '0', ANON_REQUESTS_PER_MINUTE: '0' },
    });
    const baseUrl = server.url;
    const seedStart = performance.now();
    const { ids, photoBytes } = await seedPets(baseUrl);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const urls: Record<string, string> = { login: '/login', adopta: '/adopta', pet: `/adopta/${ids[0]}` };

    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const version = browser.version();
    const majorVersion = version.split('.')[0]!;
    const loadBefore = loadAverage();
    const pressureBefore = cpuPressure();

    // One unmeasured load per page: the server's first answers (files read, statements prepared) are not a phone's.
    for (const name of pages) await measureLoad(browser, `${baseUrl}${urls[name]}`, PROFILES[1]!, majorVersion);

    const samples = new Map<string, Sample[]>();
    const started = performance.now();
    for (let run = 0; run < RUNS; run++) {
      for (const profile of profiles) {
        for (const name of pages) {
          const sample = await measureLoad(browser, `${baseUrl}${urls[name]}`, profile, majorVersion);
          const key = `${urls[name]} ${profile.name}`;
          samples.set(key, [...(samples.get(key) ?? []), sample]);
        }
      }
      process.stderr.write(`round ${run + 1}/${RUNS} done (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    }

    const acceptEncoding = [...samples.values()][0]?.[0]?.acceptEncoding || '(none seen)';
    console.log('Page loads as a phone and a desktop see them (Lighthouse-style, DevTools throttling)');
    console.log(`Node ${process.version}, Chromium ${version} (headless, playwright-core), ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'})`);
    console.log(`load average ${loadBefore} before the loads, ${loadAverage()} after${pressureBefore}`);
    console.log(`${RUNS} loads per page and profile, each in a fresh browser context (empty cache), in rounds; server on ${baseUrl} (PGlite)`);
    console.log(
      `phone: 412x823 @1.75, mobile + touch, CPU x4, network ${SLOW_4G.latency} ms latency, ${SLOW_4G.downloadThroughput} B/s down (${((SLOW_4G.downloadThroughput * 8) / 1024).toFixed(2)} kbit/s), ${SLOW_4G.uploadThroughput} B/s up`,
    );
    console.log('desktop: 1350x940 @1, no throttling');
    console.log(`Accept-Encoding sent by the browser: ${acceptEncoding}`);
    console.log(
      `${PETS} published pets, each with a 1200x900 JPEG (${Math.round(Math.min(...photoBytes) / 1024)}-${Math.round(Math.max(...photoBytes) / 1024)} KB), seeded in ${seedSeconds.toFixed(1)} s; read once settled: ${QUIET_MS} ms without a request, a frame rendered, then ${SETTLE_MS} ms more without one`,
    );
    for (const [key, list] of samples) printTable(key, list);

    if (JSON_FILE) {
      const results = Object.fromEntries([...samples].map(([key, list]) => [key, { samples: list, summary: summarise(list) }]));
      writeFileSync(
        JSON_FILE,
        `${JSON.stringify(
          {
            conditions: {
              node: process.version,
              chromium: version,
              cpus: os.cpus().length,
              loadAverageBefore: loadBefore,
              loadAverageAfter: loadAverage(),
              runs: RUNS,
              pets: PETS,
              quietMs: QUIET_MS,
              settleMs: SETTLE_MS,
              acceptEncoding,
              profiles: profiles.map(({ name, viewport, deviceScaleFactor, mobile, cpuRate, network }) => ({
                name,
                viewport,
                deviceScaleFactor,
                mobile,
                cpuRate,
                network,
              })),
              date: new Date().toISOString(),
            },
            results,
          },
          null,
          2,
        )}\n`,
      );
      console.log(`\nwrote ${JSON_FILE}`);
    }
  } finally {
    await cleanup();
  }
}

// Bounded in time whatever happens: after --max-minutes the bench cleans up and stops.
const watchdog = setTimeout(() => {
  stopping = true;
  console.error(`bench:pages stopped after ${MAX_MINUTES} minutes`);
  void (cleanup ?? (async () => {}))().finally(() => process.exit(124));
}, MAX_MINUTES * 60_000);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    void (cleanup ?? (async () => {}))().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  // After the watchdog or a signal has closed the browser, the load in flight fails: that is not news.
  if (!stopping) console.error(error);
  process.exitCode = 1;
}
