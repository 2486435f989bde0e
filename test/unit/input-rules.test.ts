import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { CONTENTION, contentionDelay } from '../../functions/db/contention.js';
import { integerSchema, nameSchema } from '../../functions/domain/input.js';
import { commonPasswordBase, isCommonPassword } from '../../functions/domain/password-strength.js';
import { neutralizeCell as neutralize } from '../../functions/domain/csv-cell.js';

describe('common passwords', () => {
  it('meet their list entry through case, leetspeak and padding, and leave strong ones alone', () => {
    expect(commonPasswordBase('Password123!')).toBe('password');
    expect(commonPasswordBase('P@ssw0rd2026!')).toBe('password');
    for (const p of ['Password123!', 'P@ssw0rd!', 'Qwerty2024!', 'Iloveyou2026!', 'Ｐａｓｓｗｏｒｄ１２３！'])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['Test#Passw0rd2026', 'Sakura#Tokyo2026', 'Mine#Hanako-2026'])
      expect(isCommonPassword(p), p).toBe(false);
  });
});

describe('shared input schemas', () => {
  it('take integers or decimal digit strings only', () => {
    const day = integerSchema(1, 31);
    for (const ok of [1, 31, '7', '07']) expect(z.safeParse(day, ok).success, String(ok)).toBe(true);
    for (const bad of [true, '0x1f', [2], '0b11', '1e1', 3.5, ' 3', '', null, 32, '٣'])
      expect(z.safeParse(day, bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('refuse invisible and blank names, keep ordinary ones trimmed', () => {
    const name = nameSchema(50);
    for (const bad of ['\u0000', '\u001b', '\u0007', '\u202e', 'a\u2066b', '\u3000', '\ufeff', '\ud800'])
      expect(z.safeParse(name, bad).success, JSON.stringify(bad)).toBe(false);
    expect(z.parse(name, '\u3000営業 部 ')).toBe('営業 部');
  });
});

describe('CSV and contention helpers', () => {
  it('neutralise half- and full-width formula signs', () => {
    for (const cell of ['=1', '+A1', '-A1', '@A', '＝1', '＋1', '－1', '＠A', '−1'])
      expect(neutralize(cell)).toBe(`'${cell}`);
    expect(neutralize('普通のメモ')).toBe('普通のメモ');
    // A plain signed number or time is a value, not a formula (issue 30 item 5): payroll imports read it.
    for (const cell of ['+1', '-1', '-1:30']) expect(neutralize(cell)).toBe(cell);
  });

  it('back off with full jitter under a cap', () => {
    expect(contentionDelay(0, () => 0.999)).toBeLessThan(CONTENTION.baseMs);
    expect(contentionDelay(20, () => 0.999)).toBeLessThan(CONTENTION.capMs);
    expect(contentionDelay(5, () => 0)).toBe(0);
  });
});
