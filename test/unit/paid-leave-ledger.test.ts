import { describe, expect, it } from 'vitest';
import {
  balanceOn,
  cancellationRestore,
  canTake,
  computeLedger,
  currentFiveDayDuty,
  fiveDayDuty,
  grantsFor,
  isReadableGrant,
  type LeaveGrant,
  type LeaveTaking,
  proratedDays,
  registerRows,
} from '../../functions/domain/paid-leave/index.js';

// A full-time worker hired 2024-04-01: 10 days on 2024-10-01, 11 on 2025-10-01, 12 on 2026-10-01.
const g1: LeaveGrant = { id: 'g1', grantedOn: '2024-10-01', days: 10 };
const g2: LeaveGrant = { id: 'g2', grantedOn: '2025-10-01', days: 11 };
const g3: LeaveGrant = { id: 'g3', grantedOn: '2026-10-01', days: 12 };
const day = (date: string, days = 1): LeaveTaking => ({ id: `t-${date}-${days}`, date, days });

describe('balances: FIFO consumption, expiry (115条), half days', () => {
  it('takes from the oldest unexpired grant first', () => {
    const takings = [day('2025-11-04'), day('2025-11-05')];
    const ledger = computeLedger([g1, g2], takings);
    // Both days fall after g2 was granted, yet come out of g1, which lapses first.
    expect(ledger.takings.map((t) => t.allocations)).toEqual([
      [{ grantId: 'g1', days: 1 }],
      [{ grantId: 'g1', days: 1 }],
    ]);
    // 10 + 11 − 2 = 19.
    expect(balanceOn([g1, g2], takings, '2025-11-05').balance).toBe(19);
  });

  it('loses what is left of a grant two years after it was made', () => {
    // g1 (2024-10-01) is usable through 2026-09-30 and gone on 2026-10-01.
    const takings = [day('2025-01-10'), day('2025-01-11'), day('2025-01-12')];
    const before = balanceOn([g1, g2, g3], takings, '2026-09-30');
    // g1: 10 − 3 = 7 left; g2: 11 → 18.
    expect(before.balance).toBe(18);
    expect(before.nextExpiry).toEqual({ expiresOn: '2026-10-01', days: 7 });
    // On 2026-10-01: g1's 7 days lapse; g2 (11) and the new g3 (12) → 23.
    const after = balanceOn([g1, g2, g3], takings, '2026-10-01');
    expect(after.balance).toBe(23);
    expect(after.grants.map((g) => g.id)).toEqual(['g2', 'g3']);
  });

  it('honours a longer validity the company grants', () => {
    const kept: LeaveGrant = { ...g1, expiresOn: '2027-10-01' };
    expect(balanceOn([kept], [], '2027-09-30').balance).toBe(10);
    expect(balanceOn([kept], [], '2027-10-01').balance).toBe(0);
  });

  it('counts half days as 0.5 and splits a day across two grants', () => {
    // 19 half days and 0 full days from g1 leave 0.5 in g1.
    const halves = Array.from({ length: 19 }, (_, i) => ({
      id: `h${String(i).padStart(2, '0')}`,
      date: '2025-12-01',
      days: 0.5,
    }));
    const full = { id: 'full', date: '2025-12-02', days: 1 };
    const ledger = computeLedger([g1, g2], [...halves, full]);
    expect(ledger.takings.at(-1)!.allocations).toEqual([
      { grantId: 'g1', days: 0.5 },
      { grantId: 'g2', days: 0.5 },
    ]);
    // 21 − 9.5 − 1 = 10.5.
    expect(balanceOn([g1, g2], [...halves, full], '2025-12-02').balance).toBe(10.5);
  });

  it('separates booked future takings from the balance', () => {
    const b = balanceOn([g1], [day('2024-11-01'), day('2025-03-01', 0.5)], '2024-12-01');
    expect(b).toMatchObject({ balance: 9, booked: 0.5, free: 8.5 });
  });

  it('rejects amounts other than a day or a half day', () => {
    expect(() => computeLedger([g1], [{ id: 'x', date: '2025-01-01', days: 0.25 }])).toThrow(RangeError);
    expect(() => computeLedger([{ ...g1, days: 0 }], [])).toThrow(RangeError);
  });
});

describe('canTake: a request beyond the balance is refused', () => {
  it('allows up to the balance, half days included', () => {
    const nine = Array.from({ length: 9 }, (_, i) => day(`2024-11-0${i + 1}`));
    expect(canTake([g1], nine, { date: '2024-12-01', days: 1 })).toEqual({
      ok: true,
      allocations: [{ grantId: 'g1', days: 1 }],
      available: 1,
    });
    const nineAndHalf = [...nine, day('2024-11-10', 0.5)];
    expect(canTake([g1], nineAndHalf, { date: '2024-12-01', days: 0.5 })).toMatchObject({ ok: true, available: 0.5 });
    expect(canTake([g1], nineAndHalf, { date: '2024-12-01', days: 1 })).toEqual({
      ok: false,
      reason: 'insufficient_balance',
      available: 0.5,
    });
  });

  it('refuses before any grant and after the grant has lapsed', () => {
    expect(canTake([g1], [], { date: '2024-09-30', days: 1 })).toMatchObject({
      ok: false,
      reason: 'insufficient_balance',
      available: 0,
    });
    expect(canTake([g1], [], { date: '2026-10-01', days: 1 })).toMatchObject({ ok: false, available: 0 });
  });

  it('refuses a request that would take the days a later booked taking relies on', () => {
    // One day, booked for 2025-05-01. A request for 2025-04-01 would come first and use it up.
    const one: LeaveGrant = { id: 'one', grantedOn: '2025-01-01', days: 1 };
    expect(canTake([one], [day('2025-05-01')], { date: '2025-04-01', days: 1 })).toEqual({
      ok: false,
      reason: 'conflicts_with_booked',
      available: 0,
    });
  });

  it('counts a later grant for a future date but not a grant that expires before it', () => {
    // g1 has 10 left but lapses on 2026-10-01; a request for 2026-10-05 can only use g2 and g3.
    expect(canTake([g1, g2, g3], [], { date: '2026-10-05', days: 1 })).toMatchObject({
      ok: true,
      allocations: [{ grantId: 'g2', days: 1 }],
      available: 23,
    });
  });
});

describe('cancellation restores exactly what the taking consumed', () => {
  // g1 has 0.5 left when the split day is approved: 0.5 from g1, 0.5 from g2.
  const halves = Array.from({ length: 19 }, (_, i) => ({
    id: `h${String(i).padStart(2, '0')}`,
    date: '2025-12-01',
    days: 0.5,
  }));
  const split = { id: 'split', date: '2025-12-02', days: 1 };

  it('gives back to the grants it came from', () => {
    expect(cancellationRestore([g1, g2], [...halves, split], 'split', '2026-01-10')).toEqual({
      restored: [
        { grantId: 'g1', days: 0.5 },
        { grantId: 'g2', days: 0.5 },
      ],
      forfeited: [],
      restoredDays: 1,
      forfeitedDays: 0,
    });
    // The derived balance agrees: 21 − 9.5 = 11.5 without the cancelled day.
    expect(balanceOn([g1, g2], halves, '2026-01-10').balance).toBe(11.5);
  });

  it('does not revive days of a grant that has expired since', () => {
    const r = cancellationRestore([g1, g2], [...halves, split], 'split', '2026-10-01');
    expect(r.restored).toEqual([{ grantId: 'g2', days: 0.5 }]);
    expect(r.forfeited).toEqual([{ grantId: 'g1', days: 0.5 }]);
  });
});

describe('five-day duty (39条7項)', () => {
  it('counts days in the year from the base date and sets the deadline', () => {
    const w = fiveDayDuty([g1], [day('2024-10-20'), day('2024-12-01', 0.5), day('2025-10-01')], '2025-02-15');
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({
      baseDates: ['2024-10-01'],
      from: '2024-10-01',
      deadline: '2025-09-30', // base date + 1 year − 1 day
      requiredDays: 5,
      takenDays: 1.5, // 2025-10-01 falls outside the year
      plannedDays: 0,
      remainingDays: 3.5,
      monthsElapsed: 4, // 10-01 … 01-31 completed; February running
      expectedByNow: 1, // floor(5 × 4 ÷ 12) = floor(1.67)
      status: 'on_track',
      daysLeft: 228, // 2025-02-15 … 2025-09-30
    });
  });

  it('flags a worker behind pace, then overdue after the deadline', () => {
    // 5 months completed → floor(5 × 5 ÷ 12) = 2 expected; 1 taken.
    expect(fiveDayDuty([g1], [day('2024-11-01')], '2025-03-01')[0]).toMatchObject({
      expectedByNow: 2,
      status: 'behind',
    });
    // On 12-31 two months are over (December still running): floor(5 × 2 ÷ 12) = 0 expected.
    expect(fiveDayDuty([g1], [], '2024-12-31')[0]).toMatchObject({
      monthsElapsed: 2,
      expectedByNow: 0,
      status: 'on_track',
    });
    // The next day three are over: floor(5 × 3 ÷ 12) = 1.
    expect(fiveDayDuty([g1], [], '2025-01-01')[0]).toMatchObject({
      monthsElapsed: 3,
      expectedByNow: 1,
      status: 'behind',
    });
    // In the final month (from 2025-09-01) everything still missing is behind: 4 of 5 is not enough.
    const four = [day('2024-11-01'), day('2024-12-01'), day('2025-02-03'), day('2025-05-01')];
    expect(fiveDayDuty([g1], four, '2025-08-31')[0]).toMatchObject({ expectedByNow: 4, status: 'on_track' });
    expect(fiveDayDuty([g1], four, '2025-09-01')[0]).toMatchObject({
      expectedByNow: 5,
      status: 'behind',
      remainingDays: 1,
      daysLeft: 30,
    });
    expect(fiveDayDuty([g1], [day('2024-11-01')], '2025-10-01')[0]).toMatchObject({
      status: 'overdue',
      daysLeft: 0,
      remainingDays: 4,
    });
  });

  it('counts approved future-dated takings as planned', () => {
    const takings = [day('2024-11-01'), day('2025-08-01'), day('2025-08-04'), day('2025-08-05'), day('2025-08-06')];
    expect(fiveDayDuty([g1], takings, '2025-03-01')[0]).toMatchObject({
      takenDays: 1,
      plannedDays: 4,
      remainingDays: 0,
      status: 'scheduled',
    });
    expect(fiveDayDuty([g1], takings, '2025-08-06')[0]).toMatchObject({ takenDays: 5, status: 'met' });
  });

  it('applies only to statutory grants of 10 days or more', () => {
    const proportional: LeaveGrant = { id: 'p', grantedOn: '2024-10-01', days: 7 };
    const extra: LeaveGrant = { id: 'x', grantedOn: '2024-10-01', days: 12, kind: 'extra' };
    expect(fiveDayDuty([proportional, extra], [], '2025-01-01')).toEqual([]);
    // A 4-day part-timer at 3.5 years gets 10 (the 4-day row's fourth column): the duty applies.
    expect(fiveDayDuty([{ id: 'p4', grantedOn: '2027-10-01', days: 10 }], [], '2027-10-01')).toHaveLength(1);
  });

  describe('overlapping years (first and second base dates)', () => {
    // Common date 04-01, scheme 'six_months', hired 2025-04-01: 10 on 2025-10-01, 11 on 2026-04-01.
    const first: LeaveGrant = { id: 'f', grantedOn: '2025-10-01', days: 10 };
    const second: LeaveGrant = { id: 's', grantedOn: '2026-04-01', days: 11 };
    const takings = [day('2025-12-01'), day('2026-05-01'), day('2026-06-01', 0.5), day('2026-12-01')];

    it("'per_grant': each base date has its own year and 5 days; overlap days count for both", () => {
      const [a, b] = fiveDayDuty([first, second], takings, '2026-07-01');
      // 2025-10-01 … 2026-09-30: 12-01, 05-01, 06-01 (half) = 2.5.
      expect(a).toMatchObject({ from: '2025-10-01', deadline: '2026-09-30', requiredDays: 5, takenDays: 2.5 });
      // 2026-04-01 … 2027-03-31: 05-01, 06-01 (half) taken, 12-01 planned.
      expect(b).toMatchObject({
        from: '2026-04-01',
        deadline: '2027-03-31',
        requiredDays: 5,
        takenDays: 1.5,
        plannedDays: 1,
      });
    });

    it("'proportional' (施行規則 24条の5第2項): one period to the second base date's anniversary", () => {
      const [w, ...rest] = fiveDayDuty([first, second], takings, '2026-07-01', { method: 'proportional' });
      expect(rest).toEqual([]);
      // 2025-10-01 … 2027-03-31 = 18 months → 5 × 18 ÷ 12 = 7.5 → rounded up to 8 (Q&A 3-9).
      expect(w).toMatchObject({
        baseDates: ['2025-10-01', '2026-04-01'],
        from: '2025-10-01',
        deadline: '2027-03-31',
        requiredDays: 8,
      });
      expect(w).toMatchObject({ takenDays: 2.5, plannedDays: 1, remainingDays: 4.5 });
      // 9 months completed → floor(8 × 9 ÷ 18) = 4 expected; 3.5 taken or planned → behind.
      expect(w).toMatchObject({ monthsElapsed: 9, expectedByNow: 4, status: 'behind' });
    });

    it('counts partial months as the MHLW Q&A does', () => {
      // First base date 10-01, second 12-16: period 2025-10-01 … 2026-12-15 = 14 months + 15 days;
      // 15 ÷ 31 (December) = 0.48 → 14.48 months × 5 ÷ 12 = 6.03 → 7 days.
      expect(proratedDays('2025-10-01', '2026-12-15')).toBe(7);
      expect(proratedDays('2025-10-01', '2027-03-31')).toBe(8);
      // A plain year: exactly 5.
      expect(proratedDays('2025-10-01', '2026-09-30')).toBe(5);
    });

    it('leaves the third grant its own year and shows only current windows', () => {
      const third: LeaveGrant = { id: 't', grantedOn: '2027-04-01', days: 12 };
      const windows = fiveDayDuty([first, second, third], [], '2027-05-01', { method: 'proportional' });
      expect(windows.map((w) => [w.from, w.deadline, w.requiredDays])).toEqual([
        ['2025-10-01', '2027-03-31', 8],
        ['2027-04-01', '2028-03-31', 5],
      ]);
      expect(
        currentFiveDayDuty([first, second, third], [], '2027-05-01', { method: 'proportional' }).map((w) => w.from),
      ).toEqual(['2027-04-01']);
    });
  });
});

describe('register (管理簿, 施行規則 24条の7)', () => {
  it('lists per base date the days granted, the dates and days taken and the balance', () => {
    const takings = [
      day('2024-11-01'),
      day('2025-02-03', 0.5),
      day('2025-10-10'),
      day('2026-01-05'),
      day('2026-06-01'),
    ];
    const rows = registerRows([g1, g2], takings, '2026-03-01');
    expect(rows).toEqual([
      {
        baseDate: '2024-10-01',
        grantId: 'g1',
        daysGranted: 10,
        extraDaysGranted: 0,
        expiresOn: '2026-10-01',
        periodFrom: '2024-10-01',
        periodTo: '2025-09-30',
        taken: [
          { date: '2024-11-01', days: 1 },
          { date: '2025-02-03', days: 0.5 },
        ],
        daysTaken: 1.5,
        hoursTaken: 0,
        balance: 8.5, // 10 − 1.5 at 2025-09-30
      },
      {
        baseDate: '2025-10-01',
        grantId: 'g2',
        daysGranted: 11,
        extraDaysGranted: 0,
        expiresOn: '2027-10-01',
        periodFrom: '2025-10-01',
        periodTo: null,
        // 2026-06-01 is after asOf: planned, not yet in the register.
        taken: [
          { date: '2025-10-10', days: 1 },
          { date: '2026-01-05', days: 1 },
        ],
        daysTaken: 2,
        hoursTaken: 0,
        balance: 17.5, // 8.5 carried + 11 − 2 on 2026-03-01
      },
    ]);
  });

  it('records both base dates of a common-grant-date scheme with the shorter first period', () => {
    // Built from grantsFor so the register follows the schedule: hired 2025-04-01, common date 04-01.
    const decisions = grantsFor(
      {
        hireDate: '2025-04-01',
        patterns: [{ from: '2025-04-01', pattern: { basis: 'week', daysPerWeek: 5, weeklyHours: 40 } }],
      },
      '2026-04-01',
      {
        commonGrantDate: { monthDay: '04-01', firstGrant: 'six_months' },
      },
    );
    const grants = decisions.map((d, i) => ({
      id: `g${i}`,
      grantedOn: d.grantDate,
      days: d.days,
      expiresOn: d.expiresOn,
    }));
    const rows = registerRows(grants, [day('2026-01-05'), day('2026-04-02')], '2026-04-30');
    expect(rows.map((r) => [r.baseDate, r.daysGranted, r.periodFrom, r.periodTo, r.daysTaken, r.balance])).toEqual([
      ['2025-10-01', 10, '2025-10-01', '2026-03-31', 1, 9],
      ['2026-04-01', 11, '2026-04-01', null, 1, 19],
    ]);
  });

  it('puts takings before the first statutory grant on a leading row', () => {
    const welcome: LeaveGrant = { id: 'w', grantedOn: '2024-04-01', days: 3, kind: 'extra' };
    const rows = registerRows([welcome, g1], [day('2024-05-01')], '2024-10-01');
    expect(rows[0]).toMatchObject({
      baseDate: null,
      periodFrom: '2024-04-01',
      periodTo: '2024-09-30',
      extraDaysGranted: 3,
      daysTaken: 1,
      balance: 2,
    });
    expect(rows[1]).toMatchObject({ baseDate: '2024-10-01', balance: 12 });
  });
});

describe('grants the ledger can count (issue 30 item 8)', () => {
  // Stored by a version without date bounds: 9999-12-31 + two years (115条, 民法143条) was written as
  // "10001-12-31", which is no YYYY-MM-DD date; a grant of 1900-01-01 expired on 1902-01-01.
  const future: LeaveGrant = { id: 'f', grantedOn: '9999-12-31', days: 5, expiresOn: '10001-12-31' };
  const ancient: LeaveGrant = { id: 'a', grantedOn: '1900-01-01', days: 5, expiresOn: '1902-01-01' };

  it('refuses what the ledger would throw on, accepts old but real dates', () => {
    expect(isReadableGrant(future)).toBe(false);
    expect(isReadableGrant({ id: 'x', grantedOn: '2026-02-30', days: 1 })).toBe(false);
    expect(isReadableGrant({ id: 'x', grantedOn: '2026-04-01', days: 0 })).toBe(false);
    expect(isReadableGrant({ id: 'x', grantedOn: '2026-04-01', days: 1, expiresOn: '2026-04-01' })).toBe(false);
    expect(isReadableGrant(ancient)).toBe(true);
    expect(isReadableGrant(g1)).toBe(true);
  });

  it('an old grant counts nothing today; the readable ones give the balance', () => {
    // g1 (10 days, 2024-10-01 → 2026-10-01) has expired on 2026-11-25; g2 (11, until 2027-10-01) and
    // g3 (12, until 2028-10-01) are live: 11 + 12 = 23. The 1900 grant lapsed in 1902: still 23.
    const readable = [g1, g2, g3, ancient, future].filter(isReadableGrant);
    expect(balanceOn(readable, [], '2026-11-25').balance).toBe(23);
  });
});
