import list from './common-passwords.json' with { type: 'json' };

/**
 * Common passwords (issue 14 item 15): what remains of a password once its case, leetspeak and the
 * digits and symbols at its ends are taken away, so `Password123!`, `P@ssw0rd!` and `password` are one.
 * The list is generated (test/bench/common-passwords.ts) from a maintained, frequency-ranked list.
 */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

export function commonPasswordBase(password: string): string {
  const lower = password.normalize('NFKC').toLowerCase();
  // Digits and symbols people add at the ends to meet a policy ("Password123!", "!Qwerty2024").
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  // All digits and symbols: the policy refuses those anyway; nothing to undo.
  if (!core) return lower;
  return core.replace(/[013457@$!]/g, (c) => LEET[c] ?? c);
}

const COMMON: ReadonlySet<string> = new Set(list.bases);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(commonPasswordBase(password));
}
