import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The embeddable catalogue (`/embed.js`): its own build, one self-contained script (IIFE) written beside the app's
 * files in dist/ (the server sends it like any other file). Run after the app's build, which empties dist/.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    copyPublicDir: false,
    lib: {
      entry: fileURLToPath(new URL('./src/embed/embed.ts', import.meta.url)),
      formats: ['iife'],
      name: 'RefugioCatalogo',
      fileName: () => 'embed.js',
    },
  },
});
