/**
 * Issue 29 item 8: days outside the employment — before the 雇入れの日 (入社日) and after the 退職日 — are
 * neither scheduled nor 欠勤. A 労働日 is a day the contract obliges the worker to work (LABOUR-LAW.md
 * §Annual paid leave: leave and absence only exist on a day the worker is scheduled to work); before the
 * contract starts and after it ends nobody owes any work, so no default pattern applies, nothing is
 * 遅刻・早退・欠勤 and the day is no 予定日 of the totals (the 所定労働日数 payroll deducts 欠勤控除 from).
 * Work punched there still counts as worked (the minutes were worked; the record keeps them).
 *
 * Every figure below is derived by hand from the calendar, not from the engine:
 * November 2026 in Asia/Tokyo: the 1st is a Sunday, so the weekdays are 2–6, 9–13, 16–20, 23–27 and 30
 * (21 days); 3rd (Tue) 文化の日 and 23rd (Mon) 勤労感謝の日 are public holidays the default calendar
 * closes on, leaving 19 working days: 2, 4, 5, 6, 9, 10, 11, 12, 13 (nine before the 16th), 16–20 (five),
 * 24–27 (four) and 30 (one). Today is Saturday the 28th: every day up to Friday the 27th is over.
 * The group default pattern 日勤 9:00–18:00 (lunch 12:00–13:00) applies on working days only.
 */
import { describe, expect, it } from 'vitest';
import { instantOf } from '../../functions/domain/time.js';
import { companyCalendar } from '../../functions/domain/worktime/calendar.js';
import {
  computeDay,
  computeMonth,
  DEFAULT_BREAK_RULE,
  DEFAULT_WORKING_RULE,
  employmentOn,
  type AttendanceRecord,
  type RulesInForce,
  type ScheduleOf,
  type WorkPattern,
} from '../../functions/domain/worktime/index.js';
import { jaLines } from '../support/explanation.js';

const TZ = 'Asia/Tokyo';
const DEFAULTS: RulesInForce = { working: DEFAULT_WORKING_RULE, break: DEFAULT_BREAK_RULE };
const at = (date: string, h: number, m = 0) => instantOf(date, h, m, TZ);
const DAY: WorkPattern = {
  id: 'p-day',
  name: '日勤',
  startMinute: 540,
  endMinute: 1080,
  breaks: [{ startMinute: 720, endMinute: 780 }],
};
const everyDay: ScheduleOf = () => ({ kind: 'pattern', pattern: DAY, source: 'group' });

const november = (records: AttendanceRecord[], employment: { hireDate?: string; leaveDate?: string }) => {
  const m = computeMonth({
    year: 2026,
    month: 11,
    timeZone: TZ,
    rules: DEFAULTS,
    records,
    calendar: companyCalendar(),
    schedule: everyDay,
    today: '2026-11-28',
    employment,
  });
  return { ...m, on: (date: string) => m.days.find((d) => d.workDate === date)! };
};

describe('employmentOn', () => {
  it('the 入社日 and the 退職日 themselves are inside the employment', () => {
    const e = { hireDate: '2026-11-16', leaveDate: '2026-11-20' };
    expect(employmentOn(e, '2026-11-15')).toBe('before_hire');
    expect(employmentOn(e, '2026-11-16')).toBeNull();
    expect(employmentOn(e, '2026-11-20')).toBeNull();
    expect(employmentOn(e, '2026-11-21')).toBe('after_leave');
    // Staff registered without the dates: every day is inside (as before).
    expect(employmentOn({}, '2000-01-01')).toBeNull();
    expect(employmentOn(undefined, '2000-01-01')).toBeNull();
  });
});

describe('a member hired on Monday 16 November', () => {
  // One day of training before the hire date, Friday the 13th 09:00–18:00 with a punched lunch
  // 12:00–13:00: restraint 540 − break 60 = 480 worked, all 所定内 (the built-in 8:00 rule), no 予定.
  const m = november(
    [
      {
        workDate: '2026-11-13',
        punchInAt: at('2026-11-13', 9),
        punchOutAt: at('2026-11-13', 18),
        breaks: [{ startAt: at('2026-11-13', 12), endAt: at('2026-11-13', 13) }],
      },
    ],
    { hireDate: '2026-11-16' },
  );

  it('the days before the 16th have no schedule and are never 欠勤; they say 入社前', () => {
    for (const date of ['2026-11-02', '2026-11-04', '2026-11-12']) {
      expect(m.on(date)).toMatchObject({
        outsideEmployment: 'before_hire',
        schedule: null,
        scheduledStartAt: null,
        isAbsent: false,
        lateMinutes: 0,
      });
      expect(jaLines(m.on(date))[0]).toMatch(/^入社前/);
    }
    expect(m.on('2026-11-16')).toMatchObject({ outsideEmployment: null, isAbsent: true });
  });

  it('work punched before the hire date still counts, without 予定 or 遅刻', () => {
    expect(m.on('2026-11-13')).toMatchObject({
      outsideEmployment: 'before_hire',
      workedMinutes: 480,
      regularMinutes: 480,
      lateMinutes: 0,
      earlyLeaveMinutes: 0,
      schedule: null,
    });
  });

  it('totals: 10 予定日 (16–20, 24–27, 30) and 9 欠勤 (those up to the 27th), not 19 and 17', () => {
    // Before the fix every working day was scheduled (19) and every one over without punch or leave
    // was 欠勤: 8 before the 16th (2, 4, 5, 6, 9, 10, 11, 12; the 13th was worked) + 9 after = 17.
    expect(m.totals).toMatchObject({ scheduledDays: 10, absentDays: 9, workDays: 1, workedMinutes: 480 });
  });
});

describe('a member whose last day was Friday 20 November', () => {
  const m = november([], { leaveDate: '2026-11-20' });

  it('the days after the 20th say 退職後 and are neither scheduled nor 欠勤', () => {
    for (const date of ['2026-11-24', '2026-11-27', '2026-11-30'])
      expect(m.on(date)).toMatchObject({ outsideEmployment: 'after_leave', schedule: null, isAbsent: false });
    expect(m.on('2026-11-20')).toMatchObject({ outsideEmployment: null, isAbsent: true });
    expect(jaLines(m.on('2026-11-24'))[0]).toMatch(/^退職後/);
  });

  it('totals: the 14 working days up to the 20th are scheduled and, unpunched, 欠勤', () => {
    // 2, 4, 5, 6, 9, 10, 11, 12, 13 (nine) + 16–20 (five) = 14; 24–27 and 30 are after the 退職日.
    expect(m.totals).toMatchObject({ scheduledDays: 14, absentDays: 14 });
  });
});

describe('computeDay outside the employment', () => {
  it('a shift on a day before the hire date plans nothing: no 予定, no 欠勤', () => {
    const d = computeDay({
      workDate: '2026-11-13',
      timeZone: TZ,
      rules: DEFAULTS,
      schedule: { kind: 'pattern', pattern: DAY, source: 'shift' },
      isOver: true,
      outsideEmployment: 'before_hire',
    });
    expect(d).toMatchObject({
      schedule: null,
      isAbsent: false,
      scheduledStartAt: null,
      outsideEmployment: 'before_hire',
    });
    expect(d.flags).not.toContain('absent');
  });
});
