// `npm start` and `npm run build` run this first: on a Node.js older than package.json's `engines.node` it says so in
// Spanish and stops, before the build fails with errors that say nothing of the version. Plain JavaScript that old
// versions of Node run; apps/server/src/lib/node-version.ts is the server's own check, with the same words.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const minimum = String(manifest.engines.node).replace(/^>=\s*/, '');
const parts = (v) =>
  v
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
const [have, need] = [parts(process.versions.node), parts(minimum)];
const older = need.some((n, i) => have.slice(0, i).every((h, j) => h === need[j]) && (have[i] ?? 0) < n);
if (older) {
  process.stderr.write(
    `Refugio Admin necesita Node.js ${minimum} o posterior, y este equipo tiene Node.js ${process.versions.node}.\n` +
      `Instala Node.js ${minimum} o una versión más reciente (https://nodejs.org/es/download) y vuelve a intentarlo.\n`,
  );
  process.exit(1);
}
