/**
 * Proof that the layer rule bites: small source texts, linted at virtual paths inside functions/,
 * lib/ and frontend/, with the boundaries part of eslint.config.js (functions/README.md's layer map).
 *
 * The repository config also runs type-aware rules (projectService), and those refuse a file that
 * no tsconfig includes, which a virtual path is not. So this test composes the exported
 * `boundariesConfig` with the plain TypeScript parser: the same policies, without type information
 * (the boundaries and cycle rules need none).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { boundariesConfig } from '../../eslint.config.js';

const ROOT = join(import.meta.dirname, '../..');
const parser: Linter.Config = { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } };
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [parser, ...boundariesConfig] });

/** The boundaries findings of `code` linted as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  const messages = result?.messages ?? [];
  // A parse error would make "no findings" meaningless.
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.filter((m) => m.ruleId === 'boundaries/dependencies' && m.severity === 2).map((m) => m.message);
}

describe('the layer map of functions/README.md as a lint rule', { timeout: 120_000 }, () => {
  it('rejects functions → lib (CDK) imports', async () => {
    const errors = await boundaryErrors(
      'functions/api/x/fake.ts',
      "import { KintaiStack } from '../../../lib/kintai-stack';",
    );
    expect(errors).toEqual([expect.stringMatching(/"api" to elements of type "cdk"/)]);
    expect(
      await boundaryErrors('functions/shared/fake.ts', "import { startGateway } from '../../lib/local/gateway';"),
    ).toHaveLength(1);
  });

  it('rejects a layer importing one above it: domain → db, db → services, shared → db', async () => {
    expect(await boundaryErrors('functions/domain/fake.ts', "import { db } from '../db/service';")).toEqual([
      expect.stringMatching(/"domain" to elements of type "db"/),
    ]);
    expect(
      await boundaryErrors('functions/db/fake.ts', "import { createStaff } from '../services/staff-service';"),
    ).toHaveLength(1);
    expect(await boundaryErrors('functions/shared/fake.ts', "import { db } from '../db/service';")).toHaveLength(1);
  });

  it('allows the map: api → services, services → db, the pipeline → db, lib → routes and config', async () => {
    expect(
      await boundaryErrors('functions/api/x/fake.ts', "import { createStaff } from '../../services/staff-service';"),
    ).toEqual([]);
    expect(await boundaryErrors('functions/services/fake.ts', "import { db } from '../db/service';")).toEqual([]);
    expect(await boundaryErrors('functions/shared/idempotency.ts', "import { db } from '../db/service';")).toEqual([]);
    expect(await boundaryErrors('lib/fake.ts', "import { ROUTES } from '../functions/routes';")).toEqual([]);
    expect(await boundaryErrors('lib/fake.ts', "import { TABLE } from '../functions/config/table';")).toEqual([]);
  });

  it('lets services use the route table for types only', async () => {
    expect(await boundaryErrors('functions/services/fake.ts', "import type { Role } from '../routes';")).toEqual([]);
    expect(await boundaryErrors('functions/services/fake.ts', "import { ROUTES } from '../routes';")).toHaveLength(1);
  });

  it('keeps db/entities private to db/', async () => {
    const entity = "import { AttendanceDay } from '../db/entities/attendance-day';";
    expect(await boundaryErrors('functions/services/fake.ts', entity)).toEqual([
      expect.stringMatching(/db\/entities are private to db\//),
    ]);
    expect(
      await boundaryErrors('functions/db/fake.ts', "import { AttendanceDay } from './entities/attendance-day';"),
    ).toEqual([]);
  });

  it('lets the frontend import backend types, and values only from the shared constants', async () => {
    const types = "import type { StaffView } from '../../../functions/services/staff-service';";
    expect(await boundaryErrors('frontend/src/x/fake.ts', types)).toEqual([]);
    const values = "import { createStaff } from '../../../functions/services/staff-service';";
    expect(await boundaryErrors('frontend/src/x/fake.ts', values)).toHaveLength(1);
    const messages = "import { MESSAGES } from '../../../functions/shared/messages';";
    expect(await boundaryErrors('frontend/src/x/fake.ts', messages)).toEqual([]);
  });

  describe('import cycles', () => {
    // import-x/no-cycle follows imports on disk, so this case writes two real files (under the
    // git-ignored .tmp/) that import each other.
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, '.tmp', 'lint-cycle-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reports a cycle between two modules', async () => {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): unknown => a;\n");
      const cycles = new ESLint({
        cwd: ROOT,
        overrideConfigFile: true,
        overrideConfig: [
          parser,
          importX.flatConfigs.typescript,
          { files: ['**/*.ts'], rules: { 'import-x/no-cycle': 'error' } },
        ],
      });
      const [result] = await cycles.lintFiles([join(dir, 'a.ts')]);
      expect(result?.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
    });
  });
});
