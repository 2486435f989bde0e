import { describe, expect, it } from 'vitest';
import { addDays, instantOf, weekday } from '../../functions/domain/time.js';
import { companyCalendar } from '../../functions/domain/worktime/calendar.js';
import {
  checkAgreement,
  computeDay,
  computeMonth,
  DEFAULT_BREAK_RULE,
  DEFAULT_WORKING_RULE,
  hoursBeyondWeeklyFrame,
  type AttendanceRecord,
  type RulesInForce,
} from '../../functions/domain/worktime/index.js';
import { STANDARD_SYSTEM, type WorkSystem } from '../../functions/domain/worktime/system.js';
import { TWO_TIER_BREAK } from '../support/break-rules.js';
import { jaLines } from '../support/explanation.js';

/**
 * 管理監督者 (41条2号): 労働時間・休憩・休日の規定が適用されない — no 法定外 and no 休日労働 figures,
 * but 深夜 (37条4項), paid leave (39条) and the 80 h notice (安衛法66条の8, 則52条の2: hours are grasped
 * for everyone) as for everyone. Asia/Tokyo; Saturdays and Sundays off, Sunday the 法定休日; public
 * holidays are working days. April 2026: the 1st a Wednesday, 22 weekdays, Sunday the 12th.
 */
const TZ = 'Asia/Tokyo';
const DEFAULTS: RulesInForce = { working: DEFAULT_WORKING_RULE, break: DEFAULT_BREAK_RULE };
const calendar = companyCalendar({ publicHolidaysOff: false });
const manager: WorkSystem = {
  ...STANDARD_SYSTEM,
  kind: 'manager',
  periodStart: '2026-01-01',
  source: 'status',
  effectiveFrom: '2026-01-01',
};

const shift = (date: string, start: string, end: string, extra: Partial<AttendanceRecord> = {}): AttendanceRecord => {
  const [fh, fm] = start.split(':').map(Number) as [number, number];
  const [th, tm] = end.split(':').map(Number) as [number, number];
  const out = instantOf(th < fh ? addDays(date, 1) : date, th, tm, TZ);
  return { workDate: date, punchInAt: instantOf(date, fh, fm, TZ), punchOutAt: out, ...extra };
};

describe('管理監督者: the day', () => {
  it('a long weekday is all 所定内, its 深夜 counted', () => {
    // 09:00–23:00: restraint 840, no break punched, no pattern, no break rule: 34条 does not apply to a
    // 管理監督者 (41条) and the engine deems no break nobody gave → 840 worked, all 所定内 (no 8 h line);
    // 深夜 22:00–23:00 = 60; no 34条 shortfall to flag.
    const d = computeDay({ ...shift('2026-04-08', '09:00', '23:00'), timeZone: TZ, rules: DEFAULTS, system: manager });
    expect([d.workedMinutes, d.regularMinutes, d.statutoryOvertimeMinutes, d.scheduledOvertimeMinutes]).toEqual([
      840, 840, 0, 0,
    ]);
    expect(d.lateNightMinutes).toBe(60);
    expect([d.breakMinutes, d.breakShortfallMinutes]).toEqual([0, 0]);
    expect(d.flags).toEqual([]);
    expect(jaLines(d)).toContain('労働時間制度: 管理監督者（法定外・休日労働の区分なし。深夜は計上）');
    expect(jaLines(d)).toContain('休憩: 管理監督者のため労働基準法34条の休憩の最低基準は適用しない（41条）');
  });

  it('10 h with no break is 600, not 540: no 34条 minimum is deemed (issue 29 item 4)', () => {
    // 09:00–19:00 = 600 of restraint; nothing gives a break → 600 worked (the filed case: 540 with
    // 「34条の最低基準により60分」). Under 通常 the same day is 600 worked too, but flagged 60 short.
    const run = (rules: RulesInForce, system?: WorkSystem) =>
      computeDay({ ...shift('2026-04-08', '09:00', '19:00'), timeZone: TZ, rules, system });
    const d = run(DEFAULTS, manager);
    expect([d.workedMinutes, d.breakMinutes, d.breakShortfallMinutes, d.flags]).toEqual([600, 0, 0, []]);
    const standard = run(DEFAULTS);
    expect([standard.workedMinutes, standard.breakShortfallMinutes]).toEqual([600, 60]);
    expect(standard.flags).toContain('break_below_legal');
    // The company's own rule applies when it applies it to them: 拘束6:01以上45分・8:46以上60分 with
    // 「休憩の打刻がない日は休憩ルールを適用」 → 600 ≥ 526 → 60 → 540 worked.
    const ruled = run({ working: DEFAULT_WORKING_RULE, break: TWO_TIER_BREAK }, manager);
    expect([ruled.workedMinutes, ruled.breakMinutes, ruled.breakSource]).toEqual([540, 60, 'rule']);
    // …and not when the company chose 「休憩なし」 for days without punched breaks → 600.
    const none = run({ working: DEFAULT_WORKING_RULE, break: { ...TWO_TIER_BREAK, unpunched: 'none' } }, manager);
    expect([none.workedMinutes, none.breakMinutes, none.breakShortfallMinutes]).toEqual([600, 0, 0]);
    expect(jaLines(none)).toContain(
      '休憩の打刻なし: 休憩ルール(全社)の設定により休憩なしとして計算（休憩ルール・勤務パターンの休憩をみなさない）',
    );
  });

  it('work on the 法定休日 is no 休日労働 and raises no holiday-work flag', () => {
    // Sunday 2026-04-12 20:00–翌02:00: restraint 360, no break (work ≤ 6 h) → 360 worked, all 所定内;
    // 深夜 22:00–02:00 = 240.
    const d = computeDay({
      ...shift('2026-04-12', '20:00', '02:00'),
      timeZone: TZ,
      rules: DEFAULTS,
      calendar: calendar('2026-04-12'),
      system: manager,
    });
    expect([d.workedMinutes, d.regularMinutes, d.legalHolidayWorkMinutes]).toEqual([360, 360, 0]);
    expect(d.lateNightMinutes).toBe(240);
    expect(d.flags).not.toContain('unapproved_holiday_work');
    // The same shift under 通常 is 休日労働 and flagged (the difference is the system only).
    const standard = computeDay({
      ...shift('2026-04-12', '20:00', '02:00'),
      timeZone: TZ,
      rules: DEFAULTS,
      calendar: calendar('2026-04-12'),
    });
    expect(standard.legalHolidayWorkMinutes).toBe(240);
    expect(standard.flags).toContain('unapproved_holiday_work');
  });
});

describe('管理監督者: the month', () => {
  it('has no 法定外 or 休日 figures; 深夜, paid leave and the 80 h notice figure stay', () => {
    // April 2026: the 21 weekdays 4/1–4/29 09:00–23:00, no break given → 21 × 840 = 17640 (深夜 21 × 60
    // = 1260); Sunday 4/12 09:00–13:00 → 240; 4/30 paid leave (1 day).
    // Worked 17640 + 240 = 17880; 法定外 0, 法定休日 0, 法定外+休日 0 (no 36協定 figure).
    // 80 h notice (則52条の2): 17880 − 2400 × 30 ÷ 7 (10285) = 7595 minutes > 4800 (80 h).
    const records: AttendanceRecord[] = [];
    for (let d = '2026-04-01'; d <= '2026-04-29'; d = addDays(d, 1))
      if (weekday(d) >= 1 && weekday(d) <= 5) records.push(shift(d, '09:00', '23:00'));
    records.push(shift('2026-04-12', '09:00', '13:00'), { workDate: '2026-04-30', leaveType: 0, leaveDays: 1 });
    const m = computeMonth({
      year: 2026,
      month: 4,
      timeZone: TZ,
      rules: DEFAULTS,
      records,
      calendar,
      system: () => manager,
    });
    expect(m.totals).toMatchObject({
      workedMinutes: 17880,
      regularMinutes: 17880,
      scheduledOvertimeMinutes: 0,
      statutoryOvertimeMinutes: 0,
      dailyStatutoryOvertimeMinutes: 0,
      weeklyStatutoryOvertimeMinutes: 0,
      periodStatutoryOvertimeMinutes: 0,
      legalHolidayWorkMinutes: 0,
      overtimeAndHolidayWorkMinutes: 0,
      overtimeMinutes: 0,
      lateNightMinutes: 1260,
      paidLeaveDays: 1,
      workDays: 22,
      system: 'manager',
      flex: null,
    });
    expect(m.days.some((d) => d.flags.includes('unapproved_holiday_work'))).toBe(false);
    expect(
      hoursBeyondWeeklyFrame({
        month: '2026-04',
        statutoryOvertimeMinutes: m.totals.statutoryOvertimeMinutes,
        legalHolidayWorkMinutes: m.totals.legalHolidayWorkMinutes,
        workedMinutes: m.totals.workedMinutes,
      }),
    ).toBe(7595);
    // 36協定: no 法定外 / 休日 finding (the figures are 0); the 80 h notice is the one finding.
    const findings = checkAgreement({
      months: [
        {
          month: '2026-04',
          statutoryOvertimeMinutes: m.totals.statutoryOvertimeMinutes,
          legalHolidayWorkMinutes: m.totals.legalHolidayWorkMinutes,
          workedMinutes: m.totals.workedMinutes,
        },
      ],
    }).findings;
    expect(findings.map((f) => [f.code, f.severity])).toEqual([['doctor_interview_80h', 'notice']]);
  });
});
