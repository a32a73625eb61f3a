// Bundles the server into dist/server.js (and the chunks it loads lazily). Dependencies stay external (installed by npm); the workspace's
// own TypeScript packages (@refugio/contracts) are bundled in, since Node cannot run their sources.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  // server.ts imports the app lazily (while the database opens): that part becomes its own chunk.
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
