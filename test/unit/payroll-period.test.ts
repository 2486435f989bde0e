import { describe, expect, it } from 'vitest';
import { closingDateOf, periodById, periodLabel, periodOf } from '../../functions/domain/payroll-period.js';

describe('payroll periods from the 締め日', () => {
  it('末日締め (the default) gives calendar months; February ends on the 28th or 29th', () => {
    expect(periodOf('2026-11-23')).toEqual({ id: '2026-11', from: '2026-11-01', to: '2026-11-30' });
    expect(periodOf('2028-02-29')).toEqual({ id: '2028-02', from: '2028-02-01', to: '2028-02-29' });
    expect(periodById('2026-02')).toEqual({ id: '2026-02', from: '2026-02-01', to: '2026-02-28' });
  });

  it('20日締め: 12月度 runs 11/21–12/20; a day after the 20th belongs to next month’s period', () => {
    const v = [{ effectiveFrom: '2026-01-01', closingDay: 20 }];
    expect(periodOf('2026-12-20', v)).toEqual({ id: '2026-12', from: '2026-11-21', to: '2026-12-20' });
    expect(periodOf('2026-12-21', v)).toEqual({ id: '2027-01', from: '2026-12-21', to: '2027-01-20' });
    expect(periodById('2027-01', v)).toEqual({ id: '2027-01', from: '2026-12-21', to: '2027-01-20' });
  });

  it('25日締め across a year end and in February (closing day ≤ 28 always exists)', () => {
    const v = [{ effectiveFrom: '2020-01-01', closingDay: 25 }];
    expect(periodOf('2026-12-31', v)).toEqual({ id: '2027-01', from: '2026-12-26', to: '2027-01-25' });
    expect(closingDateOf('2026-02', 25)).toBe('2026-02-25');
    expect(periodById('2026-03', v)).toEqual({ id: '2026-03', from: '2026-02-26', to: '2026-03-25' });
  });

  it('末日 → 20日 from 12/1: November stays a calendar month, 12月度 is the short 12/1–12/20', () => {
    const v = [{ effectiveFrom: '2026-12-01', closingDay: 20 }];
    expect(periodById('2026-11', v)).toEqual({ id: '2026-11', from: '2026-11-01', to: '2026-11-30' });
    expect(periodOf('2026-12-05', v)).toEqual({ id: '2026-12', from: '2026-12-01', to: '2026-12-20' });
    expect(periodOf('2026-12-21', v)).toEqual({ id: '2027-01', from: '2026-12-21', to: '2027-01-20' });
  });

  it('20日 → 末日 from 11/21: one closing day a month, so 11/21–12/31 is one period (12月度)', () => {
    // Candidates in November: 11/20 (20日, in force that day) and 11/30 (末日, in force that day). The
    // first is kept, so 11月度 (10/21–11/20) keeps its name and end; the next closing day is 12/31.
    const v = [
      { effectiveFrom: '2026-01-01', closingDay: 20 },
      { effectiveFrom: '2026-11-21', closingDay: 0 },
    ];
    expect(periodById('2026-11', v)).toEqual({ id: '2026-11', from: '2026-10-21', to: '2026-11-20' });
    expect(periodOf('2026-11-25', v)).toEqual({ id: '2026-12', from: '2026-11-21', to: '2026-12-31' });
    expect(periodById('2027-01', v)).toEqual({ id: '2027-01', from: '2027-01-01', to: '2027-01-31' });
  });

  it('labels name the month and both ends', () => {
    const v = [{ effectiveFrom: '2026-01-01', closingDay: 20 }];
    expect(periodLabel(periodOf('2026-12-01', v))).toBe('2026年12月度（11月21日〜12月20日）');
  });
});
