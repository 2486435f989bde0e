/**
 * The demo seed (`npm start`) shows issue 16's shifts: the patterns 日勤・早番・遅番・夜勤 (fixed ids)
 * and last month's and this month's shifts of 鈴木, 伊藤 and 渡辺, as the シフト grid reads them.
 */
import { describe, expect, it } from 'vitest';
import { companyShifts, scheduleSettings } from '../../functions/db/schedules.js';
import { useTestStack } from '../support/stack.js';
import { DEMO, seedDemo } from '../../lib/local/seed.js';

useTestStack();

describe('demo seed', () => {
  it('has the five patterns and two months of shifts for three staff', async () => {
    // Fixed "now" (Tue 24 Nov 2026, Tokyo): last month is October 2026.
    await seedDemo(new Date('2026-11-24T03:00:00Z'));
    const { patterns } = await scheduleSettings(DEMO.companyId);
    expect(patterns.map((p) => [p.patternId, p.name]).sort()).toEqual([
      ['day', '日勤'],
      ['early', '早番'],
      ['late', '遅番'],
      ['long', '長日勤'],
      ['night', '夜勤'],
    ]);
    const november = await companyShifts(DEMO.companyId, '2026-11');
    const october = await companyShifts(DEMO.companyId, '2026-10');
    expect(november).toHaveLength(3 * 30);
    expect(october).toHaveLength(3 * 31);
    const of = (id: string, date: string) => november.find((s) => s.employeeId === id && s.date === date);
    const [suzuki, ito, watanabe] = ['2', '5', '6'].map((n) => DEMO.employees.find((e) => e.employeeId.endsWith(n))!);
    // Wed 25 Nov: 鈴木 早番; Fri 27 Nov: 伊藤 遅番; Sun 22 Nov: 休; Mon 23 Nov (勤労感謝の日): 休.
    expect(of(suzuki!.employeeId, '2026-11-25')).toMatchObject({ patternId: 'early' });
    expect(of(ito!.employeeId, '2026-11-27')).toMatchObject({ patternId: 'late' });
    // Mon 30 Nov: 伊藤 長日勤 (10 hours, scheduled under the 1-month 変形).
    expect(of(ito!.employeeId, '2026-11-30')).toMatchObject({ patternId: 'long' });
    expect(of(watanabe!.employeeId, '2026-11-22')).toMatchObject({ dayOff: true });
    expect(of(watanabe!.employeeId, '2026-11-23')).toMatchObject({ dayOff: true });
    expect(of(watanabe!.employeeId, '2026-11-24')).toMatchObject({ patternId: 'day' });
  });
});
