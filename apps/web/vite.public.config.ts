import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The public pages' build (/adopta, the foster portal, the adopter's follow-up page, the contract signing page, /colabora, /cesion, /perdidos, a foster home's answer to "busco acogida"), run after the staff app's, which empties dist/. Strangers
 * open these on phones, so they run on Preact's React-compatible runtime (about 5 KB gzip instead of React DOM's
 * 60): the same components and hooks (useState, useEffect, useRef, useId, useSyncExternalStore), resolved to
 * `preact/compat` here only. Unit tests and the dev server keep React; the browser journeys run this build.
 * Its manifest is `.vite/public-manifest.json` (the size budgets, scripts/size.ts, measure the pages in a browser instead).
 */
export default defineConfig({
  plugins: [react()],
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
      },
    },
  },
});
