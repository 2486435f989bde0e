/**
 * Issue 29 item 11: a member's department and employment status are effective-dated. Each day is
 * computed with the unit in force on it — LABOUR-LAW.md §"Day, week, working time" (法内残業 is work
 * beyond the company's scheduled hours: the 所定 of the unit the worker belongs to that day) and the
 * architecture's decision 12 (settings have effective dates; a day uses the versions in force on it).
 *
 * Hand-derived: 営業部 has 所定 7:30 (450 min), 開発部 the built-in 8:00 (480). A day of 480 worked
 * minutes (9:00–18:00 with a punched hour's break) is 450 所定内 + 30 法内 in 営業部 (within 8 h, 32条:
 * no 法定外) and 480 + 0 in 開発部. A move to 開発部 from 2026-10-15 leaves 10/5 in 営業部 and puts
 * 10/20 in 開発部.
 */
import { describe, expect, it } from 'vitest';
import {
  assignmentHistory,
  assignmentOn,
  assignmentsBetween,
  latestAssignment,
  moveFrom,
} from '../../functions/domain/staff-assignment.js';
import { instantOf } from '../../functions/domain/time.js';
import { computeDay, rulesByStaff, type RuleRecord } from '../../functions/domain/worktime/index.js';
import { scheduleOf, type AssignmentRecord, type PatternRecord } from '../../functions/domain/worktime/schedule.js';
import { systemOf, type WorkSystemRecord } from '../../functions/domain/worktime/system.js';

const EIGYO = 'eigyo';
const KAIHATSU = 'kaihatsu';
const SEISHAIN = 'seishain';
const PART = 'part';
const legacy = { departmentId: EIGYO, employmentStatusId: SEISHAIN };
const moved = {
  departmentId: KAIHATSU,
  employmentStatusId: SEISHAIN,
  assignments: [
    { from: '', departmentId: EIGYO, employmentStatusId: SEISHAIN },
    { from: '2026-10-15', departmentId: KAIHATSU, employmentStatusId: SEISHAIN },
  ],
};

describe('the history', () => {
  it('an item stored before it reads as its department and status since always', () => {
    expect(assignmentHistory(legacy)).toEqual([{ from: '', departmentId: EIGYO, employmentStatusId: SEISHAIN }]);
    expect(assignmentOn(legacy, '2000-01-01')).toEqual({ departmentId: EIGYO, employmentStatusId: SEISHAIN });
  });

  it('a moved member is in the old unit until the day before the move, in the new one from it', () => {
    expect(assignmentOn(moved, '2026-10-14').departmentId).toBe(EIGYO);
    expect(assignmentOn(moved, '2026-10-15').departmentId).toBe(KAIHATSU);
    expect(assignmentsBetween(moved, '2026-10-01', '2026-10-31').map((a) => a.departmentId)).toEqual([EIGYO, KAIHATSU]);
    expect(assignmentsBetween(moved, '2026-11-01', '2026-11-30').map((a) => a.departmentId)).toEqual([KAIHATSU]);
    expect(latestAssignment(assignmentHistory(moved)).departmentId).toBe(KAIHATSU);
  });

  it('a move keeps the versions before its date and supersedes the later ones', () => {
    const to = { departmentId: KAIHATSU, employmentStatusId: SEISHAIN };
    expect(moveFrom(legacy, '2026-10-15', to)).toEqual(moved.assignments);
    // Moving again from 10/01 to the same unit drops the 10/15 version: one move from 10/01.
    expect(moveFrom(moved, '2026-10-01', to)).toEqual([
      { from: '', departmentId: EIGYO, employmentStatusId: SEISHAIN },
      { from: '2026-10-01', departmentId: KAIHATSU, employmentStatusId: SEISHAIN },
    ]);
    // Back to 営業部 from 10/10 cancels the move scheduled for 10/15 entirely.
    expect(moveFrom(moved, '2026-10-10', { departmentId: EIGYO, employmentStatusId: SEISHAIN })).toEqual([
      { from: '', departmentId: EIGYO, employmentStatusId: SEISHAIN },
    ]);
    // The same unit from a later date changes nothing.
    expect(moveFrom(moved, '2026-11-01', to)).toBeNull();
    expect(moveFrom(legacy, '2026-10-15', { departmentId: EIGYO, employmentStatusId: SEISHAIN })).toBeNull();
  });
});

describe('each day computed with its own unit', () => {
  const rules: RuleRecord[] = [
    {
      ruleType: 'working',
      departmentId: EIGYO,
      employmentStatusId: '-',
      effectiveFrom: '2026-01-01',
      fixedMinutes: 450,
    } as RuleRecord,
  ];
  const of = rulesByStaff(rules, moved);
  const at = (date: string, h: number) => instantOf(date, h, 0, 'Asia/Tokyo');
  const day = (date: string) =>
    computeDay({
      workDate: date,
      timeZone: 'Asia/Tokyo',
      punchInAt: at(date, 9),
      punchOutAt: at(date, 18),
      breaks: [{ startAt: at(date, 12), endAt: at(date, 13) }],
      rules: of(date),
    });

  it('10/5 in 営業部: 450 所定内 + 30 法内; 10/20 in 開発部: 480 + 0', () => {
    expect([day('2026-10-05').regularMinutes, day('2026-10-05').scheduledOvertimeMinutes]).toEqual([450, 30]);
    expect([day('2026-10-20').regularMinutes, day('2026-10-20').scheduledOvertimeMinutes]).toEqual([480, 0]);
  });

  it('the group default pattern and the working-time system follow the unit of the day', () => {
    const patterns: PatternRecord[] = [
      { patternId: 'early', name: '早番', startMinute: 7 * 60, endMinute: 16 * 60 },
      { patternId: 'day', name: '日勤', startMinute: 9 * 60, endMinute: 18 * 60 },
    ];
    const group = (departmentId: string, patternId: string): AssignmentRecord => ({
      scope: 'group',
      departmentId,
      employmentStatusId: '-',
      employeeId: '-',
      effectiveFrom: '2026-01-01',
      patternId,
    });
    const schedule = scheduleOf(
      { employeeId: 'e1', ...moved },
      patterns,
      [group(EIGYO, 'early'), group(KAIHATSU, 'day')],
      [],
    );
    expect(schedule('2026-10-14')).toMatchObject({ kind: 'pattern', pattern: { name: '早番' } });
    expect(schedule('2026-10-15')).toMatchObject({ kind: 'pattern', pattern: { name: '日勤' } });

    // 正社員 → パート from 2026-11-01, パート under the 1-month 変形 system: the system follows.
    const statusMove = {
      employmentStatusId: PART,
      assignments: [
        { from: '', departmentId: EIGYO, employmentStatusId: SEISHAIN },
        { from: '2026-11-01', departmentId: EIGYO, employmentStatusId: PART },
      ],
    };
    const records: WorkSystemRecord[] = [
      {
        scope: 'status',
        employmentStatusId: PART,
        employeeId: '-',
        effectiveFrom: '2026-01-01',
        system: 'monthly_variable',
      },
    ];
    const system = systemOf({ employeeId: 'e1', ...statusMove }, records);
    expect(system('2026-10-31').kind).toBe('standard');
    expect(system('2026-11-01').kind).toBe('monthly_variable');
  });
});
