import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The server's test files share worker processes (vitest.config.ts: isolate false), so a module an earlier file loaded
 * is not loaded again. A file that mocks a module (vi.mock) must therefore clear the module registry before its own
 * imports (vi.resetModules() inside vi.hoisted) and undo the mock for the files after it (vi.doUnmock in afterAll),
 * as src/storage/local-storage.test.ts does; otherwise its mock may silently not apply, or leak into other files.
 */
const serverRoot = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('server test files in shared workers', () => {
  it('reset the module registry and undo their mocks when they mock a module', () => {
    const offenders = [...testFiles(path.join(serverRoot, 'src')), ...testFiles(path.join(serverRoot, 'test'))]
      .filter((file) => {
        const code = readFileSync(file, 'utf8');
        if (!/\bvi\.(mock|doMock)\(/.test(code)) return false;
        return !(/vi\.hoisted\([^]*?vi\.resetModules\(\)/.test(code) && /afterAll\([^]*?vi\.doUnmock\(/.test(code));
      })
      .map((file) => path.relative(serverRoot, file));
    expect(offenders).toEqual([]);
  });
});
