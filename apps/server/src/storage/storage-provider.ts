import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string | undefined;
  lastModified: Date;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Where media live: the local disk by default, an S3-compatible bucket in larger installations.
 * Keys are '/'-separated relative paths (e.g. `videos/PET_VIDEO_12_1700000000000_paseo.mp4`).
 * Objects appear whole or not at all: a failed or interrupted `put` leaves nothing under the key.
 */
export interface StorageProvider {
  readonly driver: 'local' | 's3';
  /** Streams `body` to `key`, replacing any object there. Rejects (and stores nothing) when the stream errors. */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<StoredObject>;
  /** The object's bytes, or only `range` of them. Undefined when there is no such object. */
  get(key: string, range?: ByteRange): Promise<{ object: StoredObject; body: Readable } | undefined>;
  head(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Objects whose key starts with `prefix`, sorted by key. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Releases connections (the S3 client's sockets); the local disk has nothing to release. */
  close?(): void;
}

const SAFE_SEGMENT = /^[^/\\\0]+$/;

/** Throws on keys that could escape the storage root or confuse a backend. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    key.length <= 1024 &&
    !key.startsWith('/') &&
    segments.every((s) => SAFE_SEGMENT.test(s) && s !== '.' && s !== '..') &&
    // No control characters anywhere in a key.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    !/[\u0000-\u001f\u007f]/.test(key);
  if (!valid) throw new Error(`Clave de almacenamiento no válida: ${JSON.stringify(key)}`);
}
