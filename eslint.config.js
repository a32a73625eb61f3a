import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// STYLE.md's import boundaries for the web app (bulletproof-react's `no-restricted-paths` zones): one zone per
// feature folder so a feature never imports another feature; shared code (components/, lib/) never imports a
// feature or app/; nothing in apps/web imports the server.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webBoundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move the shared code down into components/, lib/ or contracts.',
  })),
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code (components/, lib/) never imports a feature or app/.',
  },
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Data flows one way, features -> app: a feature never imports app/.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app never imports server code: share it through packages/contracts.',
  },
];

// The server's boundaries (DESIGN section 9, one owner per record): a module reaches another only through that
// module's port file (`modules/<m>/<m>.port.ts`), never its repository, service or tables' code; infrastructure
// (plugins/, lib/, db/, media/, storage/, budgets/, auth/, ai/, backup/) imports no module. app.ts and server.ts
// wire the modules together and are outside the zones. No import cycles (import-x/no-cycle).
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export const serverBoundaryZones = [
  ...serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules',
    except: [`./${module}`, ...serverModules.filter((other) => other !== module).map((other) => `./${other}/${other}.port.ts`)],
    message: "A module reaches another only through that module's port (modules/<m>/<m>.port.ts), never its repository or service.",
  })),
  {
    target: ['plugins', 'lib', 'db', 'media', 'storage', 'budgets', 'auth', 'ai', 'backup'].map((dir) => `./apps/server/src/${dir}`),
    from: './apps/server/src/modules',
    message: 'Infrastructure (plugins, lib, db, media, storage, ...) imports no module: a module subscribes to it instead.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'apps/*/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and hooks are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/web/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webBoundaryZones }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@refugio/server', '@refugio/server/*'], message: 'The web app never imports server code.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverBoundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
