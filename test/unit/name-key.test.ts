/** The comparison key behind unique department and employment-status names (issue 14 item 5). */
import { describe, expect, it } from 'vitest';
import { nameKey } from '../../functions/domain/name-key.js';

describe('nameKey', () => {
  it.each([
    ['営業部', ' 営業部 '],
    ['営業部', '\u3000営業部\u3000'],
    ['ABC', 'ＡＢＣ'],
    ['abc', 'ＡＢＣ'],
    ['カイハツ', 'ｶｲﾊﾂ'],
    ['第1課', '第１課'],
    ['営業 一部', '営業\u3000\u3000一部'],
  ])('%j and %j are the same name', (a, b) => {
    expect(nameKey(a)).toBe(nameKey(b));
  });

  it.each([
    ['営業部', '営業一部'],
    ['abc', 'abd'],
    ['営業部', '営業 部'],
  ])('%j and %j are different names', (a, b) => {
    expect(nameKey(a)).not.toBe(nameKey(b));
  });
});
