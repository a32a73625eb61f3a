import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

/**
 * What the staff app's first screen loads: its entry and the `first-screen` chunk (the backend layout, Home and the
 * overlays, vite.config.ts), the roots of what /login fetches ahead.
 */
const FIRST_SCREEN_ROOTS = ['index.html', 'first-screen'];

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}

/**
 * /login (login.html) fetches the staff app's first screen ahead while the person types: a `rel=prefetch` (low
 * priority, into the HTTP cache; the hashed assets are cached for a year) for every script and stylesheet the roots
 * above load statically, read from the staff build's manifest (built before this one, into the same dist/). Nothing
 * of it runs on /login: after the password is accepted the staff app opens from the cache.
 */
function prefetchStaffFirstScreen(): Plugin {
  return {
    name: 'refugio-login-prefetch-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { path: page }) {
        if (page !== '/login.html') return;
        const manifestFile = fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url));
        if (!existsSync(manifestFile)) throw new Error('login.html prefetches the staff build: build vite.config.ts first');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
        const files: string[] = [];
        const seen = new Set<string>();
        const keyOf = (root: string) => (manifest[root] ? root : Object.keys(manifest).find((key) => manifest[key]!.name === root));
        const visit = (key: string | undefined) => {
          if (key === undefined) throw new Error('The staff build has no chunk for a root of FIRST_SCREEN_ROOTS: update it');
          if (seen.has(key)) return;
          seen.add(key);
          const chunk = manifest[key];
          if (!chunk) throw new Error(`The staff build has no chunk ${key}`);
          for (const css of chunk.css ?? []) if (!files.includes(css)) files.push(css);
          files.push(chunk.file);
          chunk.imports?.forEach(visit);
        };
        FIRST_SCREEN_ROOTS.forEach((root) => visit(keyOf(root)));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'prefetch', href: `/${file}`, as: file.endsWith('.css') ? 'style' : 'script', crossorigin: true },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The public pages' build (/adopta, the foster portal, the adopter's follow-up page, the contract signing page, /colabora, /cesion, /perdidos, a foster home's answer to "busco acogida", and /login opened from an address), run after the staff app's, which empties dist/. Strangers
 * open these on phones, so they run on Preact's React-compatible runtime (about 5 KB gzip instead of React DOM's
 * 60): the same components and hooks (useState, useEffect, useRef, useId, useSyncExternalStore), resolved to
 * `preact/compat` here only. Unit tests and the dev server keep React; the browser journeys run this build.
 * Its manifest is `.vite/public-manifest.json` (the size budgets, scripts/size.ts, measure the pages in a browser instead).
 */
export default defineConfig({
  plugins: [react(), prefetchStaffFirstScreen()],
  publicDir: false,
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/public-manifest.json',
    target: 'es2022',
    rollupOptions: {
      input: {
        adopta: fileURLToPath(new URL('./adopta.html', import.meta.url)),
        portal: fileURLToPath(new URL('./portal.html', import.meta.url)),
        seguimiento: fileURLToPath(new URL('./seguimiento.html', import.meta.url)),
        firmar: fileURLToPath(new URL('./firmar.html', import.meta.url)),
        colabora: fileURLToPath(new URL('./colabora.html', import.meta.url)),
        inspeccion: fileURLToPath(new URL('./inspeccion.html', import.meta.url)),
        voluntariado: fileURLToPath(new URL('./voluntariado.html', import.meta.url)),
        cesion: fileURLToPath(new URL('./cesion.html', import.meta.url)),
        perdidos: fileURLToPath(new URL('./perdidos.html', import.meta.url)),
        'acogida-oferta': fileURLToPath(new URL('./acogida-oferta.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
    },
  },
});
