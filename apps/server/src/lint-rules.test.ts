import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The boundaries of ARCHITECTURE.md (conventions 4) and of issue 11 are enforced by eslint.config.js alone; this test
// proves that config fails where it should (a foreign table import, an import cycle, an API path literal or a raw
// request in the web app) and stays quiet in the allowed places, so a loosened pattern cannot pass unnoticed.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// The rules under test need no type information. Without it, lintText accepts paths that do not exist (the TS
// project service rejects files it does not know) and the whole file takes seconds instead of half a minute.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function ruleIdsOf(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.map((m) => m.ruleId);
}

// Snippets start with code, so this file's own strings are no path literal for its own lint rule.
const API_PATH_SNIPPET = "export const url = '/api/termin/patient/all';\n";
const API_REQUEST_SNIPPET =
  "import { apiRequest } from '../../../lib/api-client.ts';\nexport const call = apiRequest;\n";
const FOREIGN_TABLE_SNIPPET = "import { zahlungen } from '../zahlung/zahlung.table.ts';\nexport const t = zahlungen;\n";

const LOOKUP_SNIPPET = "import { getPayment } from '../zahlung/index.ts';\nexport const g = getPayment;\n";
const FOREIGN_REPOSITORY_SNIPPET =
  "import { lockPayment } from '../zahlung/zahlung.repository.ts';\nexport const l = lockPayment;\n";
const DRIZZLE_SNIPPET = "import { eq } from 'drizzle-orm';\nexport const e = eq;\n";
const DRIZZLE_SUBPATH_SNIPPET = "import { alias } from 'drizzle-orm/pg-core';\nexport const a = alias;\n";
const PREPARED_SNIPPET =
  "import { preparedStatement } from '../../db/prepared.ts';\nexport const p = preparedStatement;\n";
const OWN_TABLE_SNIPPET = "import { warenkoerbe } from './cart.table.ts';\nexport const t = warenkoerbe;\n";
const OWN_TABLE_TYPE_SNIPPET =
  "import type { WarenkorbRow } from './cart.table.ts';\nexport const f = (row: WarenkorbRow) => row.id;\n";
const FETCH_SNIPPET = "export const r = fetch('x');\n";
const TEMPLATE_PATH_SNIPPET = 'export const url = `/api/termin/${1}`;\n';
const CLIENT_SNIPPET = "import { apiRequest } from './api-client.ts';\nexport const call = apiRequest;\n";

const SQL_RULE = '@typescript-eslint/no-restricted-imports';

/** [what, file the snippet pretends to be, snippet, the rule that must fire, or null: no message at all] */
const CASES: [string, string, string, string | null][] = [
  [
    "a module importing another module's table",
    'apps/server/src/modules/cart/lint-fixture.ts',
    FOREIGN_TABLE_SNIPPET,
    'no-restricted-imports',
  ],
  [
    "a module importing another module's repository",
    'apps/server/src/modules/cart/lint-fixture.ts',
    FOREIGN_REPOSITORY_SNIPPET,
    'no-restricted-imports',
  ],
  [
    'a table file referencing a foreign table (foreign key)',
    'apps/server/src/modules/cart/lint-fixture.table.ts',
    FOREIGN_TABLE_SNIPPET,
    null,
  ],
  ["a module reaching another's index.ts", 'apps/server/src/modules/cart/lint-fixture.ts', LOOKUP_SNIPPET, null],
  // SQL only in repositories (issue 30 item 2)
  ['Drizzle in a service', 'apps/server/src/modules/cart/lint-fixture.service.ts', DRIZZLE_SNIPPET, SQL_RULE],
  ['a Drizzle subpath in a job', 'apps/server/src/modules/cart/lint-fixture-job.ts', DRIZZLE_SUBPATH_SNIPPET, SQL_RULE],
  ['a prepared statement in a service', 'apps/server/src/modules/cart/lint-fixture.ts', PREPARED_SNIPPET, SQL_RULE],
  ['a table object in an export', 'apps/server/src/modules/cart/lint-fixture.export.ts', OWN_TABLE_SNIPPET, SQL_RULE],
  ['a row type in a service', 'apps/server/src/modules/cart/lint-fixture.service.ts', OWN_TABLE_TYPE_SNIPPET, null],
  ['Drizzle in a repository', 'apps/server/src/modules/cart/lint-fixture.repository.ts', DRIZZLE_SNIPPET, null],
  [
    'a table object in a repository',
    'apps/server/src/modules/cart/lint-fixture.repository.ts',
    OWN_TABLE_SNIPPET,
    null,
  ],
  ['Drizzle in a module test', 'apps/server/src/modules/cart/lint-fixture.int.test.ts', DRIZZLE_SNIPPET, null],
  [
    'an API path literal in a web feature',
    'apps/web/src/features/termin/api/lint-fixture.ts',
    API_PATH_SNIPPET,
    'no-restricted-syntax',
  ],
  [
    'an API path template in a web component',
    'apps/web/src/features/termin/components/lint-fixture.tsx',
    TEMPLATE_PATH_SNIPPET,
    'no-restricted-syntax',
  ],
  [
    'an API path literal on the server',
    'apps/server/src/modules/termin/lint-fixture.ts',
    API_PATH_SNIPPET,
    'no-restricted-syntax',
  ],
  ['an API path literal in the contract', 'packages/contract/src/lint-fixture.ts', API_PATH_SNIPPET, null],
  [
    'apiRequest in a web feature',
    'apps/web/src/features/termin/api/lint-fixture.ts',
    API_REQUEST_SNIPPET,
    'no-restricted-syntax',
  ],
  ['fetch in a web feature', 'apps/web/src/features/termin/api/lint-fixture.ts', FETCH_SNIPPET, 'no-restricted-syntax'],
  ['apiRequest in the endpoint client', 'apps/web/src/lib/endpoint-client.ts', CLIENT_SNIPPET, null],
];

describe('lint rules', { timeout: 30_000 }, () => {
  it.each(CASES)('%s (%s)', async (_what, file, snippet, rule) => {
    const ruleIds = await ruleIdsOf(file, snippet);
    if (rule) expect(ruleIds).toContain(rule);
    else expect(ruleIds).toEqual([]);
  });

  describe('import cycles', () => {
    // The cycle rule follows imports on disk, so the two files must exist; a folder of its own per run, removed after.
    const dir = join(ROOT, `apps/server/src/lint-fixture-tmp-${process.pid}`);

    beforeAll(() => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = (): number => b + 1;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = 1;\nexport const c = a;\n");
      // only a type flows back: gone at run time, so no cycle
      writeFileSync(join(dir, 'c.ts'), "import { d } from './d.ts';\nexport type C = number;\nexport const c = d;\n");
      writeFileSync(join(dir, 'd.ts'), "import type { C } from './c.ts';\nexport const d: C = 1;\n");
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const ruleIdsOfFile = async (name: string) =>
      (await eslint.lintFiles([join(dir, name)])).flatMap((r) => r.messages.map((m) => m.ruleId));

    it('fails on two files importing each other', async () => {
      expect(await ruleIdsOfFile('a.ts')).toContain('import-x/no-cycle');
    });

    it('allows a type-only import back', async () => {
      expect(await ruleIdsOfFile('c.ts')).toEqual([]);
    });
  });
});
