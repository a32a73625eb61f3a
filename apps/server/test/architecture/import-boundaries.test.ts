import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The server's import zones and module faces (eslint.config.js) fail the lint, and so CI, on a module that reaches
 * into another module past its port, on infrastructure that imports a module, on an import cycle, and on a module
 * that reaches another's service, builds another's port or imports a port object (DESIGN section 9). Each case lints
 * a small piece of code as if it were a file of the named folder (the imported files are the real ones).
 */
const root = path.resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const eslint = new ESLint({
  cwd: root,
  // Type information is not needed by the import rules; the fixtures are not files of the TypeScript project.
  overrideConfig: { files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked },
});

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => `${m.ruleId}: ${m.message}`);
}

async function faceErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'refugio/module-faces').map((m) => m.message);
}

describe('server import zones', { timeout: 180_000 }, () => {
  it("a module importing another module's repository fails the lint", async () => {
    const errors = await importErrors(
      'apps/server/src/modules/adoption-requests/lint-fixture.ts',
      "import { createPetsRepository } from '../pets/pets.repository';\nexport const repo = createPetsRepository;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*port/)]);
  });

  it("a module importing another module's service fails too; its port is allowed", async () => {
    const service = await importErrors(
      'apps/server/src/modules/intake/lint-fixture.ts',
      "import { createPetsService } from '../pets/pets.service';\nexport const s = createPetsService;\n",
    );
    expect(service).toHaveLength(1);
    const port = await importErrors(
      'apps/server/src/modules/intake/lint-fixture.ts',
      "import { createPetsPort } from '../pets/pets.port';\nexport const p = createPetsPort;\n",
    );
    expect(port).toEqual([]);
  });

  it('a plugin or a lib helper importing a module fails the lint', async () => {
    for (const file of ['apps/server/src/plugins/lint-fixture.ts', 'apps/server/src/lib/lint-fixture.ts']) {
      const errors = await importErrors(file, "import { createPetsPort } from '../modules/pets/pets.port';\nexport const p = createPetsPort;\n");
      expect(errors).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Infrastructure/)]);
    }
  });

  it('the code as it is passes', async () => {
    const results = await eslint.lintFiles(['apps/server/src/modules/**/*.ts', 'apps/server/src/plugins/*.ts']);
    const errors = results.flatMap((r) => r.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => `${r.filePath}: ${m.message}`));
    expect(errors).toEqual([]);
  });

  it('an import cycle fails the lint: two files planted that import each other', async () => {
    const dir = path.join(root, 'apps/server/src/modules/pets');
    const a = path.join(dir, 'lint-cycle-a.ts');
    const b = path.join(dir, 'lint-cycle-b.ts');
    writeFileSync(a, "import { b } from './lint-cycle-b';\nexport const a = (): number => b() + 1;\n");
    writeFileSync(b, "import { a } from './lint-cycle-a';\nexport const b = (): number => a() - 1;\n");
    try {
      const results = await eslint.lintFiles([a, b]);
      const cycles = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'import-x/no-cycle'));
      expect(cycles).toHaveLength(2);
    } finally {
      rmSync(a, { force: true });
      rmSync(b, { force: true });
    }
  });
});

describe('one public face per module', { timeout: 180_000 }, () => {
  it("a module's routes or service reaching another module's service through the app fail the lint", async () => {
    const inRoutes = await faceErrors(
      'apps/server/src/modules/pets/lint-fixture.ts',
      "import type { FastifyInstance } from 'fastify';\nexport const f = (app: FastifyInstance) => app.movementsService.list(1);\n",
    );
    expect(inRoutes).toEqual([expect.stringMatching(/app\.movementsService.*movements/)]);
    // Even in the module's wiring file: only ports cross, never a service.
    const inModule = await faceErrors(
      'apps/server/src/modules/pets/pets.module.ts',
      "import type { FastifyInstance } from 'fastify';\nexport const f = (app: FastifyInstance) => app.adoptionRequestsService;\n",
    );
    expect(inModule).toHaveLength(1);
    // Its own service is its own business.
    const own = await faceErrors(
      'apps/server/src/modules/movements/lint-fixture.ts',
      "import type { FastifyInstance } from 'fastify';\nexport const f = (app: FastifyInstance) => app.movementsService;\n",
    );
    expect(own).toEqual([]);
  });

  it("another module's port is read only where modules are wired", async () => {
    const code = "import type { FastifyInstance } from 'fastify';\nexport const f = (app: FastifyInstance) => app.petsPort;\n";
    expect(await faceErrors('apps/server/src/modules/movements/movements.module.ts', code)).toEqual([]);
    expect(await faceErrors('apps/server/src/modules/movements/movements.service.ts', code)).toEqual([
      expect.stringMatching(/only where modules are wired/),
    ]);
  });

  it('a port built outside its own module file, or a port object imported as a value, fails the lint', async () => {
    const inService = await faceErrors(
      'apps/server/src/modules/followups/lint-fixture.ts',
      "import { createPetsPort } from '../pets/pets.port';\nexport const p = () => createPetsPort({} as never);\n",
    );
    expect(inService).toEqual([expect.stringMatching(/createPetsPort\(\)` builds a port/)]);
    const otherModuleFile = await faceErrors(
      'apps/server/src/modules/followups/followups.module.ts',
      "import { createPetsPort } from '../pets/pets.port';\nexport const p = () => createPetsPort({} as never);\n",
    );
    expect(otherModuleFile).toHaveLength(1);
    const ownModuleFile = await faceErrors(
      'apps/server/src/modules/pets/pets.module.ts',
      "import { createPetsPort } from './pets.port';\nexport const p = () => createPetsPort({} as never);\n",
    );
    expect(ownModuleFile).toEqual([]);
    const singleton = await faceErrors(
      'apps/server/src/modules/care/lint-fixture.ts',
      "import { historyPort } from '../history/history.port';\nexport const h = historyPort;\n",
    );
    expect(singleton).toEqual([expect.stringMatching(/historyPort.*port object/)]);
  });

  it('the code as it is passes', async () => {
    const results = await eslint.lintFiles(['apps/server/src/**/*.ts']);
    const errors = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'refugio/module-faces' || m.ruleId === 'import-x/no-cycle').map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(errors).toEqual([]);
  });

  it('a server source file over 500 lines fails the lint (the schema aside)', async () => {
    const code = (lines: number) => Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    const ruleOf = async (file: string, text: string) => {
      const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').length;
    };
    expect(await ruleOf('apps/server/src/modules/pets/lint-fixture.ts', code(500))).toBe(0);
    expect(await ruleOf('apps/server/src/modules/pets/lint-fixture.ts', code(501))).toBe(1);
    expect(await ruleOf('apps/server/src/db/schema/lint-fixture.ts', code(501))).toBe(0);
  });
});
