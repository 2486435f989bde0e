// ESLint for the whole repository: typescript-eslint (type-aware), import cycles, and the layer map
// of functions/README.md as eslint-plugin-boundaries policies. No stylistic rules: Prettier owns
// formatting (.prettierrc.json), so the two never fight.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const resolver = createTypeScriptImportResolver({ project: 'tsconfig.json' });

/**
 * One element type per folder of functions/README.md. The first descriptor that matches a file wins,
 * so the three request-pipeline files come before the rest of shared/, and lib/local (the local
 * emulation: gateway, provisioning, seed; it runs the handlers) before the CDK code.
 */
const ELEMENTS = [
  { type: 'routes', pattern: 'functions/routes.ts', mode: 'full' },
  { type: 'config', pattern: 'functions/config/**', mode: 'full' },
  { type: 'domain', pattern: 'functions/domain/**', mode: 'full' },
  { type: 'db', pattern: 'functions/db/**', mode: 'full' },
  { type: 'services', pattern: 'functions/services/**', mode: 'full' },
  { type: 'exports', pattern: 'functions/exports/**', mode: 'full' },
  { type: 'jobs', pattern: 'functions/jobs/**', mode: 'full' },
  { type: 'api', pattern: 'functions/api/**', mode: 'full' },
  {
    type: 'pipeline',
    pattern: ['functions/shared/middleware.ts', 'functions/shared/idempotency.ts', 'functions/shared/auth/session.ts'],
    mode: 'full',
  },
  { type: 'shared', pattern: 'functions/shared/**', mode: 'full' },
  { type: 'local', pattern: ['lib/local/**', 'bin/start-local.ts'], mode: 'full' },
  { type: 'cdk', pattern: ['lib/**', 'bin/**'], mode: 'full' },
  { type: 'frontend', pattern: 'frontend/**', mode: 'full' },
  { type: 'test', pattern: ['test/**', 'vitest.config.ts'], mode: 'full' },
];

const FUNCTIONS = ['routes', 'config', 'domain', 'db', 'services', 'exports', 'jobs', 'api', 'pipeline', 'shared'];
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const typeOnly = { dependency: { kind: 'type' } };

/** The layer map: who may import whom. Anything not allowed here is an error (default: disallow). */
const POLICIES = [
  // config is plain data: imports nothing; everything may import it.
  { from: { element: { type: 'routes' } }, allow: to('config') },
  { from: { element: { type: 'domain' } }, allow: to('domain', 'config') },
  { from: { element: { type: 'db' } }, allow: to('db', 'domain', 'shared', 'config') },
  // auth/session.ts is shared/ too, but it reaches db/: db/ takes only its types (the principal), so
  // no runtime cycle can form.
  { from: { element: { type: 'db' } }, allow: { ...to('pipeline'), ...typeOnly } },
  { from: { element: { type: 'services' } }, allow: to('services', 'db', 'domain', 'shared', 'pipeline', 'config') },
  { from: { element: { type: 'services' } }, allow: { ...to('routes'), ...typeOnly } },
  {
    from: { element: { type: 'exports' } },
    allow: to('exports', 'services', 'db', 'domain', 'shared', 'pipeline', 'config'),
  },
  {
    from: { element: { type: 'jobs' } },
    allow: to('jobs', 'services', 'db', 'domain', 'shared', 'pipeline', 'config'),
  },
  {
    from: { element: { type: 'api' } },
    allow: to('api', 'services', 'exports', 'db', 'domain', 'shared', 'pipeline', 'routes', 'config'),
  },
  // shared/: the platform; the route table for its types only.
  { from: { element: { type: 'shared' } }, allow: to('shared', 'pipeline', 'config') },
  { from: { element: { type: 'shared' } }, allow: { ...to('routes'), ...typeOnly } },
  // The written exception: the request pipeline (middleware.ts, idempotency.ts, auth/session.ts) also
  // reaches db/ (session, idempotency and audit items) and reads the route table (roles, methods).
  { from: { element: { type: 'pipeline' } }, allow: to('pipeline', 'shared', 'db', 'routes', 'config') },
  // db/entities stay inside db/: everyone else calls the named access patterns (issue 13 item 3).
  // shared/idempotency.ts is the one file left (issue 13 item 8).
  {
    from: { element: { type: '!db' } },
    disallow: { to: { element: { type: 'db', filePath: '**/functions/db/entities/**' } } },
    message: 'db/entities are private to db/: call a named access pattern of db/*.ts instead',
  },
  {
    from: { element: { type: 'pipeline', filePath: '**/functions/shared/idempotency.ts' } },
    allow: { to: { element: { type: 'db', filePath: '**/functions/db/entities/**' } } },
  },
  // CDK (lib/, bin/app.ts) reads the route table and config; from the rest of functions/ only types.
  { from: { element: { type: 'cdk' } }, allow: to('cdk', 'routes', 'config') },
  { from: { element: { type: 'cdk' } }, allow: { ...to(...FUNCTIONS), ...typeOnly } },
  // The local emulation runs the handlers, so it may import any of functions/ (never the other way).
  { from: { element: { type: 'local' } }, allow: to('local', 'cdk', ...FUNCTIONS) },
  // The SPA's page list (plain data, no React) tells the local gateway and CloudFront which paths are pages.
  {
    from: { element: { types: { anyOf: ['local', 'cdk'] } } },
    allow: { to: { element: { type: 'frontend', filePath: '**/frontend/src/page-routes.ts' } } },
  },
  // The SPA: backend view types (`import type`) from anywhere in functions/, values only from the few
  // pure constants (and the one pure CSV-cell rule) it shares.
  { from: { element: { type: 'frontend' } }, allow: to('frontend') },
  { from: { element: { type: 'frontend' } }, allow: { ...to(...FUNCTIONS), ...typeOnly } },
  {
    from: { element: { type: 'frontend' } },
    allow: {
      to: {
        element: {
          types: { anyOf: FUNCTIONS },
          filePath: [
            '**/functions/shared/messages.ts',
            '**/functions/routes.ts',
            '**/functions/api/inquiries/inquiry-limits.ts',
            '**/functions/api/request-years.ts',
            '**/functions/domain/text-limits.ts',
            // CSV injection's one rule, for the shift grid's own CSV (issue 30 item 5).
            '**/functions/domain/csv-cell.ts',
            // The server's sentences in each language, which the SPA's build puts into `common` (issue 31).
            '**/functions/shared/i18n/catalogues/*.ts',
            '**/functions/shared/i18n/codes.ts',
          ],
        },
      },
    },
  },
  // Tests may import anything.
  { from: { element: { type: 'test' } }, allow: to('test', 'local', 'cdk', 'frontend', ...FUNCTIONS) },
];

/**
 * The boundaries part on its own (no type information needed), exported so that
 * test/unit/lint-boundaries.test.ts can lint virtual files with it: the type-aware rules below need
 * every linted file to belong to tsconfig.json, which a virtual path does not.
 */
export const boundariesConfig = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/include': ['functions/**', 'lib/**', 'bin/**', 'frontend/**', 'test/**', 'vitest.config.ts'],
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
      'import-x/resolver-next': [resolver],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: POLICIES }],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'cdk.out/**',
      'frontend/dist/**',
      '.data/**',
      'coverage/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // Build scripts of the SPA run by tsx, outside tsconfig.json's include (prerender.ts is in it,
          // through vite.config.ts).
          allowDefaultProject: [
            'frontend/scripts/make-icons.ts',
            'frontend/scripts/route-budget.ts',
            'frontend/scripts/ja-to-catalogues.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: { 'import-x/resolver-next': [resolver] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // `_name` marks a parameter a signature requires but the body does not use, and
      // `const { secret: _secret, ...rest } = x` is how the code drops a field.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The infra tests probe synthesized CloudFormation JSON by path (`Properties.Policies[0]
    // .PolicyDocument.Statement`): a schemaless document whose typing would be a hand copy of the
    // CloudFormation resource specification. Everywhere else `any` stays an error.
    files: ['test/infra/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests own their clock (STYLE.md habit 21, issue 29): a test takes "now" and "today" from the pinned
    // test clock (test/support/test-clock.ts), never from the machine. Date.now() stays allowed for
    // deadlines, durations and unique names, which do not depend on the date.
    files: ['test/**/*.ts'],
    ignores: ['test/bench/**', 'test/support/test-clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Tests do not read the real date: use testNow() / testToday() from test/support/test-clock.ts.',
        },
        {
          selector:
            "NewExpression[callee.name='Date'] CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Tests do not read the real date: offset testNow() from test/support/test-clock.ts instead.',
        },
        {
          selector:
            "CallExpression[callee.property.name='format'][arguments.length=0][callee.object.callee.object.name='Intl']",
          message: 'Tests do not read the real date: format testNow() from test/support/test-clock.ts.',
        },
      ],
    },
  },
  ...boundariesConfig,
);
