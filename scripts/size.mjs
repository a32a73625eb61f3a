#!/usr/bin/env node
// Size budgets: the JavaScript a browser downloads to show a page, gzipped, per page.
// - /login: the staff app's entry (index.html) plus the closures of the lazy route modules that render it
//   (the simple layout and the login screen).
// - /adopta: the public pages' own entry (adopta.html); it must download no staff code.
// - /portal: the foster portal's own entry (portal.html), no staff code either.
// - /seguimiento: the adopter's follow-up page (seguimiento.html), no staff code either.
// - /firmar: the contract signing page's own entry (firmar.html), no staff code either.
// - /embed.js: the embeddable catalogue other websites load (its own build, vite.embed.config.ts), one file.
// It reads the Vite manifests of apps/web (the staff app's; the public pages', built on Preact by
// vite.public.config.ts), takes each page's static import closure, gzips each file at level 9 and fails when a
// total exceeds its budget. Run `npm run build -w @refugio/web` first.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(root, 'apps/web/dist');
const MANIFESTS = { staff: join(distDir, '.vite/manifest.json'), public: join(distDir, '.vite/public-manifest.json') };

/** Each page: its entry HTML and the lazy route modules (source paths relative to apps/web) it also needs. */
const PAGES = [
  {
    page: '/login',
    budgetKb: 160,
    build: 'staff',
    entry: 'index.html',
    routeModules: ['src/app/routes/simple-layout.tsx', 'src/features/auth/routes/login.tsx'],
  },
  { page: '/adopta', budgetKb: 120, build: 'public', entry: 'adopta.html', routeModules: [] },
  // The foster portal: its own entry, at most the size of /adopta.
  { page: '/portal', budgetKb: 120, build: 'public', entry: 'portal.html', routeModules: [] },
  // The adopter's follow-up page: its own entry, at most the size of /adopta.
  { page: '/seguimiento', budgetKb: 120, build: 'public', entry: 'seguimiento.html', routeModules: [] },
  // The contract signing page (/firmar/{token}): its own entry with the signature pad, no staff code.
  { page: '/firmar', budgetKb: 120, build: 'public', entry: 'firmar.html', routeModules: [] },
];

/** Single files of the build, measured whole. */
const FILES = [{ page: '/embed.js', budgetKb: 30, file: 'embed.js' }];

for (const manifestPath of Object.values(MANIFESTS)) {
  if (!existsSync(manifestPath)) {
    console.error(`No manifest at ${manifestPath}. Build the web app first: npm run build -w @refugio/web`);
    process.exit(2);
  }
}

/** @type {Record<string, Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>>} */
const manifests = Object.fromEntries(Object.entries(MANIFESTS).map(([build, path]) => [build, JSON.parse(readFileSync(path, 'utf8'))]));

/** Walks static imports only: dynamic imports are other screens, fetched when visited. */
function collectStaticClosure(manifest, startKeys) {
  const seen = new Set();
  const stack = [...startKeys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) stack.push(imported);
  }
  return seen;
}

const kb = (bytes) => (bytes / 1024).toFixed(2);
let failed = false;

for (const { page, budgetKb, build, entry, routeModules } of PAGES) {
  const manifest = manifests[build];
  for (const key of [entry, ...routeModules]) {
    if (!manifest[key]) {
      console.error(`The manifest has no chunk for ${key}; was it moved or renamed?`);
      process.exit(2);
    }
  }
  if (!manifest[entry].isEntry) {
    console.error(`${entry} is not an entry of the build.`);
    process.exit(2);
  }
  const rows = [];
  const cssFiles = new Set();
  for (const key of collectStaticClosure(manifest, [entry, ...routeModules])) {
    const chunk = manifest[key];
    for (const css of chunk.css ?? []) cssFiles.add(css);
    if (!chunk.file.endsWith('.js')) continue;
    const content = readFileSync(join(distDir, chunk.file));
    rows.push({ file: chunk.file, source: key, raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);

  console.log(`\nJavaScript downloaded to show ${page} (gzip level 9):\n`);
  console.table(rows.map((row) => ({ file: row.file, source: row.source, 'raw KB': kb(row.raw), 'gzip KB': kb(row.gzip) })));
  const cssGzip = [...cssFiles].reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length, 0);
  console.log(`CSS (not part of the budget): ${cssFiles.size} file(s), ${kb(cssGzip)} KB gzip`);
  console.log(`Total JavaScript for ${page}: ${kb(totalRaw)} KB raw, ${kb(total)} KB gzip (budget ${budgetKb} KB)`);
  if (total > budgetKb * 1024) {
    console.error(`${page} is over budget by ${kb(total - budgetKb * 1024)} KB gzip.`);
    failed = true;
  } else {
    console.log(`${page}: within budget.`);
  }
}

for (const { page, budgetKb, file } of FILES) {
  const full = join(distDir, file);
  if (!existsSync(full)) {
    console.error(`No ${file} in ${distDir}. Build the web app first: npm run build -w @refugio/web`);
    process.exit(2);
  }
  const content = readFileSync(full);
  const gzip = gzipSync(content, { level: 9 }).length;
  console.log(`\nTotal JavaScript for ${page}: ${kb(content.length)} KB raw, ${kb(gzip)} KB gzip (budget ${budgetKb} KB)`);
  if (gzip > budgetKb * 1024) {
    console.error(`${page} is over budget by ${kb(gzip - budgetKb * 1024)} KB gzip.`);
    failed = true;
  } else {
    console.log(`${page}: within budget.`);
  }
}

if (failed) process.exit(1);
