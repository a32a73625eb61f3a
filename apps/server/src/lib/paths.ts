import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's root folder, found by walking up from this module. The same code runs from
 * `src/` (tsx, tests) and bundled into `dist/server.js`, so fixed relative paths would break one of them.
 */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@refugio/server') {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('No se encontró la carpeta del paquete @refugio/server');
    dir = parent;
  }
}

export const serverRoot = findPackageRoot();
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const defaultWebDistDir = path.resolve(serverRoot, '../web/dist');
