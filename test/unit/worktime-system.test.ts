import { describe, expect, it } from 'vitest';
import {
  earliestNeeded,
  periodOfSystem,
  STANDARD_SYSTEM,
  systemOf,
  type WorkSystem,
  type WorkSystemRecord,
} from '../../functions/domain/worktime/system.js';

const system = (kind: WorkSystem['kind'], periodStart: string, periodMonths: number): WorkSystem => ({
  ...STANDARD_SYSTEM,
  kind,
  periodStart,
  periodMonths,
  source: 'status',
  effectiveFrom: periodStart,
});

describe('periods of a working-time system (変形期間 / 清算期間)', () => {
  it('runs periods of months from the 起算日, backwards too', () => {
    const flex3 = system('flex', '2026-04-01', 3);
    // 4/1 + 3 months = 7/1: the first period is 4/1–6/30, the next 7/1–9/30, the one before 1/1–3/31.
    expect(periodOfSystem(flex3, '2026-06-30')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodOfSystem(flex3, '2026-07-01')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(periodOfSystem(flex3, '2026-03-15')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    const month16 = system('monthly_variable', '2026-04-16', 1);
    // 16日起算: 4/16–5/15, then 5/16–6/15.
    expect(periodOfSystem(month16, '2026-05-15')).toEqual({ from: '2026-04-16', to: '2026-05-15' });
    expect(periodOfSystem(month16, '2026-05-16')).toEqual({ from: '2026-05-16', to: '2026-06-15' });
    const year = system('yearly_variable', '2026-04-01', 12);
    expect(periodOfSystem(year, '2027-03-31')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
  });

  it('runs 1週間単位 periods every 7 days from the 起算日; none for 通常 and 管理監督者', () => {
    const week = system('weekly_variable', '2026-04-05', 0);
    // 4/5 (Sun) + 7 = 4/12: 4/15 lies in 4/12–4/18.
    expect(periodOfSystem(week, '2026-04-15')).toEqual({ from: '2026-04-12', to: '2026-04-18' });
    expect(periodOfSystem(STANDARD_SYSTEM, '2026-04-15')).toBeNull();
    expect(periodOfSystem(system('manager', '2026-04-01', 0), '2026-04-15')).toBeNull();
  });

  it('resolves employee > status > company-wide > 通常, each effective-dated', () => {
    const records: WorkSystemRecord[] = [
      { scope: 'status', employmentStatusId: '-', employeeId: '-', effectiveFrom: '2026-01-01', system: 'manager' },
      {
        scope: 'status',
        employmentStatusId: 'part',
        employeeId: '-',
        effectiveFrom: '2026-05-01',
        system: 'flex',
        periodStart: '2026-05-01',
        periodMonths: 3,
      },
      { scope: 'employee', employmentStatusId: '-', employeeId: 'e1', effectiveFrom: '2026-06-01', system: 'standard' },
    ];
    const of = systemOf({ employeeId: 'e1', employmentStatusId: 'part' }, records);
    expect(of('2025-12-31').kind).toBe('standard');
    expect(of('2025-12-31').source).toBe('default');
    expect(of('2026-04-30')).toMatchObject({ kind: 'manager', source: 'company' });
    expect(of('2026-05-01')).toMatchObject({ kind: 'flex', source: 'status', periodMonths: 3 });
    expect(of('2026-06-01')).toMatchObject({ kind: 'standard', source: 'employee' });
    // A 3-month flex period 5/1–7/31 holding June: the days from 5/1 are needed.
    const flexOnly = systemOf({ employeeId: 'e2', employmentStatusId: 'part' }, records);
    expect(earliestNeeded(flexOnly, '2026-06-01', '2026-06-30')).toBe('2026-05-01');
  });
});
