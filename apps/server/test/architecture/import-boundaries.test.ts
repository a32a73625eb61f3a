import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The server's import zones (eslint.config.js) fail the lint, and so CI, on a module that reaches into another
 * module past its port, on infrastructure that imports a module, and on an import cycle. Each case lints a small
 * piece of code as if it were a file of the named folder (the imported files are the real ones).
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

describe('server import zones', { timeout: 60_000 }, () => {
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
});
