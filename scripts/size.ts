/*
 * `npm run size`: the size budgets of DESIGN 6, measured as a browser receives the pages. The production build is
 * served by the real server on loopback and opened in the system Chromium (a fresh context each time: empty cache,
 * like a first visit); every script and stylesheet the page fetches is counted by its body's bytes on the wire
 * (compressed as the server sent it; Chromium asks for brotli). JavaScript and CSS count together.
 *
 * - /login at its load event: what the sign-in screen needs before it is usable.
 * - /login plus the signed-in first screen: the same visit, left idle (the sign-in screen fetches the signed-in
 *   layout and Home ahead), then signed in until Home shows its list and the network is quiet.
 * - The public pages strangers open on phones (/adopta, the foster portal, the follow-up page, the signing page, /colabora, the inspector's page):
 * - The public pages strangers open on phones (/adopta, the foster portal, the follow-up page, the signing page, /colabora, /cesion, /perdidos):
 *   everything they fetch until the network is quiet.
 * - /embed.js, the catalogue other websites embed: the one file, as the server sends it to a browser.
 *
 * Prints each page's files and totals; exits 1 when a total is over its budget, 2 when the build is missing.
 * Needs `npm run build` first.
 */
import { type Browser, type Page, type Request, chromium } from 'playwright-core';
import { exitUnlessBuilt, startBuiltServer } from '../apps/server/test/helpers/server-process-support';

const ADMIN = { email: 'size-budget@refugio.test', password: 'clave-del-presupuesto-de-bytes-1' };
const KIB = 1024;

/** Budgets in KiB on the wire, JavaScript and CSS together (issue 32, DESIGN 6). */
const BUDGETS = {
  loginAtLoad: 130,
  loginAndFirstScreen: 280,
  publicPage: 30,
  embed: 15,
};

/** The public pages, by an address that opens each (a token that does not exist still loads the page's code). */
const PUBLIC_PAGES = [
  '/adopta',
  '/portal/enlace-de-prueba',
  '/seguimiento/enlace-de-prueba',
  '/firmar/enlace-de-prueba',
  '/colabora',
  '/inspeccion/enlace-de-prueba',
  '/voluntariado/enlace-de-prueba',
  '/cesion',
  '/perdidos',
  '/aviso/enlace-de-prueba',
  '/acogida-oferta/enlace-de-prueba',
];

interface Fetched {
  url: string;
  type: 'script' | 'stylesheet';
  wire: number;
  encoding: string;
}

/** Records every script and stylesheet the page fetches, with its body's bytes on the wire. */
function recordCode(page: Page): { finished: Promise<Fetched>[]; snapshot: () => Promise<Fetched[]> } {
  const finished: Promise<Fetched>[] = [];
  page.on('requestfinished', (request: Request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    finished.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = (await response?.headerValue('content-encoding')) ?? 'ninguna';
        return { url: new URL(request.url()).pathname, type, wire: Math.max(0, sizes.responseBodySize), encoding };
      })(),
    );
  });
  return { finished, snapshot: () => Promise.all([...finished]) };
}

const kib = (bytes: number) => (bytes / KIB).toFixed(1);

let failed = false;
function report(label: string, files: Fetched[], budgetKib: number): void {
  const rows = [...files].sort((a, b) => b.wire - a.wire);
  const total = rows.reduce((sum, f) => sum + f.wire, 0);
  const js = rows.filter((f) => f.type === 'script').reduce((sum, f) => sum + f.wire, 0);
  console.log(`\n${label}: ${rows.length} files`);
  console.table(rows.map((f) => ({ file: f.url, type: f.type, encoding: f.encoding, 'KiB on the wire': kib(f.wire) })));
  const verdict = total > budgetKib * KIB ? `OVER by ${kib(total - budgetKib * KIB)} KiB` : 'within budget';
  console.log(`${label}: ${kib(total)} KiB on the wire (JS ${kib(js)}, CSS ${kib(total - js)}), budget ${budgetKib} KiB: ${verdict}`);
  if (total > budgetKib * KIB) failed = true;
}

async function signedInFirstScreen(browser: Browser, baseUrl: string): Promise<void> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'es-ES' });
  const page = await context.newPage();
  const code = recordCode(page);
  await page.goto('/login', { waitUntil: 'load' });
  report('/login at its load event', await code.snapshot(), BUDGETS.loginAtLoad);
  // A person takes seconds to type: the screen fetches the signed-in code meanwhile.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await page.getByRole('main').waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  report('/login and the signed-in first screen (Home)', await code.snapshot(), BUDGETS.loginAndFirstScreen);
  await context.close();
}

async function publicPage(browser: Browser, baseUrl: string, address: string): Promise<void> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'es-ES', viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const code = recordCode(page);
  await page.goto(address, { waitUntil: 'load' });
  // Code fetched after load (a lazy part) counts too; a page that keeps asking for data never goes quiet, so the
  // wait for quiet is bounded.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  report(address.replace(/\/enlace-de-prueba$/, '/{enlace}'), await code.snapshot(), BUDGETS.publicPage);
  await context.close();
}

async function embedScript(browser: Browser, baseUrl: string): Promise<void> {
  // As a browser fetches it from another website: a script element's request, with the browser's Accept-Encoding.
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const code = recordCode(page);
  await page.goto('/api/health');
  await page.addScriptTag({ url: `${baseUrl}/embed.js` });
  await page.waitForLoadState('networkidle');
  report(
    '/embed.js',
    (await code.snapshot()).filter((f) => f.url === '/embed.js'),
    BUDGETS.embed,
  );
  await context.close();
}

async function main(): Promise<void> {
  exitUnlessBuilt();
  const server = await startBuiltServer({ admin: ADMIN, name: 'size' });
  const baseUrl = server.url;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    console.log(`Bytes on the wire as Chromium ${browser.version()} receives them from the production build (Node ${process.version}).`);
    await signedInFirstScreen(browser, baseUrl);
    for (const address of PUBLIC_PAGES) await publicPage(browser, baseUrl, address);
    await embedScript(browser, baseUrl);
  } finally {
    await browser?.close();
    await server.stop();
  }
  if (failed) {
    console.error('\nA page is over its size budget (DESIGN 6).');
    process.exit(1);
  }
  console.log('\nEvery page within its budget.');
}

await main();
