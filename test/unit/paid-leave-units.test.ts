/**
 * Half-day and hourly leave in the pure paid-leave module, with hand-derived figures: a day's worth of
 * hours (scheduled time rounded up), hours as fractions of a day in the FIFO ledger, balances in days
 * and hours, the 39条4項 yearly cap and the leave year it counts in, and the five-day duty counting
 * half days but not hours.
 */
import { describe, expect, it } from 'vitest';
import {
  balanceOn,
  canTake,
  computeLedger,
  currentFiveDayDuty,
  dayHoursOf,
  daysAndHours,
  hourlyCapCheck,
  leaveYearOf,
  registerRows,
  scheduledMinutesOf,
  type LeaveGrant,
  type LeaveTaking,
} from '../../functions/domain/paid-leave/index.js';
import type { WorkPattern } from '../../functions/domain/worktime/schedule.js';

const grant: LeaveGrant = { id: 'g1', grantedOn: '2026-04-01', days: 10 };
const hours = (id: string, date: string, h: number, dayHours = 8): LeaveTaking => ({
  id,
  date,
  days: h / dayHours,
  hours: h,
  dayHours,
});

const pattern = (start: number, end: number, breaks: [number, number][]): WorkPattern => ({
  id: 'p',
  name: 'p',
  startMinute: start,
  endMinute: end,
  breaks: breaks.map(([s, e]) => ({ startMinute: s, endMinute: e })),
});

describe("a day's worth of hourly leave", () => {
  it('is the scheduled time less breaks, rounded up to whole hours', () => {
    // 9:00–17:30 less 12:00–13:00 = 450 min = 7.5 h → 8 h.
    const day = scheduledMinutesOf(
      { kind: 'pattern', source: 'group', pattern: pattern(540, 1050, [[720, 780]]) },
      480,
    );
    expect(day).toBe(450);
    expect(dayHoursOf(450)).toBe(8);
    // Night 22:00–翌7:00 less 2:00–3:00 (26:00–27:00) = 480 min → 8 h exactly.
    expect(
      scheduledMinutesOf({ kind: 'pattern', source: 'shift', pattern: pattern(1320, 1860, [[1560, 1620]]) }, 480),
    ).toBe(480);
    expect(dayHoursOf(480)).toBe(8);
    // No pattern: the working rule's 所定労働時間 (7 h 45 min → 8 h); a shift's day off has none.
    expect(scheduledMinutesOf(null, 465)).toBe(465);
    expect(dayHoursOf(465)).toBe(8);
    expect(dayHoursOf(361)).toBe(7);
    expect(scheduledMinutesOf({ kind: 'day_off', source: 'shift' }, 480)).toBeNull();
  });
});

describe('hours in the ledger', () => {
  it('consumes hours ÷ day hours of a day, FIFO, and shows the rest as days and hours', () => {
    // 10 − 1 − 0.5 − 3/8 = 8.125 days = 8 days and 1 hour (0.125 × 8).
    const takings: LeaveTaking[] = [
      { id: 't1', date: '2026-05-01', days: 1 },
      { id: 't2', date: '2026-05-02', days: 0.5 },
      hours('t3', '2026-05-07', 3),
    ];
    const b = balanceOn([grant], takings, '2026-06-01');
    expect(b.balance).toBe(8.125);
    expect(daysAndHours(b.balance, 8)).toEqual({ days: 8, hours: 1 });
    // Without hourly leave the balance stays in days and half days.
    expect(daysAndHours(8.5, null)).toEqual({ days: 8.5, hours: 0 });
    // A 6-hour day: six 1-hour takings (1/6 each, inexact in binary) make exactly one day.
    const sixths = Array.from({ length: 6 }, (_, i) => hours(`h${i}`, `2026-05-1${i}`, 1, 6));
    const ledger = computeLedger([{ id: 'g', grantedOn: '2026-04-01', days: 1 }], sixths);
    expect(ledger.takings.every((t) => t.shortfall === 0)).toBe(true);
    expect(ledger.grants[0]!.remaining).toBe(0);
    expect(
      daysAndHours(balanceOn([{ id: 'g', grantedOn: '2026-04-01', days: 2 }], sixths, '2026-06-01').balance, 6),
    ).toEqual({
      days: 1,
      hours: 0,
    });
  });

  it('refuses hours beyond the balance and says what can still be taken, in hours', () => {
    // 1 day granted, 6 of 8 hours used: 2 hours left.
    const g: LeaveGrant[] = [{ id: 'g', grantedOn: '2026-04-01', days: 1 }];
    const used = [hours('a', '2026-05-01', 6)];
    expect(canTake(g, used, { date: '2026-05-02', days: 2 / 8, hours: 2, dayHours: 8 }).ok).toBe(true);
    const no = canTake(g, used, { date: '2026-05-02', days: 3 / 8, hours: 3, dayHours: 8 });
    expect(no).toMatchObject({ ok: false, reason: 'insufficient_balance', available: 0.25 });
    expect(daysAndHours(0.25, 8)).toEqual({ days: 0, hours: 2 });
    // A half day does not fit in 2 hours either; available in half days is 0.
    expect(canTake(g, used, { date: '2026-05-02', days: 0.5 })).toMatchObject({ ok: false, available: 0 });
  });

  it('rejects malformed hourly takings', () => {
    expect(() => computeLedger([grant], [{ id: 'x', date: '2026-05-01', days: 0.25, hours: 2, dayHours: 7 }])).toThrow(
      RangeError,
    );
    expect(() => computeLedger([grant], [hours('x', '2026-05-01', 8)])).toThrow(RangeError);
    expect(() => computeLedger([grant], [{ id: 'x', date: '2026-05-01', days: 0.25 }])).toThrow(RangeError);
  });
});

describe('the yearly cap (39条4項)', () => {
  it('counts hours in the leave year of the latest statutory grant, rolled on by whole years', () => {
    expect(leaveYearOf([grant], '2026-06-15')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(leaveYearOf([grant], '2027-04-02')).toEqual({ from: '2027-04-01', to: '2028-03-31' });
    // A common grant date brings the next grant forward: the year ends the day before it.
    expect(leaveYearOf([grant, { id: 'g2', grantedOn: '2027-01-01', days: 11 }], '2026-12-31')).toEqual({
      from: '2026-04-01',
      to: '2026-12-31',
    });
    // No statutory grant yet: the calendar year.
    expect(leaveYearOf([], '2026-06-15')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('allows exactly 5 days × 8 h = 40 h and refuses the 41st hour with the hours left', () => {
    // 7.5-hour days round up to 8: 5 days' worth is 40 hours. 5 × 7 h + 4 h = 39 h taken.
    const taken = [1, 2, 3, 4, 5].map((d) => hours(`h${d}`, `2026-05-0${d}`, 7)).concat(hours('h6', '2026-05-08', 4));
    const cap = { dayHours: 8, daysPerYear: 5 };
    expect(hourlyCapCheck([grant], taken, { date: '2026-06-01', hours: 1, ...cap })).toEqual({
      ok: true,
      usedHours: 40,
      capHours: 40,
    });
    expect(hourlyCapCheck([grant], taken, { date: '2026-06-01', hours: 2, ...cap })).toEqual({
      ok: false,
      leftHours: 1,
      capHours: 40,
    });
    // Hours of the previous leave year (before 2026-04-01) do not count; half days never do.
    const old = [hours('o', '2026-03-31', 7), { id: 'half', date: '2026-05-11', days: 0.5 }];
    expect(hourlyCapCheck([grant], [...taken, ...old], { date: '2026-06-01', hours: 1, ...cap }).ok).toBe(true);
  });
});

describe('the five-day duty and the register', () => {
  it('count half days as 0.5 and leave hours out of the duty; the register keeps hours apart', () => {
    const takings: LeaveTaking[] = [
      { id: 'd', date: '2026-05-01', days: 1 },
      { id: 'am', date: '2026-05-08', days: 0.5 },
      hours('h', '2026-05-11', 4),
      hours('h2', '2026-05-12', 4),
    ];
    const [w] = currentFiveDayDuty([grant], takings, '2026-06-01');
    // 1 + 0.5 = 1.5 days; the 8 hours (a whole day's worth) do not count.
    expect(w).toMatchObject({ takenDays: 1.5, remainingDays: 3.5 });
    const [row] = registerRows([grant], takings, '2026-06-01');
    expect(row).toMatchObject({ daysTaken: 1.5, hoursTaken: 8, balance: 7.5 });
    expect(row!.taken).toEqual([
      { date: '2026-05-01', days: 1 },
      { date: '2026-05-08', days: 0.5 },
      { date: '2026-05-11', days: 0.5, hours: 4 },
      { date: '2026-05-12', days: 0.5, hours: 4 },
    ]);
  });
});
