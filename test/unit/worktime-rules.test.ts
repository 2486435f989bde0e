import { describe, expect, it } from 'vitest';
import { instantOf } from '../../functions/domain/time.js';
import {
  computeDay,
  DEFAULT_BREAK_RULE,
  DEFAULT_WORKING_RULE,
  resolveRules,
  type RuleRecord,
} from '../../functions/domain/worktime/index.js';
import { jaLines } from '../support/explanation.js';

const working = (departmentId: string, employmentStatusId: string, fixedMinutes: number): RuleRecord => ({
  ruleType: 'working',
  departmentId,
  employmentStatusId,
  fixedMinutes,
  overMinutes: 60,
});
const brk = (departmentId: string, employmentStatusId: string, breakMinutes: number): RuleRecord => ({
  ruleType: 'break',
  departmentId,
  employmentStatusId,
  conditionMinutes: 360,
  breakMinutes,
});

describe('resolveRules: most specific wins, per rule type', () => {
  const all = [working('-', '-', 480), working('d1', '-', 470), working('-', 's1', 460), working('d1', 's1', 450)];

  it('exact pair > department only > status only > company default > built-in default', () => {
    expect(resolveRules(all, 'd1', 's1').working).toMatchObject({ level: 'department_and_status', fixedMinutes: 450 });
    expect(resolveRules(all.slice(0, 3), 'd1', 's1').working).toMatchObject({ level: 'department', fixedMinutes: 470 });
    expect(resolveRules([all[0]!, all[2]!], 'd1', 's1').working).toMatchObject({
      level: 'employment_status',
      fixedMinutes: 460,
    });
    expect(resolveRules([all[0]!], 'd1', 's1').working).toMatchObject({ level: 'company', fixedMinutes: 480 });
    expect(resolveRules([], 'd1', 's1')).toEqual({ working: DEFAULT_WORKING_RULE, break: DEFAULT_BREAK_RULE });
  });

  it('another pair falls back past rules that name other departments or statuses', () => {
    expect(resolveRules(all, 'd2', 's2').working.level).toBe('company');
    expect(resolveRules(all, 'd2', 's1').working.level).toBe('employment_status');
    // An employee without a department or status only matches the levels that do not name one.
    expect(resolveRules(all, null, 's1').working.level).toBe('employment_status');
    expect(resolveRules(all, '', undefined).working.level).toBe('company');
  });

  it('working and break rules are resolved independently from one mixed list', () => {
    const rules = resolveRules([working('d1', '-', 420), brk('-', '-', 60), brk('-', 's9', 75)], 'd1', 's1');
    expect(rules.working).toEqual({
      level: 'department',
      fixedMinutes: 420,
      overMinutes: 60,
      deemedOvertimeMinutes: null,
    });
    expect(rules.break).toMatchObject({ level: 'company', conditionMinutes: 360, breakMinutes: 60 });
  });

  it('reads the choice for days without punched breaks; a version saved before it takes the rule', () => {
    const brk = (unpunchedBreaks?: 'rule' | 'none') =>
      resolveRules(
        [
          {
            ruleType: 'break',
            departmentId: '-',
            employmentStatusId: 's1',
            conditionMinutes: 361,
            breakMinutes: 45,
            ...(unpunchedBreaks ? { unpunchedBreaks } : {}),
          },
        ],
        'd1',
        's1',
      ).break.unpunched;
    expect([brk('none'), brk('rule'), brk()]).toEqual(['none', 'rule', 'rule']);
  });

  it('built-in default: fixed 8 h, no threshold, no deemed overtime, no break of its own', () => {
    expect(DEFAULT_WORKING_RULE).toEqual({
      level: 'default',
      fixedMinutes: 480,
      overMinutes: null,
      deemedOvertimeMinutes: null,
    });
    expect(DEFAULT_BREAK_RULE).toEqual({ level: 'default', conditionMinutes: null, breakMinutes: 0 });
  });

  it('reads the monthly deemed overtime from unpaidMinutes and ignores missing values', () => {
    const r = resolveRules(
      [
        {
          ruleType: 'working',
          departmentId: '-',
          employmentStatusId: '-',
          fixedMinutes: 450,
          overMinutes: undefined,
          unpaidMinutes: 1200,
        },
      ],
      null,
      null,
    );
    expect(r.working).toEqual({ level: 'company', fixedMinutes: 450, overMinutes: null, deemedOvertimeMinutes: 1200 });
  });

  it('the level shows in the explanation', () => {
    // Status rule fixed 7:40 = 460; department break rule 6:00 → 1:00; 09:00–18:00: 540 − 60 = 480
    // worked → 460 regular + 20 法内.
    const rules = resolveRules([working('-', 's1', 460), brk('d1', '-', 60)], 'd1', 's1');
    const d = computeDay({
      workDate: '2026-04-01',
      timeZone: 'Asia/Tokyo',
      punchInAt: instantOf('2026-04-01', 9, 0, 'Asia/Tokyo'),
      punchOutAt: instantOf('2026-04-01', 18, 0, 'Asia/Tokyo'),
      rules,
    });
    expect(jaLines(d)[0]).toBe('勤務ルール(雇用形態): 所定労働時間7:40、残業基準1:00');
    expect(jaLines(d)[2]).toMatch(/^休憩: 休憩ルール\(部署\)により60分/);
    expect([d.regularMinutes, d.scheduledOvertimeMinutes]).toEqual([460, 20]);
  });
});
