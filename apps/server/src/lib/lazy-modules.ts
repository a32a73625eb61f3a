import { createRequire } from 'node:module';
import type * as FileType from 'file-type';
import type SharpModule from 'sharp';

/*
 * Libraries that only some requests need, loaded at their first use rather than at start-up (each costs
 * 0.1-0.2 s of CPU to load; the server must answer within about a second of starting).
 */

const requireCommonJs = createRequire(import.meta.url);

let sharpModule: typeof SharpModule | undefined;

/** sharp (libvips), loaded with the first image processed. */
export function sharp(...args: Parameters<typeof SharpModule>): ReturnType<typeof SharpModule> {
  sharpModule ??= requireCommonJs('sharp') as typeof SharpModule;
  return sharpModule(...args);
}

let fileTypeModule: Promise<typeof FileType> | undefined;

/** file-type's content sniffing (ESM only, so loaded asynchronously), with the first upload. */
export async function fileTypeFromBuffer(buffer: Uint8Array) {
  fileTypeModule ??= import('file-type');
  return (await fileTypeModule).fileTypeFromBuffer(buffer);
}

/** A CommonJS module loaded synchronously on first use. */
export function requireLazily<T>(name: string): T {
  return requireCommonJs(name) as T;
}
