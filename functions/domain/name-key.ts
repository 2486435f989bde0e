/**
 * The comparison key of a name that must be unique (a department, an employment status): two names
 * that a person reads as the same give the same key. NFKC folds full-width/half-width forms
 * (ＡＢＣ → ABC, ｶﾅ → カナ) and compatibility characters; trim() removes surrounding white space,
 * U+3000 (全角スペース) included; lower-casing folds case after NFKC. Runs of inner white space
 * count as one space (営業\u3000部 and 営業 部 are the same name to a reader).
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}
