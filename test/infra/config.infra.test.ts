/**
 * What CDK and the handlers share (table, pools, password policy, token lifetimes, origin verify)
 * lives in functions/config/: plain data, bundled into handlers, read by lib/. The other direction
 * is closed: no file under functions/ imports lib/ (CDK code), and config imports no CDK.
 */
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/constructs/api-function';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Relative import specifiers of a file, resolved to repository paths. */
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    path.relative(PROJECT_ROOT, path.resolve(path.dirname(file), m[1]!)),
  );

describe('shared configuration', () => {
  it('no file under functions/ imports lib/', () => {
    const offenders = sourceFiles(path.join(PROJECT_ROOT, 'functions')).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`lib${path.sep}`))
        .map((target) => `${path.relative(PROJECT_ROOT, file)} → ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('functions/config imports neither aws-cdk-lib nor constructs, and nothing outside itself', () => {
    const files = sourceFiles(path.join(PROJECT_ROOT, 'functions/config'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/from\s*['"](aws-cdk-lib|constructs)/);
      for (const target of importsOf(file)) expect(target, file).toMatch(/^functions\/config\//);
    }
  });

  it('is what lib/ reads: no CDK file keeps a copy of the definitions', () => {
    const lib = sourceFiles(path.join(PROJECT_ROOT, 'lib'));
    const readers = lib.filter((f) => importsOf(f).some((t) => t.startsWith('functions/config/')));
    expect(readers.map((f) => path.relative(PROJECT_ROOT, f)).sort()).toEqual(
      expect.arrayContaining([
        'lib/constructs/kintai-table.ts',
        'lib/constructs/kintai-user-pool.ts',
        'lib/kintai-stack.ts',
        'lib/local/provision.ts',
      ]),
    );
    expect(lib.some((f) => f.endsWith('definitions.ts'))).toBe(false);
  });
});
