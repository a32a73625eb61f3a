/*
 * `npm run test:durations -- <report.json> [more.json ...] [--top=25]`: where a vitest run spent its time, from the
 * report its JSON reporter wrote (`npx vitest run --reporter=default --reporter=json --outputFile.json=report.json`).
 * Prints each file's time (its first test's start to its last test's end, and what its tests took), the slowest files
 * first, with totals per project folder and the run's span. Given two reports, prints both and their difference per
 * file (the same file in both), so a change to the set-up can be judged file by file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface AssertionResult {
  status: string;
  duration?: number | null;
}
interface FileResult {
  name: string;
  status: string;
  startTime: number;
  endTime: number;
  assertionResults: AssertionResult[];
}
interface Report {
  startTime: number;
  numTotalTests: number;
  numFailedTests: number;
  numPassedTests: number;
  numPendingTests: number;
  testResults: FileResult[];
}

interface FileTime {
  file: string;
  /** The file's start (vitest: after its module was imported and collected) to its end, in ms. */
  span: number;
  /** What its tests took, summed. */
  tests: number;
  count: number;
  failed: number;
}

const args = process.argv.slice(2);
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
const reports = args.filter((a) => !a.startsWith('--'));
if (reports.length === 0) {
  console.error('usage: npm run test:durations -- <report.json> [other.json] [--top=25]');
  process.exit(2);
}

const root = process.cwd();
function read(file: string): { report: Report; files: FileTime[]; wall: number } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  const files = report.testResults.map((r) => ({
    file: path.relative(root, r.name),
    span: r.endTime - r.startTime,
    tests: r.assertionResults.reduce((sum, a) => sum + (a.duration ?? 0), 0),
    count: r.assertionResults.length,
    failed: r.assertionResults.filter((a) => a.status === 'failed').length,
  }));
  const wall = Math.max(...report.testResults.map((r) => r.endTime)) - report.startTime;
  return { report, files, wall };
}

const s = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
const runs = reports.map((file) => ({ file, ...read(file) }));

for (const run of runs) {
  const { report, files, wall } = run;
  console.log(
    `\n${run.file}: ${files.length} files, ${report.numTotalTests} tests (${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped); from the run's start to its last file's end ${s(wall)} s`,
  );
  const byFolder = new Map<string, { span: number; count: number }>();
  for (const f of files) {
    const parts = f.file.split('/');
    const folder = parts.slice(0, parts[0] === 'apps' || parts[0] === 'packages' ? 3 : 1).join('/');
    const entry = byFolder.get(folder) ?? { span: 0, count: 0 };
    entry.span += f.span;
    entry.count += 1;
    byFolder.set(folder, entry);
  }
  console.log('  per folder (files, summed file time s):');
  for (const [folder, e] of [...byFolder].sort((a, b) => b[1].span - a[1].span))
    console.log(`    ${String(e.count).padStart(4)} ${s(e.span)}  ${folder}`);
  const total = files.reduce((sum, f) => sum + f.span, 0);
  const tests = files.reduce((sum, f) => sum + f.tests, 0);
  console.log(`  summed file time ${s(total)} s, of which in tests ${s(tests)} s (the rest: the files' hooks, beforeAll/afterAll)`);
  console.log(`  slowest ${Math.min(top, files.length)} files (file s, tests s, tests):`);
  for (const f of [...files].sort((a, b) => b.span - a.span).slice(0, top)) {
    console.log(`    ${s(f.span)} ${s(f.tests)} ${String(f.count).padStart(4)}${f.failed ? ` (${f.failed} failed)` : ''}  ${f.file}`);
  }
}

if (runs.length === 2) {
  const [a, b] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const before = new Map(a.files.map((f) => [f.file, f]));
  const both = b.files.filter((f) => before.has(f.file));
  const sumA = both.reduce((sum, f) => sum + before.get(f.file)!.span, 0);
  const sumB = both.reduce((sum, f) => sum + f.span, 0);
  console.log(`\n${both.length} files in both: summed file time ${s(sumA)} s -> ${s(sumB)} s; span of the run ${s(a.wall)} s -> ${s(b.wall)} s`);
  for (const f of both.sort((x, y) => before.get(y.file)!.span - y.span - (before.get(x.file)!.span - x.span)).slice(0, top)) {
    console.log(`    ${s(before.get(f.file)!.span)} -> ${s(f.span)}  ${f.file}`);
  }
}
