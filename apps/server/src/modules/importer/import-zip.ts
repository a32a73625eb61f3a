import { IMPORT_ZIP_MAX_ENTRIES, IMPORT_ZIP_MAX_UNPACKED_BYTES, importMessages } from '@refugio/contracts';
import yauzl from 'yauzl';
import { ImportFileError } from './import-file';

/*
 * A .zip holding one spreadsheet and its photos (DESIGN section 18), read entry by entry with yauzl: its directory
 * is checked as each entry comes (paths that climb out or are absolute, symbolic links, too many entries, an entry
 * or a whole that unpacks to far more than it occupies), and only the spreadsheet and the photos are unpacked, each
 * checked against the sizes the directory claims as it streams. Folders of the archiver (`__MACOSX/`) and hidden
 * files are passed over; any other file is ignored.
 */

/** Beyond this ratio of unpacked to packed size, an entry of more than 1 MB is a bomb. */
const ZIP_MAX_RATIO = 200;
const SHEET = /\.(xlsx|csv|txt|xls|xlsm|xlsb|xltm)$/i;
const PHOTO = /\.(jpe?g|png|webp|heic|heif|avif|gif)$/i;

export interface ZipContents {
  sheet: { fileName: string; data: Buffer };
  /** Photos by their name folded to lower case (without folders), in the order of the archive. */
  photos: Map<string, Buffer>;
}

/** The name a row gives a photo, as the archive's photos are keyed: no folders, lower case. */
export function photoName(value: string): string {
  return (value.trim().split(/[/\\]/).pop() ?? '').normalize('NFC').toLowerCase();
}

function isSymlink(entry: yauzl.Entry): boolean {
  // Unix mode in the upper half of the external attributes (made on Unix: "version made by" 3).
  const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
  return mode === 0o120000;
}

function unsafePath(name: string): boolean {
  return name.split(/[/\\]/).includes('..') || name.startsWith('/') || /^[a-z]:/i.test(name) || name.includes('\\') || name.includes('\u0000');
}

export function readZip(data: Buffer): Promise<ZipContents> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) return reject(new ImportFileError(importMessages.notZip));
      // The end of the directory says how many entries there are: too many is refused before any is read.
      if (zip.entryCount > IMPORT_ZIP_MAX_ENTRIES) {
        zip.close();
        return reject(new ImportFileError(importMessages.zipTooManyEntries(IMPORT_ZIP_MAX_ENTRIES)));
      }
      let entries = 0;
      let total = 0;
      let settled = false;
      let sheet: ZipContents['sheet'] | undefined;
      const photos = new Map<string, Buffer>();
      const fail = (message: string) => {
        if (settled) return;
        settled = true;
        zip.close();
        reject(new ImportFileError(message));
      };
      zip.on('error', (error: Error) =>
        fail(/relative path|absolute path|invalid characters/i.test(error.message) ? importMessages.zipPath : importMessages.notZip),
      );
      const unpack = (entry: yauzl.Entry, then: (content: Buffer) => void) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(importMessages.notZip);
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // Never more than the directory claims (yauzl checks it too): a lying entry stops here.
            if (size > entry.uncompressedSize) {
              stream.destroy();
              return fail(importMessages.zipBomb);
            }
            chunks.push(chunk);
          });
          stream.on('error', (error: Error) => fail(/too many|too few|size/i.test(error.message) ? importMessages.zipBomb : importMessages.notZip));
          stream.on('end', () => {
            if (settled) return;
            then(Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        if (settled) return;
        entries++;
        const name = entry.fileName;
        if (entries > IMPORT_ZIP_MAX_ENTRIES) return fail(importMessages.zipTooManyEntries(IMPORT_ZIP_MAX_ENTRIES));
        if (unsafePath(name)) return fail(importMessages.zipPath);
        if (isSymlink(entry)) return fail(importMessages.zipSymlink);
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (total > IMPORT_ZIP_MAX_UNPACKED_BYTES || (entry.uncompressedSize > 1_000_000 && ratio > ZIP_MAX_RATIO))
          return fail(importMessages.zipBomb);
        const base = name.split('/').pop() ?? '';
        if (name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.') || base === '') return zip.readEntry();
        if (SHEET.test(base)) {
          if (sheet) return fail(importMessages.zipManySheets);
          return unpack(entry, (content) => {
            sheet = { fileName: base, data: content };
          });
        }
        if (PHOTO.test(base)) {
          const key = photoName(base);
          if (photos.has(key)) return fail(importMessages.zipPhotoTwice(base));
          return unpack(entry, (content) => {
            photos.set(key, content);
          });
        }
        zip.readEntry();
      });
      zip.on('end', () => {
        if (settled) return;
        settled = true;
        if (!sheet) return reject(new ImportFileError(importMessages.zipNoSheet));
        resolve({ sheet, photos });
      });
      zip.readEntry();
    });
  });
}
