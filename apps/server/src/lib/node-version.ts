/**
 * The oldest Node.js the server runs on: `engines.node` of the root package.json (require(esm), Web Crypto and
 * the `import.meta.dirname` the code and its dependencies use). Kept equal to it by test/server/node-version.test.ts;
 * scripts/check-node.mjs says the same for `npm start`.
 */
export const MIN_NODE_VERSION = '22.12.0';

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
}

/** The Spanish message to stop with when `version` (process.versions.node) is older than the minimum; undefined when it will do. */
export function nodeVersionProblem(version: string, minimum = MIN_NODE_VERSION): string | undefined {
  const [have, need] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a > b) return undefined;
    if (a < b) {
      const shown = minimum.replace(/\.0$/, '');
      return (
        `Refugio Admin necesita Node.js ${shown} o posterior, y este equipo tiene Node.js ${version.replace(/^v/, '')}.\n` +
        `Instala Node.js ${shown} o una versión más reciente (https://nodejs.org/es/download) y vuelve a intentarlo.`
      );
    }
  }
  return undefined;
}
