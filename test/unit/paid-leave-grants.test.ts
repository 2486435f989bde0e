import { describe, expect, it } from 'vitest';
import {
  addMonthsLegal,
  type CommonGrantDate,
  CommonGrantDateSchema,
  grantSchedule,
  grantsFor,
  grantOutsideEmployment,
  type LeaveEmployee,
  LeaveDaysSchema,
  LeaveEmployeeSchema,
  ManualGrantSchema,
  NORMAL_TABLE,
  nextGrant,
  proportionalRow,
  statutoryEntitlement,
  type WorkingPattern,
  WorkingPatternSchema,
} from '../../functions/domain/paid-leave/index.js';
import { addDays } from '../../functions/domain/time.js';

const fullTime: WorkingPattern = { basis: 'week', daysPerWeek: 5, weeklyHours: 40 };
const weekly = (daysPerWeek: number, weeklyHours = 20): WorkingPattern => ({ basis: 'week', daysPerWeek, weeklyHours });
const yearly = (daysPerYear: number, weeklyHours = 20): WorkingPattern => ({ basis: 'year', daysPerYear, weeklyHours });
const employee = (
  hireDate: string,
  pattern: WorkingPattern = fullTime,
  extra: Partial<LeaveEmployee> = {},
): LeaveEmployee => ({
  hireDate,
  patterns: [{ from: hireDate, pattern }],
  ...extra,
});
const summary = (e: LeaveEmployee, asOf: string, common?: CommonGrantDate) =>
  grantsFor(e, asOf, { commonGrantDate: common ?? null }).map((g) => [g.grantDate, g.days]);

describe('statutory grant dates (民法 143条 counting)', () => {
  it('grants 6 months after hire, then every year on the same day', () => {
    // 2026-04-01 + 6 months: the period 04-01 … 09-30 ends the day before 10-01.
    expect(addMonthsLegal('2026-04-01', 6)).toBe('2026-10-01');
    expect(grantSchedule(employee('2026-04-01'), '2028-10-01').map((g) => g.grantDate)).toEqual([
      '2026-10-01',
      '2027-10-01',
      '2028-10-01',
    ]);
  });

  it('moves to the 1st of the next month when the final month has no corresponding day', () => {
    // Hired 08-31: February has no 31st, so the 6 months end on 02-28 and the right arises on 03-01.
    expect(grantSchedule(employee('2025-08-31'), '2026-12-31')[0]!.grantDate).toBe('2026-03-01');
    // Hired 2023-08-29: 2024-02-29 exists (leap year); 2025/26/27 have no 29 Feb → 03-01; 2028 has one again.
    expect(grantSchedule(employee('2023-08-29'), '2028-12-31').map((g) => g.grantDate)).toEqual([
      '2024-02-29',
      '2025-03-01',
      '2026-03-01',
      '2027-03-01',
      '2028-02-29',
    ]);
    // The statute's own periods are never "shortened", even the 2027-03-01 … 2028-02-28 year.
    expect(grantSchedule(employee('2023-08-29'), '2028-12-31').every((g) => !g.shortened)).toBe(true);
  });
});

describe('通常付与 (労働基準法 39条1項・2項): every row of the table', () => {
  it('grants 10, 11, 12, 14, 16, 18, 20, then 20 for a full-time worker with full attendance', () => {
    // 39条1項: 6 months → 10. 39条2項: each further year adds 1, 2, 4, 6, 8, 10 to the 10:
    // 1.5 y → 10+1 = 11, 2.5 y → 10+2 = 12, 3.5 y → 10+4 = 14, 4.5 y → 10+6 = 16,
    // 5.5 y → 10+8 = 18, 6.5 y → 10+10 = 20, and 20 from then on (the addition stops at 10).
    expect(summary(employee('2020-04-01'), '2028-10-01')).toEqual([
      ['2020-10-01', 10],
      ['2021-10-01', 11],
      ['2022-10-01', 12],
      ['2023-10-01', 14],
      ['2024-10-01', 16],
      ['2025-10-01', 18],
      ['2026-10-01', 20],
      ['2027-10-01', 20],
      ['2028-10-01', 20],
    ]);
  });

  it('uses the normal table from 30 weekly hours, or from 5 days a week, or above 216 days a year', () => {
    // 施行規則 24条の3第1項: proportional only under 30 h — 4 days × 7.5 h = 30 h is normal.
    expect(statutoryEntitlement(0, weekly(4, 30))).toEqual({ table: 'normal', row: null, days: 10 });
    // 39条3項1号: only 4 days a week or fewer — 5 short days (5 × 5 h = 25 h) is normal.
    expect(statutoryEntitlement(0, weekly(5, 25))).toEqual({ table: 'normal', row: null, days: 10 });
    // 39条3項2号 with 24条の3第5項: 217 days a year is above 216 → normal.
    expect(statutoryEntitlement(6, yearly(217, 25))).toEqual({ table: 'normal', row: null, days: 20 });
    // Just under 30 h with 4 days is proportional.
    expect(statutoryEntitlement(0, weekly(4, 29.5))).toEqual({ table: 'proportional', row: 4, days: 7 });
  });
});

describe('比例付与 (39条3項, 施行規則 24条の3第3項): every row and column', () => {
  // Expected days: 10 × (weekly days ÷ 5.2) × the normal column's factor, truncated — the table itself.
  const table: [row: 1 | 2 | 3 | 4, lo: number, hi: number, days: number[]][] = [
    // 4 days (169–216 days/y): 10×4/5.2 = 7.69 → 7; 11×0.769 = 8.46 → 8; 12 → 9.2 → 9; 14 → 10.8 → 10; 16 → 12.3 → 12; 18 → 13.8 → 13; 20 → 15.4 → 15
    [4, 169, 216, [7, 8, 9, 10, 12, 13, 15]],
    // 3 days (121–168): ×3/5.2 = 0.577: 5.8 → 5, 6.3 → 6, 6.9 → 6, 8.1 → 8, 9.2 → 9, 10.4 → 10, 11.5 → 11
    [3, 121, 168, [5, 6, 6, 8, 9, 10, 11]],
    // 2 days (73–120): ×2/5.2 = 0.385: 3.8 → 3, 4.2 → 4, 4.6 → 4, 5.4 → 5, 6.2 → 6, 6.9 → 6, 7.7 → 7
    [2, 73, 120, [3, 4, 4, 5, 6, 6, 7]],
    // 1 day (48–72): ×1/5.2 = 0.192: 1.9 → 1, 2.1 → 2, 2.3 → 2, 2.7 → 2, 3.1 → 3, 3.5 → 3, 3.8 → 3
    [1, 48, 72, [1, 2, 2, 2, 3, 3, 3]],
  ];

  for (const [row, lo, hi, days] of table) {
    it(`${row} day(s) a week or ${lo}–${hi} days a year → ${days.join(', ')}`, () => {
      days.forEach((expected, step) => {
        // 39条3項: normal days × weekly days ÷ 5.2 (24条の3第2項), fractions dropped.
        expect(Math.floor((NORMAL_TABLE[step]! * row) / 5.2)).toBe(expected);
        expect(statutoryEntitlement(step, weekly(row))).toEqual({ table: 'proportional', row, days: expected });
        // Both ends of the yearly band fall in the same row.
        expect(statutoryEntitlement(step, yearly(lo)).days).toBe(expected);
        expect(statutoryEntitlement(step, yearly(hi)).days).toBe(expected);
      });
      // Beyond 6.5 years the last column stays.
      expect(statutoryEntitlement(9, weekly(row)).days).toBe(days[6]);
    });
  }

  it('runs the same rows through the schedule: a 3-day worker gets 5, 6, 6, 8, 9, 10, 11', () => {
    expect(summary(employee('2020-04-01', weekly(3)), '2026-10-01').map(([, d]) => d)).toEqual([5, 6, 6, 8, 9, 10, 11]);
  });

  it('grants nothing under 48 days a year or with no scheduled days', () => {
    // 47 days is below the 1-day row's 48–72 band: the table has no row for it.
    expect(proportionalRow(yearly(47))).toBe(0);
    expect(statutoryEntitlement(0, yearly(47))).toEqual({ table: 'none', row: null, days: 0 });
    expect(statutoryEntitlement(3, weekly(0))).toEqual({ table: 'none', row: null, days: 0 });
    const [g] = grantsFor(employee('2026-04-01', yearly(40)), '2026-10-01');
    expect(g).toMatchObject({ grantDate: '2026-10-01', days: 0, outcome: 'no_entitlement' });
  });

  it('refuses fractional weekly days (an averaged schedule must be given per year)', () => {
    expect(() => statutoryEntitlement(0, weekly(4.5))).toThrow(RangeError);
  });
});

describe('status judged on the grant date (基準日)', () => {
  it('applies the pattern in force on the grant date, not the one during the year before', () => {
    // 3 days a week until 2021-09-01, then 5 days full-time: the 2021-10-01 grant (step 1) is the normal 11.
    const promoted: LeaveEmployee = {
      hireDate: '2020-04-01',
      patterns: [
        { from: '2020-04-01', pattern: weekly(3) },
        { from: '2021-09-01', pattern: fullTime },
      ],
    };
    expect(summary(promoted, '2021-10-01')).toEqual([
      ['2020-10-01', 5], // 3-day row, 6 months
      ['2021-10-01', 11], // normal table, 1.5 years
    ]);
    // A change the day after the grant date does not alter that grant: 3-day row, 1.5 years → 6.
    const later: LeaveEmployee = {
      ...promoted,
      patterns: [promoted.patterns[0]!, { from: '2021-10-02', pattern: fullTime }],
    };
    expect(summary(later, '2021-10-01')[1]).toEqual(['2021-10-01', 6]);
  });
});

describe('80 % attendance (39条1項・2項)', () => {
  const e = employee('2020-04-01');

  it('grants at exactly 80 % and withholds below, while service keeps counting', () => {
    const decisions = grantsFor(e, '2023-10-01', {
      attendance: [
        { from: '2020-04-01', scheduledDays: 120, attendedDays: 96 }, // 96/120 = 80 % exactly → 10
        { from: '2020-10-01', scheduledDays: 250, attendedDays: 199 }, // 199/250 = 79.6 % → withheld
        { from: '2021-10-01', ratio: 0.9 }, // 2.5 years → 12 (the table row for the service, not "the 2nd grant")
        { from: '2022-10-01', ratio: 0.79 }, // withheld again
      ],
    });
    expect(decisions.map((d) => [d.grantDate, d.days, d.outcome])).toEqual([
      ['2020-10-01', 10, 'granted'],
      ['2021-10-01', 0, 'below_80_percent'],
      ['2022-10-01', 12, 'granted'],
      ['2023-10-01', 0, 'below_80_percent'],
    ]);
    expect(decisions[1]!.attendance).toEqual({ basis: 'measured', ratio: 0.796, met: false });
    expect(decisions[1]!.period).toEqual({ from: '2020-10-01', to: '2021-09-30' });
  });

  it('assumes the 80 % is met when no figure is given, and says so', () => {
    const [g] = grantsFor(e, '2020-10-01');
    expect(g!.attendance).toEqual({ basis: 'not_provided', ratio: null, met: true });
    expect(g!.days).toBe(10);
  });

  it('rejects impossible attendance figures', () => {
    expect(() =>
      grantsFor(e, '2020-10-01', { attendance: [{ from: '2020-04-01', scheduledDays: 10, attendedDays: 11 }] }),
    ).toThrow(RangeError);
    expect(() => grantsFor(e, '2020-10-01', { attendance: [{ from: '2020-04-01', ratio: 1.2 }] })).toThrow(RangeError);
  });
});

describe('expiry, leaving and the next grant', () => {
  it('expires each grant two years after its date (115条)', () => {
    const [g] = grantsFor(employee('2026-04-01'), '2026-10-01');
    expect(g!.expiresOn).toBe('2028-10-01'); // usable through 2028-09-30
  });

  it('makes no grant after the last day of employment', () => {
    // Leaving on 2027-09-30 is the day before the second grant.
    expect(summary(employee('2026-04-01', fullTime, { leftOn: '2027-09-30' }), '2030-01-01')).toEqual([
      ['2026-10-01', 10],
    ]);
    // Still employed on the grant date itself → granted.
    expect(summary(employee('2026-04-01', fullTime, { leftOn: '2027-10-01' }), '2030-01-01')).toHaveLength(2);
    expect(nextGrant(employee('2026-04-01', fullTime, { leftOn: '2027-09-30' }), '2027-09-30')).toBeNull();
  });

  it('reports the next grant with its projected days', () => {
    expect(nextGrant(employee('2026-04-01'), '2026-10-01')).toMatchObject({
      grantDate: '2027-10-01',
      step: 1,
      days: 11,
    });
    expect(nextGrant(employee('2026-04-01'), '2026-05-01')).toMatchObject({
      grantDate: '2026-10-01',
      step: 0,
      days: 10,
    });
  });
});

describe('common grant date (斉一的付与, 平6.1.4 基発1号)', () => {
  const april = (firstGrant: CommonGrantDate['firstGrant']): CommonGrantDate => ({ monthDay: '04-01', firstGrant });

  it("'six_months': first base date at 6 months, second on the next common date", () => {
    // Hired 2025-04-01: statutory 2025-10-01 (10); the second grant moves from 2026-10-01 to
    // 2026-04-01 (11), the third to 2027-04-01 (12).
    const decisions = grantsFor(employee('2025-04-01'), '2027-04-01', {
      commonGrantDate: april('six_months'),
      // The shortened half year 2025-10-01 … 2026-03-31 counts as fully attended whatever the figure.
      attendance: [{ from: '2025-10-01', ratio: 0.5 }],
    });
    expect(decisions.map((d) => [d.grantDate, d.statutoryDate, d.days, d.shortened, d.attendance.basis])).toEqual([
      ['2025-10-01', '2025-10-01', 10, false, 'not_provided'],
      ['2026-04-01', '2026-10-01', 11, true, 'shortened'],
      ['2027-04-01', '2027-10-01', 12, false, 'not_provided'],
    ]);
  });

  it("'first_common_date': grants on the common date when it comes within 6 months of hire", () => {
    // Hired 2025-01-10: 2025-04-01 ≤ 2025-07-10 → first grant 2025-04-01 (period shortened, deemed attended).
    const early = grantsFor(employee('2025-01-10'), '2026-04-01', {
      commonGrantDate: april('first_common_date'),
      attendance: [{ from: '2025-01-10', ratio: 0 }],
    });
    expect(early.map((d) => [d.grantDate, d.statutoryDate, d.days, d.shortened])).toEqual([
      ['2025-04-01', '2025-07-10', 10, true],
      // A full year 2025-04-01 … 2026-03-31: measured normally, not shortened.
      ['2026-04-01', '2026-07-10', 11, false],
    ]);
    // Hired 2025-06-01: the next 04-01 (2026) is after 2025-12-01 → the first grant stays at 6 months,
    // and 2026-04-01 is the second base date, only four months later.
    expect(summary(employee('2025-06-01'), '2027-04-01', april('first_common_date'))).toEqual([
      ['2025-12-01', 10],
      ['2026-04-01', 11],
      ['2027-04-01', 12],
    ]);
    // Hired on the common date itself: that is the first common date on or after hire.
    expect(summary(employee('2025-04-01'), '2026-04-01', april('first_common_date'))).toEqual([
      ['2025-04-01', 10],
      ['2026-04-01', 11],
    ]);
  });

  it("'hire_date': 10 days on the first day, then every common date", () => {
    const decisions = grantsFor(employee('2025-07-01'), '2027-04-01', { commonGrantDate: april('hire_date') });
    expect(decisions.map((d) => [d.grantDate, d.days, d.period])).toEqual([
      ['2025-07-01', 10, { from: '2025-07-01', to: '2025-06-30' }], // empty period
      ['2026-04-01', 11, { from: '2025-07-01', to: '2026-03-31' }],
      ['2027-04-01', 12, { from: '2026-04-01', to: '2027-03-31' }],
    ]);
  });

  it('judges proportional status on the actual (earlier) grant date', () => {
    const e: LeaveEmployee = {
      hireDate: '2025-04-01',
      patterns: [
        { from: '2025-04-01', pattern: weekly(4) },
        { from: '2026-05-01', pattern: fullTime },
      ],
    };
    // Second grant on 2026-04-01 (not the statutory 2026-10-01): still the 4-day row at 1.5 y → 8.
    expect(summary(e, '2026-04-01', april('six_months'))).toEqual([
      ['2025-10-01', 7],
      ['2026-04-01', 8],
    ]);
  });

  it('is never later or smaller than the statute, for any hire date and scheme', () => {
    for (const firstGrant of ['six_months', 'first_common_date', 'hire_date'] as const) {
      for (let hire = '2024-01-01'; hire < '2025-01-01'; hire = addDays(hire, 3)) {
        const schedule = grantSchedule(employee(hire), '2032-12-31', {
          commonGrantDate: { monthDay: '10-15', firstGrant },
        });
        const statute = grantSchedule(employee(hire), '2032-12-31');
        schedule.forEach((g, k) => {
          expect(g.grantDate <= g.statutoryDate).toBe(true);
          // Condition (2) of the notice: the later grants are brought forward at least as much as the first.
          if (k >= 1) expect(g.grantDate <= addMonthsLegal(schedule[k - 1]!.grantDate, 12)).toBe(true);
        });
        // At least as many grants by any date, the k-th one on the statute's k-th row.
        expect(schedule.length).toBeGreaterThanOrEqual(statute.length);
        expect(schedule.map((g) => g.step)).toEqual(schedule.map((_, k) => k));
      }
    }
  });

  it('refuses 29 February as a common date', () => {
    expect(() =>
      grantSchedule(employee('2025-01-01'), '2026-01-01', {
        commonGrantDate: { monthDay: '02-29', firstGrant: 'six_months' },
      }),
    ).toThrow(RangeError);
  });
});

describe('schemas for the staff form and requests', () => {
  it('accept exactly what the functions accept', () => {
    expect(WorkingPatternSchema.parse({ basis: 'week', daysPerWeek: 3, weeklyHours: 18 })).toEqual(weekly(3, 18));
    expect(WorkingPatternSchema.safeParse({ basis: 'week', daysPerWeek: 4.5, weeklyHours: 18 }).success).toBe(false);
    expect(WorkingPatternSchema.safeParse({ basis: 'year', daysPerYear: 100, weeklyHours: 18 }).success).toBe(true);
    expect(CommonGrantDateSchema.safeParse({ monthDay: '02-29', firstGrant: 'six_months' }).success).toBe(false);
    expect(CommonGrantDateSchema.safeParse({ monthDay: '04-01', firstGrant: 'hire_date' }).success).toBe(true);
    expect(
      LeaveEmployeeSchema.safeParse({ hireDate: '2026-02-30', patterns: [{ from: '2026-02-01', pattern: fullTime }] })
        .success,
    ).toBe(false);
    expect(LeaveDaysSchema.safeParse(0.5).success).toBe(true);
    expect(LeaveDaysSchema.safeParse(2).success).toBe(false);
    expect(
      ManualGrantSchema.safeParse({ grantedOn: '2026-04-01', days: 1.5, kind: 'extra', reason: '創立記念' }).success,
    ).toBe(true);
    expect(
      ManualGrantSchema.safeParse({ grantedOn: '2026-04-01', days: 1.25, kind: 'extra', reason: 'x' }).success,
    ).toBe(false);
  });
});

describe('a grant within the employment (issue 30 item 8)', () => {
  // Hired 2025-10-01, 退職日 (last day employed) 2026-12-31: both days themselves are within.
  const span = { hireDate: '2025-10-01', leaveDate: '2026-12-31' };
  it('is refused before the 入社日 and after the 退職日, never on either day', () => {
    expect(grantOutsideEmployment('2025-09-30', span)).toBe('before_hire');
    expect(grantOutsideEmployment('2025-10-01', span)).toBeNull();
    expect(grantOutsideEmployment('2026-12-31', span)).toBeNull();
    expect(grantOutsideEmployment('2027-01-01', span)).toBe('after_leave');
  });
  it('is not bounded by a date not stored', () => {
    expect(grantOutsideEmployment('1999-01-01', {})).toBeNull();
    expect(grantOutsideEmployment('2030-01-01', { hireDate: '2025-10-01' })).toBeNull();
  });
});
