import type { Reporter, TestSpecification } from 'vitest/node';

/**
 * Records which test files each project runs, for global setups that only need to prepare something
 * when certain files run (bundles-setup.ts). Vitest starts reporters' runs before global setups.
 */
const KEY = Symbol.for('kintai.test.filesOfThisRun');
const registry = globalThis as typeof globalThis & { [KEY]?: Map<string, string[]> };

/** The test files of `project` in the current run, or undefined when this reporter is not active. */
export function testFilesOfThisRun(project: string): string[] | undefined {
  const all = registry[KEY];
  return all ? (all.get(project) ?? []) : undefined;
}

export default class TestFilesReporter implements Reporter {
  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    const byProject = new Map<string, string[]>();
    for (const spec of specifications)
      byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec.moduleId]);
    registry[KEY] = byProject;
  }
}
