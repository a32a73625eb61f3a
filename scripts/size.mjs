#!/usr/bin/env node
// Size budget of the sign-in screen: the JavaScript a browser downloads to show /login, gzipped.
// It reads the Vite manifest of apps/web, takes the entry's static import closure plus the closures of
// the lazy route modules that render /login (the simple layout and the login screen), gzips each file
// at level 9 and fails when the total exceeds the budget. Run `npx vite build` in apps/web first.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 160;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(root, 'apps/web/dist');
const manifestPath = join(distDir, '.vite/manifest.json');

// Source paths (relative to apps/web) of the lazy route modules matched by /login.
const LOGIN_ROUTE_MODULES = ['src/app/routes/simple-layout.tsx', 'src/features/auth/routes/login.tsx'];

if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}. Build the web app first: (cd apps/web && npx vite build)`);
  process.exit(2);
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
if (entryKeys.length !== 1) {
  console.error(`Expected exactly one entry in the manifest, found ${entryKeys.length}.`);
  process.exit(2);
}

for (const key of LOGIN_ROUTE_MODULES) {
  if (!manifest[key]) {
    console.error(`The manifest has no chunk for ${key}; was the route module moved or renamed?`);
    process.exit(2);
  }
}

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

const keys = collectStaticClosure([...entryKeys, ...LOGIN_ROUTE_MODULES]);
const rows = [];
const cssFiles = new Set();
for (const key of keys) {
  const chunk = manifest[key];
  for (const css of chunk.css ?? []) cssFiles.add(css);
  if (!chunk.file.endsWith('.js')) continue;
  const content = readFileSync(join(distDir, chunk.file));
  rows.push({
    file: chunk.file,
    source: key,
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
  });
}
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => (bytes / 1024).toFixed(2);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);

console.log('JavaScript downloaded to show /login (gzip level 9):\n');
console.table(rows.map((row) => ({ file: row.file, source: row.source, 'raw KB': kb(row.raw), 'gzip KB': kb(row.gzip) })));
const cssGzip = [...cssFiles].reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length, 0);
console.log(`CSS (not part of the budget): ${cssFiles.size} file(s), ${kb(cssGzip)} KB gzip`);
console.log(`\nTotal JavaScript: ${kb(totalRaw)} KB raw, ${kb(total)} KB gzip (budget ${BUDGET_KB} KB)`);

if (total > BUDGET_KB * 1024) {
  console.error(`\nOver budget by ${kb(total - BUDGET_KB * 1024)} KB gzip.`);
  process.exit(1);
}
console.log('Within budget.');
