import { defineConfig } from 'vitest/config';

/** The integration files that run on the embedded database too (see the project integration-embedded). */
const EMBEDDED_INTEGRATION_FILES = [
  'test/authorization-matrix',
  'db/embedded-database',
  'db/embedded-disk-full',
  'plugins/patient-access',
  'plugins/errors',
  // the embedded database's pool and statement metrics (issue 35 item 1)
  'plugins/metrics',
  // a booking's trace: route spans and redaction; the embedded database has no statement spans (issue 35 item 2)
  'lib/tracing',
  'modules/health/health',
  'modules/rezept/rezept',
  'modules/training/training',
  // the demo world the embedded start shows: subscription, plan and two weeks of adherence (issue 29 item 4)
  'modules/training/training-demo',
  'modules/anamnese/anamnese',
  'modules/fragebogen/fragebogen',
  // questionnaire definitions in and out as FHIR Questionnaire: the import writes a draft (issue 34 item 5)
  'modules/fragebogen/fragebogen-fhir',
  'modules/profil/profil',
  'modules/einwilligung/einwilligung-widerruf',
  'modules/profil/dokumentation',
  'modules/auskunft/auskunft',
  'modules/auskunft/auskunft-vollstaendig',
  // the FHIR export, judged by Medplum's validator and FHIR router (issue 34)
  'modules/auskunft/fhir',
  'modules/loeschung/loeschung',
  'modules/protokoll/protokoll',
  // the chain, erasure and retention on the one role of the embedded start (the role part is PostgreSQL only)
  'modules/protokoll/protokoll-rollen',
  'modules/termin/termin',
  'modules/cart/cart',
  'modules/cart/storno',
  'modules/guthaben/ledger',
  'modules/guthaben/guthaben-betreiber',
  'modules/abo/abo-lifecycle',
  'modules/zahlung/zahlung',
  'modules/zahlung/zahlung-concurrency',
  'modules/auth/sitzungen',
  'modules/auth/sitzung-inaktiv',
  // the JWT secret's rotation command on the embedded folder the app used, with the server's marker (issue 35 item 6)
  'rotate-jwt-secret',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // scripts/*.test.mjs: the decisions of the root scripts (supply-chain.test.mjs)
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // No file replaces a module or a global; fake timers are reset after each test. One module graph per worker
          // instead of one per file: 26 s -> 9 s (files in shuffled order pass too).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/src/**/*.int.test.ts'],
          // migrates one template database; each file's database is a copy of it (test-database.ts)
          globalSetup: ['apps/server/src/test/template-database.ts'],
          // Each file gets its own database; two at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
          // Each file builds its own app on its own database, and none mocks a module: the server's modules are
          // imported once per worker instead of once per file (the imports were 141 of 239 s of the files' time;
          // 203 s -> 93 s, files in shuffled order pass too).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The embedded database that `npm start` runs (issue 29 item 2): the authorization matrix calls every
          // endpoint, reads included, as every role that may call it, with the staff's need-to-know look-ups; the
          // module files below write health records, money and capacity. Each file loads a dump of a migrated and
          // seeded database into memory (embedded-template.ts, test-database.ts). Left to PostgreSQL only: files of
          // the driver itself (direct-execute, migration-upgrade), of several instances on one database (sessions-end,
          // video-redis), and of code that no query reaches (shutdown, STOMP, uploads' limits, the SPA).
          name: 'integration-embedded',
          environment: 'node',
          include: EMBEDDED_INTEGRATION_FILES.map((file) => `apps/server/src/${file}.int.test.ts`),
          globalSetup: ['apps/server/src/test/embedded-template.ts'],
          env: { TEST_DATABASE: 'embedded' },
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
  },
});
