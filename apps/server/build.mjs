// Bundles the server into dist/server.js. Dependencies stay external (installed by npm); the workspace's
// own TypeScript packages (@refugio/contracts) are bundled in, since Node cannot run their sources.
// Code the server imports dynamically (the S3 driver, the backup writer) goes into chunks of its own, so
// start-up does not load it or the libraries it imports.
// Then it makes the template new PGlite databases start from (src/db/pglite-template.ts), unless the one there
// is still current.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/chunks', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/db/make-pglite-template.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@refugio/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

execFileSync(process.execPath, ['dist/make-pglite-template.js'], { stdio: 'inherit' });
