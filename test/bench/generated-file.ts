import { readFileSync, writeFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A source file generated from an installed package (the bundled holiday table, the Japan-only phone
 * metadata): `isCurrent()` for the tests, and the script's command line, `--write` to regenerate it and
 * no argument to exit 1 when it is stale.
 */
export function generatedFile(file: string, render: () => string, script: string) {
  const isCurrent = (): boolean => {
    try {
      return readFileSync(file, 'utf8') === render();
    } catch {
      return false;
    }
  };
  const main = (): void => {
    if (process.argv[1] !== script && !process.argv[1]?.endsWith(basename(script))) return;
    const name = relative(ROOT, file);
    if (process.argv.includes('--write')) {
      writeFileSync(file, render());
      console.log(`wrote ${name}`);
    } else if (!isCurrent()) {
      console.error(`${name} is stale: run npx tsx ${relative(ROOT, script)} --write`);
      process.exitCode = 1;
    } else {
      console.log(`${name} is current`);
    }
  };
  return { isCurrent, main };
}
