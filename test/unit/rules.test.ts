import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANY, breakRuleShortfalls, ruleInForce } from '../../functions/domain/rules.js';

const rule = (departmentId: string, employmentStatusId: string, tag: string) => ({
  departmentId,
  employmentStatusId,
  tag,
});

describe('ruleInForce: the most specific rule wins', () => {
  const all = [
    rule(ANY, ANY, 'company'),
    rule('d1', ANY, 'dept'),
    rule(ANY, 's1', 'status'),
    rule('d1', 's1', 'exact'),
  ];

  it('exact pair > department only > status only > company default', () => {
    expect(ruleInForce(all, 'd1', 's1')).toMatchObject({ level: 'department_and_status', rule: { tag: 'exact' } });
    expect(ruleInForce(all.slice(0, 3), 'd1', 's1')).toMatchObject({ level: 'department', rule: { tag: 'dept' } });
    expect(ruleInForce([all[0]!, all[2]!], 'd1', 's1')).toMatchObject({
      level: 'employment_status',
      rule: { tag: 'status' },
    });
    expect(ruleInForce([all[0]!], 'd1', 's1')).toMatchObject({ level: 'company', rule: { tag: 'company' } });
    expect(ruleInForce([], 'd1', 's1')).toBeNull();
  });

  it('a selector left empty only matches rules set for "all"', () => {
    expect(ruleInForce(all, null, null)).toMatchObject({ level: 'company' });
    expect(ruleInForce(all, 'd1', null)).toMatchObject({ level: 'department' });
    expect(ruleInForce(all, null, 's1')).toMatchObject({ level: 'employment_status' });
    expect(ruleInForce(all, 'd2', 's2')).toMatchObject({ level: 'company' });
    expect(ruleInForce([rule('d1', 's1', 'exact')], 'd1', null)).toBeNull();
  });
});

/** Brute force over every restraint time of a day: the law checked minute by minute. */
function violatesByBruteForce(condition: number, brk: number) {
  const found = new Set<number>();
  for (let restraint = 0; restraint <= 24 * 60 + brk + 60; restraint++) {
    const taken = restraint >= condition ? brk : 0;
    const worked = restraint - taken;
    if (worked > 360 && taken < 45) found.add(360);
    if (worked > 480 && taken < 60) found.add(480);
  }
  return [...found].sort();
}

describe('breakRuleShortfalls: 労働基準法 34条', () => {
  it('accepts a rule that always gives the legal break', () => {
    expect(breakRuleShortfalls(6 * 60, 60)).toEqual([]);
    expect(breakRuleShortfalls(6 * 60 + 1, 60)).toEqual([]);
    expect(breakRuleShortfalls(0, 60)).toEqual([]);
  });

  it('flags a break shorter than 45 or 60 minutes', () => {
    expect(breakRuleShortfalls(6 * 60, 30).map((s) => s.breakMinutes)).toEqual([45, 60]);
    // 45 minutes from 6 h is legal up to 8 h of work, short beyond it.
    expect(breakRuleShortfalls(6 * 60, 45).map((s) => s.breakMinutes)).toEqual([60]);
  });

  it('judges a two-tier rule on work time (拘束 − break)', () => {
    // 6:01 → 45, 8:46 → 60: 拘束 ≤ 6:00 works ≤ 6 h; 6:01–8:45 with 45 works ≤ 8:00; 8:46+ has 60 → lawful.
    expect(breakRuleShortfalls(361, 45, { conditionMinutes: 526, breakMinutes: 60 })).toEqual([]);
    // The first tier alone: 拘束 8:46 with 45 works 8:01 > 8 h with < 60 → the 60-minute threshold.
    expect(breakRuleShortfalls(361, 45).map((s) => s.breakMinutes)).toEqual([60]);
    // Second tier from 9:00: 拘束 8:50 with 45 works 8:05 > 8 h → short of 60.
    expect(
      breakRuleShortfalls(361, 45, { conditionMinutes: 540, breakMinutes: 60 }).map((s) => s.breakMinutes),
    ).toEqual([60]);
  });

  it('flags a condition so late that days below it work over 6 h without a break', () => {
    expect(breakRuleShortfalls(8 * 60, 60).map((s) => s.breakMinutes)).toEqual([45]);
    expect(breakRuleShortfalls(9 * 60, 60).map((s) => s.breakMinutes)).toEqual([45, 60]);
  });

  it('agrees with a minute-by-minute check of every day length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 }), fc.integer({ min: 0, max: 180 }), (condition, brk) => {
        const fast = breakRuleShortfalls(condition, brk)
          .map((s) => s.workedOverMinutes)
          .sort();
        expect(fast).toEqual(violatesByBruteForce(condition, brk));
      }),
      { numRuns: 300 },
    );
  });
});
