/**
 * Unused files, exports and dependencies (issue 31 item 6), checked by `npm run knip` in `npm test`.
 * The entry points are what runs: the CDK app and the local stack, each route's and background
 * function's handler (read from the route table, as the CDK stack reads it), the SPA, its build
 * scripts, the tests and the benchmarks.
 */
import type { KnipConfig } from 'knip';
import { BACKGROUND_FUNCTIONS, ROUTES } from './functions/routes.js';

const handlers = [...new Set([...ROUTES, ...BACKGROUND_FUNCTIONS].map((r) => r.handler))];

const config: KnipConfig = {
  entry: [
    'bin/*.ts',
    ...handlers,
    'functions/jobs/migrate.ts',
    'frontend/src/main.tsx',
    // Rendered into dist/index.html by frontend/scripts/prerender.ts through Vite's SSR loader.
    'frontend/src/public/landing-prerender.tsx',
    'frontend/scripts/*.ts',
    'test/**/*.{test,bench}.{ts,tsx}',
    'test/support/*-setup.ts',
    'test/support/*-reporter.ts',
    'test/support/{no-network,setup-stack-env,unit-env}.ts',
    'test/bench/*.ts',
    'eslint.config.js',
    // Built into the bundles by path (lib/constructs/bundle-options.ts aliases packages to them).
    'functions/shared/bundle-shims/*.ts',
  ],
  ignoreDependencies: [
    // The Node 24 runtime every npm script runs on (see README), not an import.
    'node',
    // Read from disk and injected into the browser pages by test/support/a11y.ts.
    'axe-core',
    // Bundled by test/bench/logger-choice.ts from generated sources, to measure it against our logger.
    '@aws-lambda-powertools/logger',
    // The types of mailparser and smtp-server, which lib/local/mail-server.ts imports.
    '@types/mailparser',
    '@types/smtp-server',
  ],
  // Executables the local stack and the screenshot script run, installed by the system (README).
  ignoreBinaries: ['java', 'fc-list'],
  ignoreIssues: {
    // pool-users.ts imports this module on first use and takes the commands it sends by name.
    'functions/shared/clients/cognito-admin.ts': ['exports'],
  },
  project: ['bin/**/*.ts', 'lib/**/*.ts', 'functions/**/*.ts', 'frontend/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
};

export default config;
