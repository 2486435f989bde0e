/**
 * The demo seed (`npm start`) shows issue 17's working-time systems: 契約社員 on the 1-month 変形
 * (伊藤's 長日勤 Mondays scheduled at 10 hours) and フレックス社員 (高橋) on flextime with a 3-month
 * 清算期間 and core time 10:00–15:00, both from last month's 1st, as the admin screen lists them.
 */
import { describe, expect, it } from 'vitest';
import { listWorkSystems } from '../../functions/api/working-time-systems/system-routes.js';
import { engineSchedule, scheduleSettings } from '../../functions/db/schedules.js';
import { DEMO, seedDemo } from '../../lib/local/seed.js';
import { useTestStack } from '../support/stack.js';

useTestStack();

describe('demo seed', () => {
  it('has a 1-month 変形 status and a 3-month flex status', async () => {
    // Fixed "now" (Tue 24 Nov 2026, Tokyo): last month is October 2026.
    await seedDemo(new Date('2026-11-24T03:00:00Z'));
    expect(await listWorkSystems(DEMO.companyId)).toEqual([
      expect.objectContaining({
        scope: 'status',
        employment_status_id: DEMO.statuses[1].employmentStatusId,
        system: 'monthly_variable',
        effective_from: '2026-10-01',
        period_start: '2026-10-01',
        period_months: 1,
      }),
      expect.objectContaining({
        scope: 'status',
        employment_status_id: DEMO.statuses[2].employmentStatusId,
        system: 'flex',
        effective_from: '2026-10-01',
        period_start: '2026-10-01',
        period_months: 3,
        core_start: '10:00',
        core_end: '15:00',
        standard_daily_minutes: 480,
      }),
    ]);
    const stored = await scheduleSettings(DEMO.companyId);
    const of = (n: number) => {
      const e = DEMO.employees[n]!;
      return engineSchedule(
        stored,
        {
          employeeId: e.employeeId,
          departmentId: DEMO.departments[e.dept]!.departmentId,
          employmentStatusId: DEMO.statuses[e.status]!.employmentStatusId,
        },
        [],
      ).system;
    };
    // 伊藤 (契約社員), 高橋 (フレックス社員), 佐藤 (正社員: 通常).
    expect(of(4)('2026-11-24')).toMatchObject({ kind: 'monthly_variable', periodStart: '2026-10-01', periodMonths: 1 });
    expect(of(2)('2026-11-24')).toMatchObject({
      kind: 'flex',
      periodMonths: 3,
      flex: { coreStartMinute: 600, coreEndMinute: 900 },
    });
    expect(of(0)('2026-11-24')).toMatchObject({ kind: 'standard' });
  });
});
