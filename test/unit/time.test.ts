import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInMonth,
  instantOf,
  localDate,
  localTime,
  monthDates,
  monthsBetween,
  today,
  weekday,
} from '../../functions/domain/time.js';

describe('company-local time', () => {
  it('puts a 00:30 JST punch (15:30Z the day before) on the Tokyo date', () => {
    // 2026-04-01T15:30Z + 9 h = 2026-04-02 00:30 in Tokyo.
    expect(localDate('2026-04-01T15:30:00Z', 'Asia/Tokyo')).toBe('2026-04-02');
    expect(localTime('2026-04-01T15:30:00Z', 'Asia/Tokyo')).toBe('00:30');
    expect(localDate('2026-04-01T15:30:00Z', 'UTC')).toBe('2026-04-01');
  });

  it('converts a Tokyo wall-clock time to the UTC instant', () => {
    expect(instantOf('2026-04-02', 9, 0, 'Asia/Tokyo')).toBe('2026-04-02T00:00:00.000Z');
    expect(instantOf('2026-04-02', 0, 30, 'Asia/Tokyo')).toBe('2026-04-01T15:30:00.000Z');
  });

  it('honours daylight saving in other zones', () => {
    // New York is UTC-4 in July and UTC-5 in January.
    expect(instantOf('2026-07-01', 9, 0, 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(instantOf('2026-01-05', 9, 0, 'America/New_York')).toBe('2026-01-05T14:00:00.000Z');
  });

  it("computes today in the company's zone, not the host's", () => {
    expect(today('Asia/Tokyo', new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(today('UTC', new Date('2026-12-31T16:00:00Z'))).toBe('2026-12-31');
  });

  it('knows month lengths, weekdays and date arithmetic', () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(monthDates(2026, 4)).toHaveLength(30);
    expect(monthDates(2026, 4)[0]).toBe('2026-04-01');
    expect(weekday('2026-04-01')).toBe(3); // a Wednesday
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('gives the weekday and date arithmetic of Date.UTC for every day of 1999–2101, by its fast path too', () => {
    // The engine calls these for every day of every employee; their Date-free paths must answer
    // exactly what the Date arithmetic does (leap years, month and year ends, day 00 and day 31 of
    // a 30-day month included).
    const byDate = (date: string, days: number) => {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const t = new Date(Date.UTC(y, m - 1, d + days));
      return t.toISOString().slice(0, 10);
    };
    const wdByDate = (date: string) => {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    };
    const dates: string[] = [];
    for (let t = Date.UTC(1999, 0, 1); t <= Date.UTC(2101, 11, 31); t += 86_400_000) {
      dates.push(new Date(t).toISOString().slice(0, 10));
    }
    dates.push('2026-02-30', '2026-04-31', '2026-03-00', '2024-02-29', '2100-02-28');
    // Mismatches are collected and asserted once: ~490,000 `expect` calls took 5.5 s of a unit run.
    const wrong: string[] = [];
    for (const date of dates) {
      if (weekday(date) !== wdByDate(date)) wrong.push(`weekday(${date})`);
      for (const n of [-40, -29, -7, -6, -1, 0, 1, 6, 7, 27, 28, 35]) {
        if (addDays(date, n) !== byDate(date, n)) wrong.push(`addDays(${date}, ${n})`);
      }
    }
    expect(dates.length).toBeGreaterThan(37_000);
    expect(wrong).toEqual([]);
  });
});

import { monthCalendar, publicHoliday } from '../../functions/domain/calendar.js';

describe('calendar', () => {
  it('knows Japanese public holidays from the maintained dataset', () => {
    expect(publicHoliday('2026-04-29')).toBe('昭和の日');
    expect(publicHoliday('2026-04-30')).toBeNull();
    const april = monthCalendar(2026, 4);
    expect(april).toHaveLength(30);
    expect(april.find((d) => d.date === '2026-04-04')?.isDayOff).toBe(true); // Saturday
    expect(april.find((d) => d.date === '2026-04-29')?.holidayName).toBe('昭和の日');
  });
});

describe('monthsBetween', () => {
  it('lists the months of a range by month only, across a year end, oldest first', () => {
    // 2026-11-20 … 2027-02-03 touches Nov, Dec, Jan and Feb; months or dates give the same answer.
    expect(monthsBetween('2026-11-20', '2027-02-03')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-11-30', '2026-11-01')).toEqual(['2026-11']);
    expect(monthsBetween('2026-12', '2026-11')).toEqual([]);
  });
});

describe('year choices of the month views (SPA)', () => {
  it('reach the coming January from December, and stop at this year otherwise', async () => {
    const { monthViewYears, yearChoices } = await import('../../frontend/src/shared/time.js');
    // 2026-12-01 00:30 in Tokyo is still 2026-11-30 in UTC: the company's zone decides the month.
    const decemberInTokyo = new Date('2026-11-30T15:30:00Z');
    expect(monthViewYears('Asia/Tokyo', decemberInTokyo).at(-1)).toBe(2027);
    expect(monthViewYears('UTC', decemberInTokyo).at(-1)).toBe(2026);
    expect(monthViewYears('Asia/Tokyo', new Date('2026-11-28T01:00:00Z'))).toEqual([2022, 2023, 2024, 2025, 2026]);
    expect(yearChoices('Asia/Tokyo', decemberInTokyo).at(-1)).toBe(2026);
  });
});
