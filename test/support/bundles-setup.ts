/**
 * Global setup of the integration project: builds the Lambda bundles (test/support/bundles.ts) once per
 * `vitest run`, before any test file starts, into a temporary directory handed to the workers as
 * `bundlesDir`. Building them inside a test file's hook took most of its timeout on a busy machine, and
 * two files built the same bundles twice. Runs that include no test file importing bundles.ts skip the
 * build (the file list comes from test-files-reporter.ts; without it, the bundles are always built).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildBundles } from './bundles';
import { testFilesOfThisRun } from './test-files-reporter';
import './provided';

const usesBundles = (file: string) => /from\s+['"][./]*support\/bundles(\.js)?['"]/.test(readFileSync(file, 'utf8'));

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const files = testFilesOfThisRun(project.name);
  if (files && !files.some(usesBundles)) {
    project.provide('bundlesDir', '');
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'kintai-bundles-'));
  const started = performance.now();
  const count = await buildBundles(dir);
  console.log(
    `[bundles-setup] ${count} Lambda bundles built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide('bundlesDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
