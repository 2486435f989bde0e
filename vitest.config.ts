import { defineConfig } from 'vitest/config';
import { cataloguePlugin } from './frontend/scripts/catalogue-plugin.js';

/**
 * Test tiers by folder (see STYLE.md): unit (no network), integration (handlers through the local
 * gateway against the emulators), infra (CDK assertions and cdk-nag), e2e (the built SPA in Chromium).
 * One `vitest run` starts the emulators once for integration and e2e (test/support/global-setup.ts).
 */
const stackProject = {
  globalSetup: ['test/support/global-setup.ts'],
  setupFiles: ['test/support/setup-stack-env.ts'],
};

export default defineConfig({
  // The SPA's catalogues compile as in the build (unit tests of SPA modules load them).
  plugins: [cataloguePlugin()],
  test: {
    // Child processes, not threads: handlers keep module-scope SDK clients and env caches per file.
    pool: 'forks',
    // test-files-reporter tells bundles-setup.ts whether the run needs the Lambda bundles.
    reporters: ['default', './test/support/summary-reporter.ts', './test/support/test-files-reporter.ts'],
    isolate: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          sequence: { groupOrder: 1 },
          setupFiles: ['test/support/no-network.ts'],
          // A slow unit test is a bug (issue 31 item 7): the slowest takes under 1 s on an idle core, and
          // this leaves room for a two-core machine kept busy by other processes (8× and more). Work
          // that needs longer (esbuild, CDK) belongs to the infra project.
          testTimeout: 10_000,
          hookTimeout: 10_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          ...stackProject,
          // The Lambda bundles are built once per run, before the files start (bundles-setup.ts).
          globalSetup: [...stackProject.globalSetup, 'test/support/bundles-setup.ts'],
          // Guards against a hang, generous for a busy two-core machine (emulators, gateway and workers share it).
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          // CDK synthesis with esbuild bundling of every route takes a while on two cores.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // After unit, integration and infra (one browser at a time).
          sequence: { groupOrder: 2 },
          // expect.poll waits 1 s by default: too short for a browser on a loaded two-core machine.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: [...stackProject.globalSetup, 'test/support/e2e-setup.ts'],
          setupFiles: stackProject.setupFiles,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One browser at a time: two cores are shared with the JVM and the gateway.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dates',
          include: ['test/dates/**/*.test.ts'],
          // After every other project: each date starts a vitest of its own (emulators, Chromium), which
          // must not compete with the main run for the two cores. Every project names its group: vitest
          // runs a project left at group 0 with one worker after all numbered groups.
          sequence: { groupOrder: 3 },
          setupFiles: ['test/support/no-network.ts'],
          // One date runs the date-sensitive integration and e2e files (several minutes on a busy machine).
          testTimeout: 40 * 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
