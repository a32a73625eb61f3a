import { Transform, type TransformCallback } from 'node:stream';
import { petMessages } from '@refugio/contracts';
import { AppError } from '../lib/app-error';
import { fileTypeFromBuffer } from '../lib/lazy-modules';
import { VIDEO_NAME_MAX_BYTES } from './storage-keys';

/** Video containers accepted (SPEC: MP4, AVI, MOV, WEBM), by the MIME type file-type reports for their magic bytes. */
export interface DetectedVideo {
  ext: string;
  contentType: string;
}

const VIDEO_TYPES: Record<string, DetectedVideo> = {
  'video/mp4': { ext: 'mp4', contentType: 'video/mp4' },
  'video/quicktime': { ext: 'mov', contentType: 'video/quicktime' },
  'video/vnd.avi': { ext: 'avi', contentType: 'video/x-msvideo' },
  'video/x-msvideo': { ext: 'avi', contentType: 'video/x-msvideo' },
  'video/webm': { ext: 'webm', contentType: 'video/webm' },
};

/** Content type of a stored video, from its extension. */
export function videoContentType(fileName: string): string {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return Object.values(VIDEO_TYPES).find((t) => t.ext === ext)?.contentType ?? 'application/octet-stream';
}

const SNIFF_BYTES = 4100;

/**
 * A pass-through stream that holds back the first bytes until it has seen enough to identify the
 * container, then lets everything through. A stream that is not one of the accepted videos, or is empty,
 * fails with a Spanish AppError, so the storage write it feeds is abandoned.
 */
export class VideoSniffer extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;
  private total = 0;
  private settle!: { resolve: (v: DetectedVideo) => void; reject: (e: unknown) => void };
  /** Resolves with the container once identified; rejects when the stream is not an accepted video. */
  readonly detected: Promise<DetectedVideo>;

  constructor() {
    super();
    this.detected = new Promise<DetectedVideo>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // Observed by whoever awaits it; never an unhandled rejection.
    this.detected.catch(() => undefined);
    this.on('error', (error) => this.settle.reject(error));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length;
    if (this.decided) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
    this.decide().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.decided) return callback();
    if (this.total === 0) {
      const error = new AppError('VALIDATION_ERROR', { message: petMessages.fileEmpty });
      this.settle.reject(error);
      return callback(error);
    }
    this.decide().then(() => callback(), callback);
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.head);
    const type = await fileTypeFromBuffer(head);
    const accepted = type ? VIDEO_TYPES[type.mime] : undefined;
    if (!accepted) {
      const error = new AppError('UNSUPPORTED_MEDIA_TYPE', { message: petMessages.notAVideo });
      this.settle.reject(error);
      throw error;
    }
    this.settle.resolve(accepted);
    this.decided = true;
    this.head = [];
    this.push(head);
  }
}

/**
 * The original file name made safe for a storage key: no path (only what follows the last separator), no
 * control or reserved characters, no leading dots, bounded length with the extension kept. The
 * extension is the one the content proved, whatever the client called it.
 */
export function sanitizeVideoFileName(original: string, ext: string): string {
  const base = original.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const withoutExt = base.replace(/\.[^.]*$/, '');
  const cleaned = withoutExt
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '_')
    .replace(/\s+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '');
  let stem = '';
  for (const char of cleaned) {
    if (Buffer.byteLength(stem + char) > VIDEO_NAME_MAX_BYTES - ext.length - 1) break;
    stem += char;
  }
  stem = stem.replace(/[._-]+$/, '') || 'video';
  return `${stem}.${ext}`;
}
