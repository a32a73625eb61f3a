import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_NODE_VERSION, nodeVersionProblem } from '../../src/lib/node-version';

const root = path.resolve(import.meta.dirname, '../../../..');
const engines = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

/** A Node.js older than the minimum on this machine (Debian's), to start the real entry with; undefined when there is none. */
function olderNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
      if (nodeVersionProblem(version)) return candidate;
    } catch {
      // not installed
    }
  }
  return undefined;
}
const old = olderNode();

/** Issue 47.5: Node 20 installed and ran without a word although the README needs 22.12. */
describe('the Node.js version, checked at start', () => {
  it('is the minimum of package.json engines', () => {
    expect(engines).toBe(`>=${MIN_NODE_VERSION.replace(/\.0$/, '')}`);
  });

  it('refuses an older Node in Spanish and accepts the minimum and later', () => {
    expect(nodeVersionProblem('20.20.2')).toBe(
      'Refugio Admin necesita Node.js 22.12 o posterior, y este equipo tiene Node.js 20.20.2.\n' +
        'Instala Node.js 22.12 o una versión más reciente (https://nodejs.org/es/download) y vuelve a intentarlo.',
    );
    expect(nodeVersionProblem('22.11.9')).toBeDefined();
    expect(nodeVersionProblem('v22.12.0')).toBeUndefined();
    expect(nodeVersionProblem('22.13.0')).toBeUndefined();
    expect(nodeVersionProblem('24.0.0')).toBeUndefined();
    expect(nodeVersionProblem('100.0.0')).toBeUndefined();
  });

  it.skipIf(!old)('stops the server entry and the npm start path on an older Node with the message, before loading anything', () => {
    const tsx = path.join(root, 'node_modules/tsx/dist/loader.mjs');
    const entry = spawnSync(old!, ['--import', tsx, path.join(root, 'apps/server/src/server.ts')], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: '/nonexistent/never-used' },
      timeout: 60_000,
    });
    expect(entry.status).toBe(1);
    expect(entry.stderr).toContain('Refugio Admin necesita Node.js 22.12 o posterior');
    expect(entry.stdout).toBe('');

    const start = spawnSync(old!, [path.join(root, 'scripts/check-node.mjs')], { encoding: 'utf8', timeout: 60_000 });
    expect(start.status).toBe(1);
    expect(start.stderr).toContain('Refugio Admin necesita Node.js 22.12 o posterior, y este equipo tiene Node.js');
    // On this Node it lets the build go on.
    expect(spawnSync(process.execPath, [path.join(root, 'scripts/check-node.mjs')]).status).toBe(0);
  });
});
