/**
 * The schedule data layer (db/schedules.ts) against DynamoDB Local: the company's patterns, default
 * assignments and work settings come back from one Query of their shared partition, shifts by month,
 * and the resolution order (shift > employee > (dept, status) > … > none) holds on stored items.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RULE_ANY } from '../../functions/domain/worktime/schedule.js';
import { companyShifts, employeeShifts, engineSchedule, scheduleSettings } from '../../functions/db/schedules.js';
import { db } from '../../functions/db/service.js';
import { useTestStack } from '../support/stack.js';

useTestStack();
const companyId = `sched-${Date.now()}`;

beforeAll(async () => {
  const { entities } = db();
  await entities.WorkPatternItem.put({
    companyId,
    patternId: 'day',
    name: '日勤',
    startMinute: 9 * 60,
    endMinute: 18 * 60,
    breakWindows: [{ startMinute: 12 * 60, endMinute: 13 * 60 }],
  }).go();
  await entities.WorkPatternItem.put({
    companyId,
    patternId: 'night',
    name: '夜勤',
    startMinute: 22 * 60,
    endMinute: 31 * 60,
  }).go();
  await entities.PatternAssignment.put({
    companyId,
    scope: 'group',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: RULE_ANY,
    effectiveFrom: '2026-01-01',
    patternId: 'day',
  }).go();
  await entities.PatternAssignment.put({
    companyId,
    scope: 'employee',
    departmentId: RULE_ANY,
    employmentStatusId: RULE_ANY,
    employeeId: 'e2',
    effectiveFrom: '2026-11-16',
    patternId: 'night',
  }).go();
  await entities.WorkSetting.put({ companyId, effectiveFrom: '2026-11-01', graceMinutes: 5 }).go();
  await entities.Shift.put({
    companyId,
    yearMonth: '2026-11',
    employeeId: 'e1',
    date: '2026-11-20',
    dayOff: true,
  }).go();
  await entities.Shift.put({
    companyId,
    yearMonth: '2026-12',
    employeeId: 'e1',
    date: '2026-12-01',
    patternId: 'night',
  }).go();
  await entities.Shift.put({
    companyId,
    yearMonth: '2026-11',
    employeeId: 'e2',
    date: '2026-11-20',
    patternId: 'day',
  }).go();
});

describe('schedule data', () => {
  it('reads patterns, assignments and settings with one Query of the shared partition', async () => {
    const data = await scheduleSettings(companyId);
    expect(data.patterns.map((p) => p.patternId).sort()).toEqual(['day', 'night']);
    expect(data.assignments).toHaveLength(2);
    expect(data.settings).toEqual([expect.objectContaining({ effectiveFrom: '2026-11-01', graceMinutes: 5 })]);
  });

  it('reads an employee’s shifts across months and a company month', async () => {
    const e1 = await employeeShifts(companyId, 'e1', '2026-11-15', '2026-12-05');
    expect(e1.map((s) => s.date)).toEqual(['2026-11-20', '2026-12-01']);
    const november = await companyShifts(companyId, '2026-11');
    expect(november.map((s) => `${s.employeeId}:${s.date}`).sort()).toEqual(['e1:2026-11-20', 'e2:2026-11-20']);
  });

  it('resolves shift > employee default > company default, and settings by date', async () => {
    const data = await scheduleSettings(companyId);
    const e1 = engineSchedule(
      data,
      { employeeId: 'e1' },
      await employeeShifts(companyId, 'e1', '2026-11-01', '2026-12-31'),
    );
    expect(e1.schedule('2026-11-19')).toMatchObject({
      kind: 'pattern',
      source: 'group',
      pattern: { id: 'day', startMinute: 540 },
    });
    expect(e1.schedule('2026-11-20')).toEqual({ kind: 'day_off', source: 'shift' });
    expect(e1.schedule('2026-12-01')).toMatchObject({
      kind: 'pattern',
      source: 'shift',
      pattern: { id: 'night', endMinute: 1860 },
    });
    expect(e1.schedule('2025-12-31')).toBeNull();
    const e2 = engineSchedule(
      data,
      { employeeId: 'e2' },
      await employeeShifts(companyId, 'e2', '2026-11-01', '2026-11-30'),
    );
    expect(e2.schedule('2026-11-15')).toMatchObject({ source: 'group', pattern: { id: 'day' } });
    expect(e2.schedule('2026-11-16')).toMatchObject({ source: 'employee', pattern: { id: 'night' } });
    expect(e2.schedule('2026-11-20')).toMatchObject({ source: 'shift', pattern: { id: 'day' } });
    expect(e1.settings('2026-10-31').graceMinutes).toBe(0);
    expect(e1.settings('2026-11-01').graceMinutes).toBe(5);
  });
});
