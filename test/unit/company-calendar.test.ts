/**
 * Issue 15: the company calendar as effective-dated versions and what the engine does with it —
 * week start (32条1項: the rules' week, 暦週 from Sunday if silent), the 44 h week of a 特例措置対象
 * 事業場 (労基則25条の2) and the 法定休日 'latest' mode (35条; the later day off of the week when
 * every day off was worked). Figures are derived by hand in the comments from ../shared/LABOUR-LAW.md.
 *
 * Calendar (checked with `date`): 2026-06-01 is a Monday, 2026-06-07 a Sunday, 2026-06-13 a Saturday;
 * June 2026 has no public holiday. 2026-04-29 is 昭和の日 (a Wednesday).
 */
import { describe, expect, it } from 'vitest';
import { instantOf } from '../../functions/domain/time.js';
import {
  calendarOfVersions,
  DEFAULT_CALENDAR,
  monthCalendarInput,
  type CalendarVersion,
} from '../../functions/domain/worktime/calendar.js';
import {
  computeMonth,
  DEFAULT_WORKING_RULE,
  type AttendanceRecord,
  type RulesInForce,
} from '../../functions/domain/worktime/index.js';
import { TWO_TIER_BREAK } from '../support/break-rules.js';

const TZ = 'Asia/Tokyo';
/**
 * The built-in working rule with the common lawful two-tier company break rule (拘束6:01以上45分、
 * 拘束8:46以上60分; test/support/break-rules.ts): since rule 2026.5 no break is deemed that the company
 * did not give, and these figures assume 9:00–18:00 is 8 h of work.
 */
const RULES: RulesInForce = { working: DEFAULT_WORKING_RULE, break: TWO_TIER_BREAK };
const version = (v: Partial<CalendarVersion> & { effectiveFrom: string }): CalendarVersion => ({
  ...DEFAULT_CALENDAR,
  ...v,
});
const shift = (date: string, from: string, to: string): AttendanceRecord => {
  const [fh, fm] = from.split(':').map(Number) as [number, number];
  const [th, tm] = to.split(':').map(Number) as [number, number];
  return { workDate: date, punchInAt: instantOf(date, fh, fm, TZ), punchOutAt: instantOf(date, th, tm, TZ) };
};
/** 09:00–18:00: restraint 540, break 60 (34条: work over 8 h needs 60) → 480 worked. */
const fullDay = (date: string) => shift(date, '09:00', '18:00');
/** 09:00–13:00: 240 worked, no break (≤ 6 h). */
const halfDay = (date: string) => shift(date, '09:00', '13:00');
const june = (d: number) => `2026-06-${String(d).padStart(2, '0')}`;
const month = (versions: CalendarVersion[], records: AttendanceRecord[], y = 2026, m = 6) => {
  const result = computeMonth({
    year: y,
    month: m,
    timeZone: TZ,
    rules: RULES,
    records,
    ...monthCalendarInput(versions, y, m),
  });
  return { result, day: (date: string) => result.days.find((d) => d.workDate === date)! };
};

describe('the per-date calendar from versions', () => {
  it('uses the defaults before the first version and the version in force on each date after', () => {
    const calendar = calendarOfVersions([
      version({
        effectiveFrom: '2026-04-01',
        legalHoliday: 6,
        weeklyDaysOff: [0, 6],
        publicHolidaysOff: false,
        companyDaysOff: [{ date: '2026-04-30', name: '創立記念日' }],
        extraWorkingDays: [{ date: '2026-04-05', name: '棚卸' }],
      }),
    ]);
    // Sunday 29 March, before the version: the default 法定休日 (Sunday).
    expect(calendar('2026-03-29')).toMatchObject({ isDayOff: true, isLegalHoliday: true, kind: 'legal_holiday' });
    // Saturday 4 April: the version's fixed 法定休日.
    expect(calendar('2026-04-04')).toMatchObject({ isDayOff: true, isLegalHoliday: true, kind: 'legal_holiday' });
    // Sunday 5 April is a listed extra working day: a working day although a weekday off.
    expect(calendar('2026-04-05')).toMatchObject({ isDayOff: false, kind: 'extra_working', name: '棚卸' });
    // Sunday 12 April: a 所定休日, not the 法定休日.
    expect(calendar('2026-04-12')).toMatchObject({ isDayOff: true, isLegalHoliday: false, kind: 'day_off' });
    // 昭和の日 with public holidays not off: a working day that keeps its name.
    expect(calendar('2026-04-29')).toMatchObject({ isDayOff: false, kind: 'working', holidayName: '昭和の日' });
    expect(calendar('2026-04-30')).toMatchObject({ isDayOff: true, kind: 'company_day_off', name: '創立記念日' });
  });

  it('an extra working day wins over a public holiday and a company day off listed for the same date', () => {
    const calendar = calendarOfVersions([
      version({
        effectiveFrom: '2026-01-01',
        companyDaysOff: [{ date: '2026-04-29', name: '休業' }],
        extraWorkingDays: [{ date: '2026-04-29', name: '出勤日' }],
      }),
    ]);
    expect(calendar('2026-04-29')).toMatchObject({ isDayOff: false, isLegalHoliday: false, kind: 'extra_working' });
  });
});

describe('week start (32条1項: the week the rules fix)', () => {
  // Mon 1 – Fri 5 June 09:00–18:00 → 5 × 480 = 2400; Sun 7 June 09:00–18:00 → 480 on a 所定休日
  // (the 法定休日 is Saturday), ordinary work counted toward 40 h.
  const records = [1, 2, 3, 4, 5, 7].map((d) => fullDay(june(d)));
  const calendar = { effectiveFrom: '2026-01-01', legalHoliday: 6, weeklyDaysOff: [0, 6] };

  it('weeks from Monday: Sunday closes the week and its 480 minutes pass 40 h', () => {
    // Week Mon 1 – Sun 7: 2400 + 480 = 2880 → 2880 − 2400 = 480 weekly 法定外 on Sunday 7.
    const { result, day } = month([version({ ...calendar, weekStartsOn: 1 })], records);
    expect(day(june(7)).weeklyStatutoryOvertimeMinutes).toBe(480);
    expect(day(june(7)).legalHolidayWorkMinutes).toBe(0);
    expect(result.totals.weeklyStatutoryOvertimeMinutes).toBe(480);
  });

  it('weeks from Sunday (暦週): the same days never pass 40 h', () => {
    // Week Sun 31 May – Sat 6 June: 2400 (not over); Sun 7 opens the next week: 480.
    const { result } = month([version({ ...calendar, weekStartsOn: 0 })], records);
    expect(result.totals.weeklyStatutoryOvertimeMinutes).toBe(0);
    expect(result.totals.workedMinutes).toBe(2880);
  });
});

describe('44 h week (特例措置対象事業場, 労基則25条の2)', () => {
  it('the weekly limit is 44 h from the version that sets it, 40 h before', () => {
    // Sunday the only day off and the 法定休日. Mon 8 – Sat 13 and Mon 15 – Sat 20 June, 09:00–18:00:
    // 6 × 480 = 2880 a week.
    // Week Sun 7 – Sat 13 (the 40 h version): 2880 − 2400 = 480 weekly 法定外 (on Sat 13).
    // Week Sun 14 – Sat 20 (the 44 h version from 14 June): 2880 − 2640 = 240 (on Sat 20).
    const versions = [
      version({ effectiveFrom: '2026-01-01', weeklyDaysOff: [0] }),
      version({ effectiveFrom: '2026-06-14', weeklyDaysOff: [0], special44hWeek: true }),
    ];
    const records = [8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20].map((d) => fullDay(june(d)));
    const { result, day } = month(versions, records);
    expect(day(june(13)).weeklyStatutoryOvertimeMinutes).toBe(480);
    expect(day(june(20)).weeklyStatutoryOvertimeMinutes).toBe(240);
    expect(day(june(20)).regularMinutes).toBe(240);
    expect(result.totals.statutoryOvertimeMinutes).toBe(720);
  });
});

describe("法定休日 'latest' (35条: the later day off when every day off of the week was worked)", () => {
  const latest = [version({ effectiveFrom: '2026-01-01', legalHoliday: 'latest', weeklyDaysOff: [0, 6] })];

  it('both days off worked: the later one (Saturday) is the 法定休日, Sunday is ordinary work', () => {
    // Week Sun 7 – Sat 13: Sun 7 240, Mon 8 – Fri 12 5 × 480 = 2400, Sat 13 240.
    // Both days off worked → Sat 13 is the 法定休日: its 240 are 休日労働, outside 40 h.
    // Sun 7 is ordinary: 240 + 2400 = 2640 → 240 weekly 法定外, on Fri 12 (before it 240 + 1920 = 2160).
    const records = [halfDay(june(7)), ...[8, 9, 10, 11, 12].map((d) => fullDay(june(d))), halfDay(june(13))];
    const { result, day } = month(latest, records);
    expect(day(june(13))).toMatchObject({ legalHolidayWorkMinutes: 240, weeklyStatutoryOvertimeMinutes: 0 });
    expect(day(june(13)).calendar.isLegalHoliday).toBe(true);
    expect(day(june(7))).toMatchObject({ legalHolidayWorkMinutes: 0, regularMinutes: 240 });
    expect(day(june(12)).weeklyStatutoryOvertimeMinutes).toBe(240);
    expect(result.totals).toMatchObject({ legalHolidayWorkMinutes: 240, statutoryOvertimeMinutes: 240 });
  });

  it('one day off rested: no 法定休日労働 that week; Sunday work counts toward 40 h', () => {
    // Week Sun 14 – Sat 20: Sun 14 240, Mon 15 – Fri 19 2400, Sat 20 rested → the week had its rest
    // day: no 休日労働. 240 + 2400 = 2640 → 240 weekly 法定外 on Fri 19.
    const records = [halfDay(june(14)), ...[15, 16, 17, 18, 19].map((d) => fullDay(june(d)))];
    const { result, day } = month(latest, records);
    expect(day(june(14)).legalHolidayWorkMinutes).toBe(0);
    expect(day(june(20)).calendar.isLegalHoliday).toBe(false);
    expect(day(june(19)).weeklyStatutoryOvertimeMinutes).toBe(240);
    expect(result.totals).toMatchObject({ legalHolidayWorkMinutes: 0, statutoryOvertimeMinutes: 240 });
  });

  it('the same week under a fixed Sunday 法定休日: Sunday is 休日労働, Saturday ordinary', () => {
    // Fixed Sunday: Sun 7 240 休日労働; Mon–Fri 2400 + Sat 13 240 = 2640 → 240 weekly 法定外 on Sat 13.
    const records = [halfDay(june(7)), ...[8, 9, 10, 11, 12].map((d) => fullDay(june(d))), halfDay(june(13))];
    const { result, day } = month([version({ effectiveFrom: '2026-01-01' })], records);
    expect(day(june(7)).legalHolidayWorkMinutes).toBe(240);
    expect(day(june(13)).weeklyStatutoryOvertimeMinutes).toBe(240);
    expect(result.totals).toMatchObject({ legalHolidayWorkMinutes: 240, statutoryOvertimeMinutes: 240 });
  });

  it("the month's last week is decided whole: a day off in the next month keeps June's Sunday ordinary", () => {
    // Week Sun 28 Jun – Sat 4 Jul; only Sun 28 is worked (240) in June's records. Sun 28 is not the
    // week's last day off (Sat 4 Jul is), so it is never the 法定休日: ordinary work, no 休日労働.
    const { result } = month(latest, [halfDay(june(28))]);
    expect(result.totals).toMatchObject({ legalHolidayWorkMinutes: 0, regularMinutes: 240 });
    expect(result.days).toHaveLength(30);
  });
});
