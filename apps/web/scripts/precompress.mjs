#!/usr/bin/env node
// Compresses the built web app once, at build time: beside each text asset of dist/ (scripts, stylesheets, HTML,
// SVG) a brotli copy (`.br`, quality 11) and a gzip copy (`.gz`, level 9), which the server sends as they are to a
// browser that accepts them (@fastify/static's `preCompressed`), so nothing is compressed again per request.
// A copy is written only when it saves something worth a header (DESIGN 6: what a browser downloads is what counts).
// Run after the three Vite builds (the web package's `build` script does): `node scripts/precompress.mjs [folder]`.
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The build's folder, or another one given as the first argument (the server's tests compress their own). */
const distDir = process.argv[2] ? resolve(process.argv[2]) : resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this a compressed copy saves less than its own response headers. */
const MIN_BYTES = 512;
/** A copy must be at least this much smaller than the original to be kept. */
const MIN_RATIO = 0.9;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifests: read by scripts, never served.
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

let written = 0;
let rawTotal = 0;
let brTotal = 0;
/** Compresses one file's copies (on libuv's thread pool, so the files are done on every core at once). */
async function precompress(file) {
  // A rebuild into the same folder must not keep a copy of an older file.
  for (const suffix of ['.br', '.gz']) {
    try {
      unlinkSync(file + suffix);
    } catch {
      // none there
    }
  }
  const size = statSync(file).size;
  if (size < MIN_BYTES) return;
  const content = readFileSync(file);
  const [br, gz] = await Promise.all([
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  if (br.length <= size * MIN_RATIO) {
    writeFileSync(file + '.br', br);
    written += 1;
    rawTotal += size;
    brTotal += br.length;
  }
  if (gz.length <= size * MIN_RATIO) writeFileSync(file + '.gz', gz);
}

await Promise.all([...files(distDir)].filter((file) => COMPRESSIBLE.has(extname(file))).map(precompress));
console.log(`precompress: ${written} files, ${(rawTotal / 1024).toFixed(0)} KiB raw -> ${(brTotal / 1024).toFixed(0)} KiB brotli`);
