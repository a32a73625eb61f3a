import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

// In development the API server runs separately; proxying keeps the browser on one origin so the
// HttpOnly session cookie works exactly as it does in production (where the server serves this build).
const apiTarget = 'http://127.0.0.1:3000';

/** In development, /adopta and /adopta/{id} load the public entry, as the server does in production (plugins/spa.ts). */
function publicPagesInDev(): Plugin {
  return {
    name: 'refugio-public-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/adopta(\/[^.]*)?(\?.*)?$/.test(req.url)) req.url = '/adopta.html';
        else if (req.url && /^\/portal\/[^.]*(\?.*)?$/.test(req.url)) req.url = '/portal.html';
        else if (req.url && /^\/seguimiento\/[^.]*(\?.*)?$/.test(req.url)) req.url = '/seguimiento.html';
        else if (req.url && /^\/firmar\/[^.]*(\?.*)?$/.test(req.url)) req.url = '/firmar.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), publicPagesInDev()],
  server: {
    // The dev server's origin must match the PUBLIC_URL that scripts/dev.mjs gives the API server
    // (http://localhost:5173), which trusts it for sign-in; a silently different port would not work.
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/phpApi': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/size.mjs reads the manifest to measure what the browser downloads for /login.
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      // The staff app only: the public pages (/adopta, the foster portal) are built by vite.public.config.ts, on
      // a smaller runtime, and download no staff code.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
      },
    },
  },
});
