/*
 * `npm run bench:signin`: how long a person waits between pressing "Iniciar sesión" and seeing the list of
 * pets, in a real browser (the system Chromium through playwright-core) against the production build served
 * by the real server on loopback. Prints figures; asserts nothing (a shared machine's speed varies).
 *
 * Each run is a fresh browser context (empty cache and cookies, like a first visit): it opens /login, waits
 * until the page is idle (a person takes seconds to type), fills the form, then times from the click to the
 * first pet of the list on screen. Also timed: the sign-in request itself (POST /api/auth/sign-in/email).
 *
 * Options: --runs=N (default 15), --pets=N (default 26), --width=PX (default 1280), --trace (prints the requests of
 * the last run after the click, with their start and end times: the waterfall, if any).
 * Needs `npm run build` first (the script says so when the build is missing).
 */
import os from 'node:os';
import { type Browser, chromium, type Request } from 'playwright-core';
import { exitUnlessBuilt, startBuiltServer } from '../apps/server/test/helpers/server-process-support';

const ADMIN = { email: 'bench-signin@refugio.test', password: 'clave-del-benchmark-signin-1' };

function intOption(name: string, fallback: number): number {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const n = Number(arg.slice(name.length + 3));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const ms = (n: number) => `${Math.round(n)} ms`;

async function seedPets(baseUrl: string, count: number): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const names = ['Luna', 'Toby', 'Nala', 'Coco', 'Rocky', 'Kira', 'Simba', 'Lola', 'Max', 'Bimba'];
  let first = '';
  for (let i = 0; i < count; i += 1) {
    const nombre = `${names[i % names.length]} ${i + 1}`;
    if (i === count - 1) first = nombre;
    const body = new FormData();
    for (const [k, v] of Object.entries({ nombre, edad: '2 años', tipo: i % 3 ? 'Perro' : 'Gato', genero: 'hembra', tamano: 'mediano' }))
      body.set(k, v);
    const created = await fetch(`${baseUrl}/phpApi/mascota/nueva`, { method: 'POST', headers: { origin: baseUrl, cookie }, body });
    if (!created.ok) throw new Error(`creating a pet failed: ${created.status} ${await created.text()}`);
  }
  // The newest pet comes first in the list.
  return first;
}

async function main() {
  const runs = intOption('runs', 15);
  const petCount = intOption('pets', 26);
  const width = intOption('width', 1280);
  const trace = process.argv.includes('--trace');
  exitUnlessBuilt();
  const server = await startBuiltServer({
    admin: ADMIN,
    name: 'bench-signin',
    env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '0', USER_REQUESTS_PER_MINUTE: '0', ANON_REQUESTS_PER_MINUTE: '0' },
  });
  const baseUrl = server.url;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const firstPet = await seedPets(baseUrl, petCount);
    const toList: number[] = [];
    const listAskedAt: number[] = [];
    const codeAfterClick: number[] = [];
    const signInCall: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ baseURL: baseUrl, locale: 'es-ES', viewport: { width, height: 900 } });
      const page = await context.newPage();
      let signInRequest: Request | null = null;
      const requests: Request[] = [];
      page.on('request', (request) => {
        requests.push(request);
        if (request.url().endsWith('/api/auth/sign-in/email')) signInRequest = request;
      });
      await page.goto('/login', { waitUntil: 'networkidle' });
      await page.getByLabel('Correo electrónico').fill(ADMIN.email);
      await page.getByLabel('Contraseña').fill(ADMIN.password);
      // Timed in the page (performance.now()), so the driver's own round trips and polling do not count: a
      // MutationObserver notes when a link named after the newest pet is in the document with a size.
      const clickedAt = await page.evaluate<number>(`(() => {
        const name = ${JSON.stringify(firstPet)};
        window.__petShown = new Promise((resolve) => {
          const check = () => {
            const link = [...document.querySelectorAll('a')].find((a) => a.textContent.trim() === name);
            return link && link.getBoundingClientRect().height > 0;
          };
          const observer = new MutationObserver(() => {
            if (check()) {
              observer.disconnect();
              resolve(performance.now());
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Iniciar sesión');
        const at = performance.now();
        button.click();
        return at;
      })()`);
      const shownAt = await page.evaluate<number>('window.__petShown');
      await page.getByRole('link', { name: firstPet, exact: true }).first().waitFor({ state: 'visible', timeout: 30_000 });
      toList.push(shownAt - clickedAt);
      const timing = (signInRequest as Request | null)?.timing();
      if (timing && timing.responseEnd > 0) signInCall.push(timing.responseEnd - timing.requestStart);
      // The shape of the wait, less sensitive to the machine's load than the total: when the list's data was asked
      // for, and how many code files were still fetched after the click.
      const origin = await page.evaluate(() => performance.timeOrigin);
      const sinceClick = (request: Request) => request.timing().startTime - origin - clickedAt;
      const listRequest = requests.find((r) => r.url().includes('/phpApi/mascotas?') && sinceClick(r) >= 0);
      if (listRequest) listAskedAt.push(sinceClick(listRequest));
      codeAfterClick.push(requests.filter((r) => /\/assets\/.+\.js$/.test(r.url()) && sinceClick(r) >= 0).length);
      if (trace && run === runs - 1) {
        console.log('requests after the click (ms from the click: start - end):');
        for (const request of requests) {
          const t = request.timing();
          const start = t.startTime - origin - clickedAt;
          if (start < -1) continue;
          const end = t.responseEnd >= 0 ? `${Math.round(start + t.responseEnd)}` : '?';
          console.log(`  ${Math.round(start)} - ${end}  ${request.method()} ${request.url().replace(baseUrl, '')}`);
        }
      }
      await context.close();
    }
    const sorted = [...toList].sort((a, b) => a - b);
    console.log(`Sign-in to the pet list (${petCount} pets, ${width} px, fresh browser context per run, loopback)`);
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.log(`runs: ${runs}`);
    console.log(`click -> first pet on screen: median ${ms(median(toList))}, min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)}`);
    if (signInCall.length > 0) console.log(`the sign-in request alone: median ${ms(median(signInCall))}`);
    if (listAskedAt.length > 0) console.log(`the list's data asked for: median ${ms(median(listAskedAt))} after the click`);
    console.log(`JavaScript files fetched after the click: median ${median(codeAfterClick)}`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
