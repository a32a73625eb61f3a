/*
 * Video upload benchmark: starts the REAL built server (node apps/server/dist/server.js, PGlite and local storage
 * on a temporary DATA_DIR), signs in, creates a pet and streams a 50 MB MP4 to POST /api/mascotas/{id}/videos
 * over a real socket, three times. Reports throughput and the server process's peak RSS growth (VmRSS from
 * /proc/<pid>/status every ~20 ms, sampled from a worker thread). Then checks what was stored.
 *
 *   npm run bench:upload        (builds the server first)
 * Options: --runs=3  --warm-up (upload a 64 KB MP4 first, not measured: separates one-time costs)
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { VIDEO_MAX_BYTES } from '@refugio/contracts';
import { multipart, petFields } from '../test/helpers/media';
import { type RunningServer, freePort, spawnServer, waitReady } from '../test/helpers/server-process-support';
import { cpuPressure, loadAverage, median } from './support';

const GOAL_GROWTH_MB = 40;
const MB = 1024 * 1024;
const VIDEO_BYTES = VIDEO_MAX_BYTES; // 50 MB = 52 428 800 bytes, the largest video the server accepts.
const CHUNK = 64 * 1024;
const SAMPLE_MS = 20;
const RUNS = (() => {
  const arg = process.argv.slice(2).find((a) => a.startsWith('--runs='));
  const n = arg ? Number(arg.slice('--runs='.length)) : 3;
  if (!Number.isInteger(n) || n < 1) throw new Error('--runs must be a positive integer');
  return n;
})();

/** --warm-up: one small upload (64 KB) before the measured runs, to tell one-time costs from per-upload ones. */
const WARM_UP = process.argv.slice(2).includes('--warm-up');

const entry = path.resolve(import.meta.dirname, '../dist/server.js');

/* ------------------------------------------------------------------ the video, as a stream */

/** The smallest MP4 head file-type recognises (test/helpers/media.ts videoBytes.mp4): an `ftyp` box, brand isom. */
const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
/** 16 random 64 KB blocks (1 MB) reused in turn: the body is generated, never held whole. */
const BLOCKS = Array.from({ length: 16 }, () => randomBytes(CHUNK));
if (VIDEO_BYTES % CHUNK !== 0) throw new Error('the video size must be a multiple of the chunk size');
const CHUNKS = VIDEO_BYTES / CHUNK;
const FIRST_CHUNK = Buffer.concat([MP4_HEAD, BLOCKS[0]!.subarray(MP4_HEAD.length)]);

function* videoChunks(chunks = CHUNKS): Generator<Buffer> {
  for (let i = 0; i < chunks; i++) yield i === 0 ? FIRST_CHUNK : BLOCKS[i % BLOCKS.length]!;
}

function expectedSha256(): string {
  const hash = createHash('sha256');
  for (const chunk of videoChunks()) hash.update(chunk);
  return hash.digest('hex');
}

/** multipart/form-data with one file field, as a pull stream (backpressure: a chunk is made when the socket wants it). */
function multipartVideo(fieldName: string, fileName: string, chunks = CHUNKS): { body: Readable; contentType: string; length: number } {
  const boundary = `----refugio-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  function* parts(): Generator<Buffer> {
    yield head;
    yield* videoChunks(chunks);
    yield tail;
  }
  return {
    body: Readable.from(parts(), { objectMode: false, highWaterMark: CHUNK }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + chunks * CHUNK + tail.length,
  };
}

/* ------------------------------------------------------------------ http */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let port = 0;

function send(method: string, url: string, headers: http.OutgoingHttpHeaders = {}, body?: Buffer | Readable): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body instanceof Readable) {
      body.on('error', (error) => req.destroy(error));
      body.pipe(req);
    } else {
      req.end(body);
    }
  });
}

/** Streams a response body into SHA-256 without keeping it. */
function hashDownload(url: string, headers: http.OutgoingHttpHeaders): Promise<{ status: number; bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: url, headers, agent: false }, (res) => {
      const hash = createHash('sha256');
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        hash.update(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, sha256: hash.digest('hex') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function json<T>(answer: Answer, what: string): T {
  if (answer.status !== 200) throw new Error(`${what}: HTTP ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  return JSON.parse(answer.body.toString()) as T;
}

/* ------------------------------------------------------------------ the server process */

function startServer(env: Record<string, string>): RunningServer {
  const inherited = { ...process.env };
  // PGlite on the temporary DATA_DIR whatever the caller's environment says.
  delete inherited.DATABASE_URL;
  return spawnServer([entry], { ...inherited, ...env });
}

/* ------------------------------------------------------------------ RSS sampling (worker thread) */

/**
 * Samples /proc/<pid>/status every SAMPLE_MS on its own thread, so that the main thread pushing the upload
 * cannot delay the samples. stop() returns them.
 */
function startSampler(pid: number): { stop: () => Promise<{ t: number; mb: number }[]> } {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    const { performance } = require('node:perf_hooks');
    const samples = [];
    const sample = () => {
      const m = /VmRSS:\\s+(\\d+)\\s+kB/.exec(readFileSync('/proc/' + workerData.pid + '/status', 'utf8'));
      if (m) samples.push({ t: performance.timeOrigin + performance.now(), mb: Number(m[1]) / 1024 });
    };
    sample();
    const timer = setInterval(sample, workerData.every);
    parentPort.on('message', () => { clearInterval(timer); sample(); parentPort.postMessage(samples); });
  `;
  const worker = new Worker(code, { eval: true, workerData: { pid, every: SAMPLE_MS } });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once('message', (samples: { t: number; mb: number }[]) => {
          void worker.terminate();
          resolve(samples);
        });
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
}

/* ------------------------------------------------------------------ main */

interface RunResult {
  seconds: number;
  mbPerSecond: number;
  baseline: number;
  peak: number;
  growth: number;
  samples: number;
  fileName: string;
  size: number;
}

function fsTypeOf(dir: string): string {
  try {
    const mounts = readFileSync('/proc/mounts', 'utf8')
      .split('\n')
      .map((l) => l.split(' '))
      .filter((f) => f.length > 2 && (dir === f[1] || dir.startsWith(`${f[1] === '/' ? '' : f[1]}/`)))
      .sort((a, b) => b[1]!.length - a[1]!.length);
    return mounts[0] ? `${mounts[0][2]} on ${mounts[0][1]}` : '?';
  } catch {
    return '?';
  }
}

async function main() {
  if (!existsSync(entry)) throw new Error(`${entry} not found: run "npm run bench:upload", which builds the server first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refugio-upload-bench-'));
  port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const admin = { email: 'bench@refugio.test', password: 'clave-del-benchmark-1' };
  const env = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    STORAGE_DRIVER: 'local',
    LOG_LEVEL: 'warn',
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100',
  };
  const running = startServer(env);
  let exitCode: number | null | undefined;
  try {
    await waitReady(publicUrl, running);
    const pid = running.child.pid;
    if (pid === undefined) throw new Error('the server did not start');

    const signIn = await send(
      'POST',
      '/api/auth/sign-in/email',
      { 'content-type': 'application/json', origin: publicUrl },
      Buffer.from(JSON.stringify(admin)),
    );
    if (signIn.status !== 200) throw new Error(`sign-in: HTTP ${signIn.status} ${signIn.body.toString()}`);
    const setCookie = signIn.headers['set-cookie'] ?? [];
    const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    const auth = { cookie, origin: publicUrl };

    const form = multipart(petFields());
    const created = json<{ status: string; id: number }>(
      await send('POST', '/phpApi/mascota/nueva', { ...auth, ...form.headers, 'content-length': form.payload.length }, form.payload),
      'create pet',
    );
    const petId = created.id;

    process.stdout.write(
      `Server: node ${path.relative(process.cwd(), entry)} (pid ${pid}), PGlite + local storage in ${dataDir} (${fsTypeOf(dataDir)}), ${publicUrl}\n` +
        `Pet ${petId} created. Uploading ${VIDEO_BYTES} bytes (${VIDEO_BYTES / MB} MB, MB = 2^20 bytes) as multipart field "file", ` +
        `Content-Length set, ${CHUNK / 1024} KB chunks generated on demand, ${RUNS} runs.\n` +
        `RSS = VmRSS of the server process, sampled every ${SAMPLE_MS} ms; baseline = median over 1 s before each upload.\n\n`,
    );

    let warmUpName: string | undefined;
    if (WARM_UP) {
      const small = multipartVideo('file', 'warm-up.mp4', 1);
      const res = json<{ fileName: string }>(
        await send(
          'POST',
          `/api/mascotas/${petId}/videos`,
          { ...auth, 'content-type': small.contentType, 'content-length': small.length },
          small.body,
        ),
        'warm-up upload',
      );
      warmUpName = res.fileName;
      process.stdout.write(`Warm-up: one ${CHUNK / 1024} KB MP4 uploaded before the measured runs (--warm-up).\n\n`);
    }

    const results: RunResult[] = [];
    for (let run = 1; run <= RUNS; run++) {
      // Baseline: the idle server before this upload.
      const baseSampler = startSampler(pid);
      await new Promise((r) => setTimeout(r, 1000));
      const baseSamples = await baseSampler.stop();
      const baseline = median(baseSamples.map((s) => s.mb));

      const video = multipartVideo('file', `bench-${run}.mp4`);
      const sampler = startSampler(pid);
      const start = performance.now();
      const answer = await send(
        'POST',
        `/api/mascotas/${petId}/videos`,
        { ...auth, 'content-type': video.contentType, 'content-length': video.length },
        video.body,
      );
      const seconds = (performance.now() - start) / 1000;
      // A little after the answer too: memory freed late still counts as the upload's.
      await new Promise((r) => setTimeout(r, 200));
      const samples = await sampler.stop();
      const result = json<{ success: boolean; fileName: string; size: number }>(answer, `upload ${run}`);
      const peak = Math.max(...samples.map((s) => s.mb));
      results.push({
        seconds,
        mbPerSecond: VIDEO_BYTES / MB / seconds,
        baseline,
        peak,
        growth: peak - baseline,
        samples: samples.length,
        fileName: result.fileName,
        size: result.size,
      });
    }

    const fmt = (n: number, d = 1) => n.toFixed(d);
    const header = ['run', 'seconds', 'MB/s', 'baseline MB', 'peak MB', 'growth MB', 'samples', 'stored bytes'];
    const rows = results.map((r, i) => [
      String(i + 1),
      fmt(r.seconds, 2),
      fmt(r.mbPerSecond),
      fmt(r.baseline),
      fmt(r.peak),
      fmt(r.growth),
      String(r.samples),
      String(r.size),
    ]);
    rows.push([
      'median',
      fmt(median(results.map((r) => r.seconds)), 2),
      fmt(median(results.map((r) => r.mbPerSecond))),
      fmt(median(results.map((r) => r.baseline))),
      fmt(median(results.map((r) => r.peak))),
      fmt(median(results.map((r) => r.growth))),
      '',
      '',
    ]);
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
    const line = (cells: string[]) => cells.map((cell, c) => cell.padStart(widths[c]!)).join('  ');
    process.stdout.write(`${[line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')}\n`);
    process.stdout.write(
      `\nConditions: Node ${process.version}; ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? '?'}); load average ${loadAverage()}${cpuPressure()};\n` +
        'client and server on the same machine over loopback.\n',
    );
    const first = results[0]!;
    const lastPeak = Math.max(...results.map((r) => r.peak));
    process.stdout.write(
      `Across all ${RUNS} runs: first baseline ${fmt(first.baseline)} MB -> highest peak ${fmt(lastPeak)} MB = ${fmt(lastPeak - first.baseline)} MB ` +
        `(RSS seldom shrinks: a later run's baseline already holds what earlier runs kept).\n`,
    );
    const medianGrowth = median(results.map((r) => r.growth));
    process.stdout.write(
      `Goal: growth <= ${GOAL_GROWTH_MB} MB: median ${fmt(medianGrowth)} MB, worst ${fmt(Math.max(...results.map((r) => r.growth)))} MB -> ${medianGrowth <= GOAL_GROWTH_MB ? 'ok' : 'MISS'}\n`,
    );

    /* ---------------------------------------------------------------- verify what was stored */
    process.stdout.write('\nVerification:\n');
    const problems: string[] = [];
    const check = (ok: boolean, text: string) => {
      process.stdout.write(`  ${ok ? 'ok  ' : 'FAIL'} ${text}\n`);
      if (!ok) problems.push(text);
    };
    const listed = json<{ name: string; url: string }[]>(await send('GET', `/api/mascotas/${petId}/videos`, auth), 'list videos').filter(
      (v) => v.name !== warmUpName,
    );
    check(listed.length === RUNS, `GET /api/mascotas/${petId}/videos lists ${listed.length} measured videos (expected ${RUNS})`);
    const expectedHash = expectedSha256();
    for (const [i, r] of results.entries()) {
      const video = listed.find((v) => v.name === r.fileName);
      check(video !== undefined, `run ${i + 1}: ${r.fileName} is listed`);
      if (!video) continue;
      check(r.size === VIDEO_BYTES, `run ${i + 1}: upload answer size ${r.size} = ${VIDEO_BYTES}`);
      const head = await send('HEAD', video.url, auth);
      check(
        head.status === 200 && head.headers['content-length'] === String(VIDEO_BYTES),
        `HEAD ${video.url}: ${head.status}, Content-Length ${head.headers['content-length']}`,
      );
      const first = await send('GET', video.url, { ...auth, range: `bytes=0-${MP4_HEAD.length - 1}` });
      check(
        first.status === 206 && first.headers['content-range'] === `bytes 0-${MP4_HEAD.length - 1}/${VIDEO_BYTES}` && first.body.equals(MP4_HEAD),
        `Range bytes=0-${MP4_HEAD.length - 1}: ${first.status}, Content-Range ${first.headers['content-range']}, MP4 head ${first.body.equals(MP4_HEAD) ? 'intact' : 'DIFFERENT'}`,
      );
      const lastBlock = BLOCKS[(CHUNKS - 1) % BLOCKS.length]!;
      const last = await send('GET', video.url, { ...auth, range: 'bytes=-100' });
      check(
        last.status === 206 &&
          last.headers['content-range'] === `bytes ${VIDEO_BYTES - 100}-${VIDEO_BYTES - 1}/${VIDEO_BYTES}` &&
          last.body.equals(lastBlock.subarray(CHUNK - 100)),
        `Range bytes=-100: ${last.status}, Content-Range ${last.headers['content-range']}, last bytes ${last.body.equals(lastBlock.subarray(CHUNK - 100)) ? 'intact' : 'DIFFERENT'}`,
      );
      const download = await hashDownload(video.url, auth);
      check(
        download.status === 200 && download.bytes === VIDEO_BYTES && download.sha256 === expectedHash,
        `GET (streamed): ${download.bytes} bytes, SHA-256 ${download.sha256 === expectedHash ? 'equals the sent bytes' : 'DIFFERS'}`,
      );
    }
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    const wasRunning = running.child.exitCode === null;
    if (wasRunning) {
      running.child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000).unref());
      const outcome = await Promise.race([running.exited, timeout]);
      if (outcome === 'timeout') {
        running.child.kill('SIGKILL');
        exitCode = await running.exited;
        process.stdout.write('\nThe server did not stop within 20 s of SIGTERM; killed.\n');
      } else {
        exitCode = outcome;
      }
    }
    process.stdout.write(
      wasRunning
        ? `\nServer stopped with SIGTERM (exit code ${String(exitCode)}).\n`
        : `\nThe server had already exited (code ${String(running.child.exitCode)}).\n`,
    );
    // The server's log lines (LOG_LEVEL=warn: warnings and errors only); the first-administrator notice is left out.
    const logs = running
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    if (logs.length > 0 || (exitCode ?? 0) !== 0) process.stdout.write(`Server log:\n${logs.join('\n') || running.output()}\n`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
