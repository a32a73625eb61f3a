import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, type Rollup, defineConfig } from 'vite';

// In development the API server runs separately; proxying keeps the browser on one origin so the
// HttpOnly session cookie works exactly as it does in production (where the server serves this build).
const apiTarget = 'http://127.0.0.1:3000';

/**
 * The modules of the sign-in chunk (see `chunksOfTheFirstScreens`): /login's route modules (the simple layout and the
 * sign-in screen) and what they import; the error alert stays a lazy chunk of its own, fetched when an error shows.
 */
const signInChunk = [
  /\/src\/app\/routes\/simple-layout\.tsx$/,
  /\/src\/features\/auth\/routes\/login\.tsx$/,
  /\/src\/app\/layout\/fade-outlet\.tsx$/,
  /\/src\/features\/auth\/(components\/login-form|lib\/validate-sign-in-form|api\/sign-in|api\/two-factor)\./,
  /\/src\/components\/ui\/logo\.tsx$/,
  /\/@mantine\/core\/(esm\/components\/|styles\/)(Paper|Input|InputBase|TextInput|PasswordInput|ActionIcon|CloseButton)(\/|\.css$)/,
  /\/@mantine\/core\/esm\/core\/styles-api\/use-resolved-styles-api\//,
  /\/@mantine\/hooks\/esm\/use-uncontrolled\//,
  /\/@tanstack\/(react-query\/build\/modern\/useMutation|query-core\/build\/modern\/mutationObserver)\.js$/,
];

/**
 * What the first signed-in screen needs (the backend layout, Home and the overlays every signed-in screen mounts),
 * which the sign-in screen fetches ahead (app/prefetch-first-screen.ts): its modules and all they import statically.
 */
const firstScreenRoots = ['src/app/routes/backend-layout.tsx', 'src/features/pets/routes/home.tsx', 'src/app/layout/app-overlays.tsx'];

/**
 * Two chunks made on purpose, so that the first visit downloads a few large files instead of 140 small ones
 * (brotli compresses one 500 KB file far better than a hundred of 2 KB: measured, 178 against 141 KiB for the
 * first signed-in screen): `sign-in` (the modules of `signInChunk`) and `first-screen` (everything the roots above
 * import statically that the entry does not hold already). Every other screen keeps its own chunk and shares these.
 */
function chunksOfTheFirstScreens(): Rollup.ManualChunksOption {
  let firstScreen: Set<string> | undefined;
  const staticClosure = (roots: string[], getModuleInfo: Rollup.GetModuleInfo) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return (id, { getModuleInfo }) => {
    if (signInChunk.some((pattern) => pattern.test(id.replaceAll('\\', '/')))) return 'sign-in';
    if (!firstScreen) {
      const root = path.dirname(fileURLToPath(import.meta.url));
      const entry = staticClosure([path.join(root, 'src/main.tsx')], getModuleInfo);
      firstScreen = staticClosure(
        firstScreenRoots.map((module) => path.join(root, module)),
        getModuleInfo,
      );
      for (const module of entry) firstScreen.delete(module);
    }
    return firstScreen.has(id) ? 'first-screen' : undefined;
  };
}

const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

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
        else if (req.url && /^\/colabora\/?(\?.*)?$/.test(req.url)) req.url = '/colabora.html';
        else if (req.url && /^\/inspeccion\/[^.]*(\?.*)?$/.test(req.url)) req.url = '/inspeccion.html';
        else if (req.url && /^\/voluntariado\/[^.]*(\?.*)?$/.test(req.url)) req.url = '/voluntariado.html';
        else if (req.url && /^\/cesion\/?(\?.*)?$/.test(req.url)) req.url = '/cesion.html';
        else if (req.url && /^\/(perdidos\/?|aviso\/[^.]*)(\?.*)?$/.test(req.url)) req.url = '/perdidos.html';
        else if (req.url && /^\/acogida-oferta\/[^.]*(\?.*)?$/.test(req.url)) req.url = '/acogida-oferta.html';
        next();
      });
    },
  };
}

/**
 * Mantine's stylesheet per component (https://mantine.dev/styles/css-files-list/): the build adds
 * `import '@mantine/core/styles/<Name>.css'` to every Mantine module that uses `<Name>.module.mjs`, at the end of
 * its imports, so each component's CSS travels in the chunk of the screen that uses it, after the CSS of the
 * components it is built on (the dependency order of Mantine's whole `styles.css`). main.tsx imports the global
 * layers (baseline, default CSS variables, global) first. In development Mantine is pre-bundled into one file,
 * so the baseline import brings the whole stylesheet instead.
 */
function mantineCssPerComponent(): Plugin {
  const usesClasses = /^import\s+\w+\s+from\s*"(?:\.{1,2}\/)+(?:[\w-]+\/)*([\w-]+)\.module\.mjs";?$/gm;
  let building = false;
  return {
    name: 'refugio-mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    async resolveId(source, importer) {
      if (building || source !== '@mantine/core/styles/baseline.css') return null;
      return this.resolve('@mantine/core/styles.css', importer, { skipSelf: true });
    },
    transform(code, id) {
      if (!building || !/[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/].*\.mjs$/.test(id)) return null;
      const names = [...code.matchAll(usesClasses)].map((match) => match[1]);
      if (names.length === 0) return null;
      return { code: `${code}\n${names.map((name) => `import '@mantine/core/styles/${name}.css';`).join('\n')}\n`, map: null };
    },
  };
}

/**
 * index.html preloads what /login needs: the chunks of `routeModules` (the simple layout and the sign-in screen)
 * and of everything they import, as modulepreload, and their stylesheets (preload, not blocking the boot screen), so
 * they download beside the entry instead of after the router has read the session and asked for the route.
 */
function preloadRoutesInIndexHtml(routeModules: string[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'refugio-preload-routes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk || !chunk.isEntry) return;
        const chunks = new Map<string, Rollup.OutputChunk>();
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
        // The entry's own imports are preloaded by Vite already.
        const seen = new Set<string>([chunk.fileName, ...chunk.imports]);
        const scripts: string[] = [];
        const styles: string[] = [];
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const found = chunks.get(fileName);
          if (!found) return;
          found.imports.forEach(visit);
          scripts.push(fileName);
          for (const css of found.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
        };
        for (const module of routeModules) {
          const id = path.resolve(root, module);
          const routeChunk = [...chunks.values()].find((candidate) => candidate.moduleIds.includes(id));
          if (!routeChunk) throw new Error(`No chunk for ${module}: is it still a lazy route?`);
          visit(routeChunk.fileName);
        }
        return [
          ...scripts.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: base + fileName },
            injectTo: 'head' as const,
          })),
          ...styles.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: base + fileName },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    publicPagesInDev(),
    mantineCssPerComponent(),
    preloadRoutesInIndexHtml(['src/app/routes/simple-layout.tsx', 'src/features/auth/routes/login.tsx']),
  ],
  resolve: {
    // React Router's package exports name its development build for every environment (remix-run/react-router#12532,
    // #14753): the production build leaves out the development warnings.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDir, 'dist/production/dom-export.mjs') },
          ]
        : [],
  },
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
    // A map of the build for whoever needs one (the size budgets measure the pages in a browser: scripts/size.ts).
    manifest: true,
    target: 'es2022',
    minify: 'terser',
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } },
    // Every browser of the es2022 target but Safari 16 and Firefox 114 and older reads modulepreload; those fetch
    // the chunks when imported, as before.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The staff app only: the public pages (/adopta, the foster portal) are built by vite.public.config.ts, on
      // a smaller runtime, and download no staff code.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
      },
      output: {
        // One chunk for what the sign-in screen imports instead of a dozen small ones: its form, and the Mantine
        // components, hooks and React Query parts it uses (as do many screens after the sign-in). Only the modules named
        // here go in (not what they import), so nothing of the entry or of the signed-in screens is pulled into it.
        onlyExplicitManualChunks: true,
        manualChunks: chunksOfTheFirstScreens(),
      },
    },
  },
}));
