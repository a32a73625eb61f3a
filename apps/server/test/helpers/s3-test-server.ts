import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver accepts any well-formed signature made with these. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  /** `http://s3.localhost:PORT`: path-style requests, or `BUCKET.s3.localhost` for virtual-hosted ones. */
  endpoint: string;
  port: number;
  bucket: string;
  /** The server's environment for STORAGE_DRIVER=s3 against this bucket (path-style). */
  env: Record<string, string>;
  /** Multipart uploads begun and neither completed nor aborted. */
  pendingUploads(): string[];
  /** How many AbortMultipartUpload requests arrived. */
  abortedUploads(): number;
  close(): Promise<void>;
}

/**
 * An S3-protocol server on loopback (s3rver, storing in a temporary folder) with one empty bucket.
 * s3rver does not implement AbortMultipartUpload; this wrapper does (it drops the upload's parts, as S3 does),
 * so the driver's clean-up after a failed multipart upload is exercised for real.
 */
export async function startS3TestServer(options: { buckets?: string[] } = {}): Promise<S3TestServer> {
  const buckets = options.buckets ?? ['refugio-media'];
  const bucket = buckets[0]!;
  const directory = mkdtempSync(path.join(tmpdir(), 'refugio-s3-'));
  const s3 = new S3rver({
    directory,
    silent: true,
    serviceEndpoint: 'localhost',
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  await s3.configureBuckets();
  const handle = s3.callback();
  const uploadsDir = (name: string) => path.join(directory, name, '._S3rver_uploads');
  let aborted = 0;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.localhost');
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'DELETE' && uploadId) {
      // Path-style: /bucket/key; virtual-hosted: the bucket is the first label of the host.
      const host = (req.headers.host ?? '').split(':')[0] ?? '';
      const name = host.endsWith('.s3.localhost') ? host.slice(0, -'.s3.localhost'.length) : url.pathname.split('/')[1]!;
      aborted++;
      rmSync(path.join(uploadsDir(name), path.basename(uploadId)), { recursive: true, force: true });
      req.resume();
      res.writeHead(204).end();
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const endpoint = `http://s3.localhost:${port}`;

  return {
    endpoint,
    port,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      // Other processes resolve names with the system resolver, which may not know *.localhost.
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    pendingUploads() {
      try {
        return readdirSync(uploadsDir(bucket));
      } catch {
        return [];
      }
    },
    abortedUploads: () => aborted,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
