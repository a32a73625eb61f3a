// Bundles the server into dist/server.js. Dependencies stay external (installed by npm); the workspace's
// own TypeScript packages (@refugio/contracts) are bundled in, since Node cannot run their sources.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
