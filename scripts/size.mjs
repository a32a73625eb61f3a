#!/usr/bin/env node
// Size budgets: the JavaScript a browser downloads to show a page, gzipped, per page.
// - /login: the staff app's entry (index.html) plus the closures of the lazy route modules that render it
//   (the simple layout and the login screen).
// - /adopta: the public pages' own entry (adopta.html); it must download no staff code.
// It reads the Vite manifest of apps/web, takes each page's static import closure, gzips each file at level 9
// and fails when a total exceeds its budget. Run `npx vite build` in apps/web first.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(root, 'apps/web/dist');
const manifestPath = join(distDir, '.vite/manifest.json');

/** Each page: its entry HTML and the lazy route modules (source paths relative to apps/web) it also needs. */
const PAGES = [
  { page: '/login', budgetKb: 160, entry: 'index.html', routeModules: ['src/app/routes/simple-layout.tsx', 'src/features/auth/routes/login.tsx'] },
  { page: '/adopta', budgetKb: 120, entry: 'adopta.html', routeModules: [] },
];

if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}. Build the web app first: (cd apps/web && npx vite build)`);
  process.exit(2);
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Walks static imports only: dynamic imports are other screens, fetched when visited. */
function collectStaticClosure(startKeys) {
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

for (const { page, budgetKb, entry, routeModules } of PAGES) {
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
  for (const key of collectStaticClosure([entry, ...routeModules])) {
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

if (failed) process.exit(1);
