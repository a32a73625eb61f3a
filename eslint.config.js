import { readFileSync, readdirSync } from 'node:fs';
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
// (plugins/, lib/, db/, media/, storage/, budgets/, auth/, ai/, backup/) imports no module. app.ts and main.ts
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

// DESIGN section 9, one public face per module. What each module decorates on the app (`app.decorate('x', ...)`),
// read from the code: another module may read only a decoration named `...Port`, and only in its `<m>.module.ts`
// (where its dependencies are wired), never `app.<x>Service` or any other decoration; app.ts and main.ts (the
// composition) read ports only. A port is built once, in its own module's `<m>.module.ts`: `create...Port(...)`
// anywhere else fails, as does importing another module's port object as a value (a module-level singleton).
const serverModulesDir = new URL('./apps/server/src/modules/', import.meta.url);
export const decorationOwners = new Map(
  serverModules.flatMap((module) =>
    readdirSync(new URL(`${module}/`, serverModulesDir))
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [...readFileSync(new URL(`${module}/${file}`, serverModulesDir), 'utf8').matchAll(/\bapp\.decorate\(\s*'(\w+)'/g)])
      .map((match) => [match[1], module]),
  ),
);

function moduleOf(filename) {
  const match = /apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(filename);
  return match ? match[1] : undefined;
}

const moduleFacesRule = {
  meta: {
    type: 'problem',
    messages: {
      decoration:
        "`app.{{name}}` belongs to the module '{{owner}}': a module receives the part of another module's port it uses as a dependency, wired in its <m>.module.ts (DESIGN section 9).",
      portOutsideComposition: '`app.{{name}}` is read only where modules are wired: a <m>.module.ts, app.ts or main.ts.',
      createPort: "`{{name}}()` builds a port: it is built once, in its own module's <m>.module.ts, and handed to the others.",
      singleton: "`{{name}}` is another module's port object: receive it as a dependency instead of importing it.",
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const here = moduleOf(filename);
    const base = filename.split(/[\\/]/).pop() ?? '';
    const composition = base.endsWith('.module.ts') || /apps[\\/]server[\\/]src[\\/](app|server|main)\.ts$/.test(filename);
    const localImports = new Map();
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier') continue;
          localImports.set(spec.local.name, source);
          const importedName = spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
          const typeOnly = node.importKind === 'type' || spec.importKind === 'type';
          if (!typeOnly && /^\.\.\/[^/]+\//.test(source) && /^(?!create)[a-z]\w*Port$/.test(importedName)) {
            context.report({ node: spec, messageId: 'singleton', data: { name: importedName } });
          }
        }
      },
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || !/^create\w*Port$/.test(node.callee.name)) return;
        const source = localImports.get(node.callee.name);
        const ownModuleFile = base.endsWith('.module.ts') && (source === undefined || source.startsWith('./'));
        if (!ownModuleFile) context.report({ node, messageId: 'createPort', data: { name: node.callee.name } });
      },
      MemberExpression(node) {
        if (node.object.type !== 'Identifier' || node.object.name !== 'app' || node.property.type !== 'Identifier') return;
        const name = node.property.name;
        const owner = decorationOwners.get(name);
        if (!owner || owner === here) return;
        if (!name.endsWith('Port')) context.report({ node, messageId: 'decoration', data: { name, owner } });
        else if (!composition) context.report({ node, messageId: 'portOutsideComposition', data: { name } });
      },
    };
  },
};

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
    plugins: { 'import-x': importX, refugio: { rules: { 'module-faces': moduleFacesRule } } },
    settings: {
      // Without the parser and extensions, import-x cannot read the imported TypeScript files and no-cycle sees
      // no edge at all: a planted cycle passed. import-boundaries.test.ts plants one.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverBoundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'refugio/module-faces': 'error',
    },
  },
  {
    // No server source file over 500 lines (the schema aside): a file that grows past it is split by what it does.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/schema/**'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
