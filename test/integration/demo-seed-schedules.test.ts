/**
 * The demo seed (`npm start`) shows issue 16's work patterns: 日勤, 早番, 遅番 and 夜勤 (翌7:00), 日勤
 * the whole company's default from last month, no grace and an 11-hour 勤務間インターバル.
 */
import { describe, expect, it } from 'vitest';
import { engineSchedule, scheduleSettings } from '../../functions/db/schedules.js';
import { patternList } from '../../functions/api/work-patterns/views.js';
import { DEMO, seedDemo } from '../../lib/local/seed.js';
import { useTestStack } from '../support/stack.js';

useTestStack();

describe('demo seed', () => {
  it('has five patterns (長日勤 for the 変形 demo), 日勤 for everyone from last month, grace 0 and an 11-hour interval', async () => {
    // Fixed "now" (Tue 24 Nov 2026, Tokyo): last month is October 2026.
    await seedDemo(new Date('2026-11-24T03:00:00Z'));
    const stored = await scheduleSettings(DEMO.companyId);
    expect(
      patternList(stored.patterns).map((p) => [p.name, p.start_time, p.end_time, p.crosses_midnight, p.breaks]),
    ).toEqual([
      ['早番', '07:00', '16:00', false, [{ start_time: '11:00', end_time: '12:00' }]],
      ['日勤', '09:00', '18:00', false, [{ start_time: '12:00', end_time: '13:00' }]],
      ['長日勤', '09:00', '20:00', false, [{ start_time: '12:00', end_time: '13:00' }]],
      ['遅番', '13:00', '22:00', false, [{ start_time: '17:00', end_time: '18:00' }]],
      ['夜勤', '22:00', '07:00', true, [{ start_time: '02:00', end_time: '03:00' }]],
    ]);
    const sato = DEMO.employees[0]!;
    const { schedule, settings } = engineSchedule(
      stored,
      {
        employeeId: sato.employeeId,
        departmentId: DEMO.departments[sato.dept]!.departmentId,
        employmentStatusId: DEMO.statuses[sato.status]!.employmentStatusId,
      },
      [],
    );
    expect(schedule('2026-09-30')).toBeNull();
    expect(schedule('2026-10-01')).toMatchObject({ kind: 'pattern', source: 'group', pattern: { name: '日勤' } });
    expect(settings('2026-11-24')).toMatchObject({ graceMinutes: 0, intervalMinutes: 660 });
  });
});
