import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const child = path.join(import.meta.dirname, '../helpers/fixtures/log-destination-child.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'refugio-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The messages of the JSON lines in `text`, in order. */
const messages = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('the log destination', () => {
  it('writes access lines in batches, a warning at once with what came before, the rest within moments and at exit', async () => {
    const out = path.join(dir, 'out.log');
    const fd = openSync(out, 'w');
    const proc = spawn(process.execPath, ['--import', 'tsx', child], { env: { ...process.env, OUT: out }, stdio: ['ignore', fd, 'pipe'] });
    let stderr = '';
    proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    expect(code, stderr).toBe(0);
    const steps = Object.fromEntries(
      stderr
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { step: string; file: string })
        .map(({ step, file }) => [step, messages(file)]),
    );
    // An info line waits (no write per line)...
    expect(steps['after info']).toEqual([]);
    // ...a warning is written before the call returns, after what waited.
    expect(steps['after warn']).toEqual(['uno', 'dos']);
    // A line waits a moment at most.
    expect(steps['after a while']).toEqual(['uno', 'dos', 'tres']);
    // At exit nothing is left behind.
    expect(messages(readFileSync(out, 'utf8'))).toEqual(['uno', 'dos', 'tres', 'cuatro']);
  });
});
