import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Shared patterns of the import boundaries below.
const appsApart = {
  group: ['**/apps/server/**', '**/apps/web/**'],
  message: 'Apps importieren einander nicht; Geteiltes gehört in packages/contract.',
};
/** Another module's file other than its index.ts (a relative path that climbs once and descends into a module). */
const onlyIndex = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)[^/]+$',
  message:
    'Ein anderes Modul nur über dessen index.ts importieren (Tabellen, Repositories und Services gehören dem Modul).',
};
/** Tests: another module's index.ts, tables (set-up and inspection) and test support (shared fixtures). */
const indexTableOrTestSupport = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$|[^/]+\\.table\\.ts$|[^/]+[.-]test-support\\.ts$)[^/]+$',
  message: 'Tests importieren aus anderen Modulen nur index.ts, Tabellen und Test-Support.',
};
/** The same, but another module's *.table.ts allowed (foreign keys; test set-up). */
const indexOrTable = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$|[^/]+\\.table\\.ts$)[^/]+$',
  message: 'Ein anderes Modul nur über dessen index.ts importieren; Tabellen nur für Fremdschlüssel und in Tests.',
};

/** Drizzle, the SQL helpers of db/ and table objects: only repositories and tables (and SQL_ALLOWED) use them. */
const SQL_ONLY_IN_REPOSITORIES = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    message: 'SQL nur in *.repository.ts: Drizzle wird außerhalb von Repositories und Tabellen nicht importiert.',
  },
  {
    regex: '(^|/)db/(prepared|direct-execute|row-mapper)\\.ts$',
    message: 'SQL nur in *.repository.ts: die SQL-Helfer aus db/ gehören in Repositories.',
  },
  {
    regex: '\\.table\\.ts$',
    allowTypeImports: true,
    message: 'SQL nur in *.repository.ts: Tabellen nur dort verwenden; hier reichen ihre Typen (import type).',
  },
];
/**
 * Module files outside repositories that may still run SQL, each as [path below apps/server/src/modules/, one-line
 * reason] (issue 30 item 2, docs/decisions.md). Empty: every module's SQL is in its repositories now; a new entry
 * needs a reason that a review accepts.
 * @type {[string, string][]}
 */
const SQL_ALLOWED = [];

/** An address under /api written as text: it belongs in the contract's endpoint declarations. */
const API_PATH_MESSAGE =
  'Pfade der API stehen nur in den Endpunkt-Deklarationen (packages/contract); hier apiUrl(…) oder route(…).';
// /api/files/… names uploaded files (example texts of the forms), not an endpoint.
const API_PATH_LITERALS = [
  { selector: 'Literal[value=/^\\/api\\/(?!files\\/|docs)[A-Za-z]/]', message: API_PATH_MESSAGE },
  { selector: 'TemplateElement[value.raw=/^\\/api\\/(?!files\\/|docs)[A-Za-z]/]', message: API_PATH_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and route handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { returns: false, properties: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: [appsApart] }],
    },
  },
  {
    // No import cycles (ARCHITECTURE.md, conventions 4): a cycle makes the load order decide which binding is still
    // undefined. Imports name their .ts/.tsx file and the contract resolves through its package exports, so the
    // plain node resolver finds every file; type-only imports vanish at run time and are not followed.
    files: ['apps/server/**/*.ts', 'apps/web/**/*.{ts,tsx}', 'packages/contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Modules own their tables (ARCHITECTURE.md, convention 4): another module is reached only through its index.ts,
  // never through its tables, repository or service files. Later blocks narrow the exceptions by file.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appsApart, onlyIndex] }],
    },
  },
  {
    // Foreign keys: a table file may reference another module's table file for `.references()`.
    files: ['apps/server/src/modules/**/*.table.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appsApart, indexOrTable] }],
    },
  },
  {
    // Tests may set up and inspect state directly in another module's tables, and share another module's test
    // support; production code and seeds (*.demo.ts) may not.
    files: [
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/modules/**/*.int.test.ts',
      'apps/server/src/modules/**/*.test-support.ts',
      'apps/server/src/modules/**/*-test-support.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appsApart, indexTableOrTestSupport] }],
    },
  },
  {
    // The one users-with-profiles join: an account and its profile row are created and read together, so profil's
    // person look-ups are the single place outside users that reads the account table (profil sits above users).
    files: ['apps/server/src/modules/profil/person.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appsApart,
            { ...onlyIndex, regex: '^\\.\\./(?!\\.\\.)(?!users/users\\.table\\.ts$)[^/]+/(?!index\\.ts$)[^/]+$' },
          ],
        },
      ],
    },
  },
  // SQL only in repositories (issue 30 item 2): a module's queries live in its *.repository.ts, its tables in
  // *.table.ts; services, routes, jobs, seeds, exports and erasures call repository functions. Drizzle and the SQL
  // helpers of db/ are not imported elsewhere, nor a table object (its row types are fine: `import type`). A rule of
  // its own (the typescript-eslint one, which tells type imports apart), so the boundary blocks above stay as they are.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**/*.repository.ts',
      'apps/server/src/modules/**/*.table.ts',
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/modules/**/*.test-support.ts',
      'apps/server/src/modules/**/*-test-support.ts',
      ...SQL_ALLOWED.map(([file]) => `apps/server/src/modules/${file}`),
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: SQL_ONLY_IN_REPOSITORIES }] },
  },
  {
    // index.ts re-exports the enums declared beside their tables (CREDIT_KINDS, PAYMENT_STATUSES, ...); it runs no
    // query, and another module cannot reach a table through it (the boundary rule above admits index.ts only).
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: SQL_ONLY_IN_REPOSITORIES.filter((pattern) => !pattern.allowTypeImports) },
      ],
    },
  },
  // Web features never import each other; shared pieces live in components/ or lib/. A relative import that climbs
  // exactly to features/ and descends again reaches another feature; the climb depends on the file's depth. The page
  // layer (app/routes/) composes features, so a feature never reaches back into app/ either.
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appsApart,
            {
              regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\./)[^/]+/`,
              message: 'Features importieren einander nicht; Seiten aus mehreren Features gehören nach app/routes/.',
            },
            {
              regex: `^${'\\.\\./'.repeat(depth + 1)}app/`,
              message: 'Features importieren app/ nicht; die Seitenebene (app/routes/) importiert die Features.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Shared UI and helpers serve every feature, so they know none of them.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appsApart,
            {
              regex: '^\\.\\./(features|app)/',
              message: 'components/ und lib/ importieren weder Features noch app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
    languageOptions: { globals: globals.browser },
  },
  {
    // the scripts, and the type declarations of a script that TypeScript callers import (scripts/cluster.d.mts)
    files: ['**/*.mjs', '**/*.js', '**/*.d.mts'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node, parserOptions: { projectService: false, project: null } },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.int.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-empty-pattern': 'off',
      'no-empty-pattern': 'off',
    },
  },
  // One declaration per endpoint (issue 11): paths live in packages/contract only. The web reaches the server only
  // through the endpoint client; server modules and tests name declarations (apiUrl, route, injectEndpoint).
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'e2e/**/*.ts'],
    ignores: ['apps/web/src/lib/api-client.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...API_PATH_LITERALS],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/endpoint-client.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...API_PATH_LITERALS,
        {
          selector: "ImportSpecifier[imported.name='apiRequest']",
          message:
            'Die API nur über lib/endpoint-client.ts (callEndpoint, useEndpointQuery) mit ihrer Deklaration aufrufen.',
        },
        {
          selector: "CallExpression[callee.name='fetch']",
          message:
            'Die API nur über lib/endpoint-client.ts (callEndpoint, useEndpointQuery) mit ihrer Deklaration aufrufen.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/api-client.ts'],
    rules: { 'no-restricted-syntax': ['error', ...API_PATH_LITERALS] },
  },
);
