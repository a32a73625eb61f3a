import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Agent as HttpAgent } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { type ByteRange, type StorageProvider, type StoredObject, assertValidKey } from './storage-provider';

export interface S3StorageOptions {
  bucket: string;
  /** Unset means AWS S3 itself; set for MinIO, R2, B2, Garage or a test server. */
  endpoint: string | undefined;
  region: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Bytes per multipart part (at least 5 MiB, S3's minimum); smaller objects go in one PUT. */
  partSize?: number;
  /** Parts sent at once; memory held by one upload is about partSize × (queueSize + 1). */
  queueSize?: number;
  /** Connection settings (tests resolve `*.localhost` with their own lookup). */
  httpAgent?: HttpAgent;
}

export const S3_MIN_PART_SIZE = 5 * 1024 * 1024;

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return statusOf(error) === 404 || name === 'NoSuchKey' || name === 'NotFound';
}

/** `bytes 0-99/1234` -> 1234 */
function totalFromContentRange(contentRange: string | undefined): number | undefined {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Garage). Uploads are streamed:
 * an object smaller than one part goes in a single PUT, a larger one as a multipart upload that is aborted when
 * the stream or a part fails, so neither a half object nor orphan parts are left behind.
 */
export class S3Storage implements StorageProvider {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(private readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.partSize = Math.max(S3_MIN_PART_SIZE, options.partSize ?? 8 * 1024 * 1024);
    this.queueSize = options.queueSize ?? 2;
    this.client = new S3Client({
      region: options.region ?? 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible services (and older MinIO, B2, Garage)
      // reject the streaming trailer checksums that the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5000, ...(options.httpAgent ? { httpAgent: options.httpAgent } : {}) },
      maxAttempts: 3,
    });
  }

  /** Checks that the bucket answers with these credentials; throws one Spanish sentence naming what to fix. */
  async init(): Promise<void> {
    const where = this.options.endpoint ? `en ${this.options.endpoint} (S3_ENDPOINT)` : 'en AWS S3';
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = statusOf(error);
      const bucket = `"${this.bucket}" (S3_BUCKET)`;
      if (status === 404) throw new Error(`El bucket ${bucket} no existe ${where}. Créalo o corrige S3_BUCKET.`);
      if (status === 403 || status === 401) {
        throw new Error(
          `El servicio S3 ${where} rechazó el acceso al bucket ${bucket}: revisa S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY y los permisos de esa clave sobre el bucket.`,
        );
      }
      if (status === 301 || status === 400) {
        throw new Error(`El bucket ${bucket} no responde en la región "${this.options.region ?? 'us-east-1'}": revisa S3_REGION y S3_ENDPOINT.`);
      }
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(
        `No se pudo conectar con el almacenamiento S3 ${where} para usar el bucket ${bucket}: ${detail}. Revisa S3_ENDPOINT, S3_REGION y S3_FORCE_PATH_STYLE.`,
      );
    }
  }

  async put(key: string, body: Readable, options: { contentType?: string } = {}): Promise<StoredObject> {
    assertValidKey(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // A failing source must fail the upload: pipe its error into what the uploader reads.
    body.once('error', (error) => counted.destroy(error));
    body.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: options.contentType },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.unpipe(counted);
      if (!body.destroyed) body.destroy();
      counted.destroy();
      throw error;
    }
    return { key, size, contentType: options.contentType, lastModified: new Date() };
  }

  async head(key: string): Promise<StoredObject | undefined> {
    assertValidKey(key);
    try {
      const found = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: found.ContentLength ?? 0, contentType: found.ContentType, lastModified: found.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<{ object: StoredObject; body: Readable } | undefined> {
    assertValidKey(key);
    try {
      const found = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      const size = totalFromContentRange(found.ContentRange) ?? found.ContentLength ?? 0;
      const body = found.Body instanceof Readable ? found.Body : Readable.from([]);
      return { object: { key, size, contentType: found.ContentType, lastModified: found.LastModified ?? new Date(0) }, body };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix })) {
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        found.push({ key: item.Key, size: item.Size ?? 0, contentType: undefined, lastModified: item.LastModified ?? new Date(0) });
      }
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  close(): void {
    this.client.destroy();
  }
}
