import { staffWithOrgUnits } from '../db/staff.js';
import { assignmentOn, assignmentsBetween, type AssignedStaff } from '../domain/staff-assignment.js';
import { scheduleSettings, type CompanySettings } from '../db/schedules.js';
import { companyShiftsLoader, computeEmployeeMonth, type ShiftsOf } from '../db/summaries.js';
import { weekday } from '../domain/time.js';
import { localClock, toMinute } from '../domain/worktime/zone.js';
import { LEAVE_LABELS, type DayResult } from '../domain/worktime/day.js';
import { LEAVE_UNIT_LABELS } from '../domain/worktime/schedule.js';
import { WORK_SYSTEM_LABELS } from '../domain/worktime/system.js';
import type { Cell } from './csv.js';

/** Query of an attendance export (dates are company-local, inclusive). */
export interface AttendanceExportParams {
  from: string;
  to: string;
  departmentId?: string | null | undefined;
  employmentStatusId?: string | null | undefined;
  employeeId?: string | null | undefined;
  timeZone: string;
}

export const ATTENDANCE_HEADER = [
  '社員ID',
  // 社員番号 (issue 18): the key payroll software matches rows on, so it sits beside the internal id
  // rather than at the end. Closings keep the header they were written with (snapshot.header).
  '社員番号',
  '氏名',
  '部署',
  '雇用形態',
  '日付',
  '曜日',
  '祝日',
  '出勤',
  '退勤',
  '休憩',
  '労働時間',
  '法内残業',
  '法定外残業',
  '深夜労働',
  '法定休日労働',
  '休暇',
  '出勤メモ',
  '退勤メモ',
  // Added with schedules (issue 16), after the columns above so that existing readers keep working.
  '予定出勤',
  '予定退勤',
  '遅刻(分)',
  '早退(分)',
  '欠勤',
  '休憩打刻',
  '休暇単位',
  // Added with working-time systems (issue 17), at the end for the same reason: the system in force on
  // the day, and the part of 法定外残業 found over its 変形期間 / 清算期間 (H:MM, already in 法定外残業).
  '労働時間制度',
  '法定外（期間）',
] as const;

/**
 * The header of CSVs taken before the schedule columns (closings stored then keep it): written out,
 * since 社員番号 now sits inside the current header's first columns.
 */
export const LEGACY_ATTENDANCE_HEADER = [
  '社員ID',
  '氏名',
  '部署',
  '雇用形態',
  '日付',
  '曜日',
  '祝日',
  '出勤',
  '退勤',
  '休憩',
  '労働時間',
  '法内残業',
  '法定外残業',
  '深夜労働',
  '法定休日労働',
  '休暇',
  '出勤メモ',
  '退勤メモ',
];

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];
/**
 * HH:MM of an instant in the company's zone: the engine's memoised offsets (zone.ts), the same text
 * as time.ts `localTime` without building a zoned Date for each of a month's punches.
 */
const localTime = (iso: string, timeZone: string) => localClock(toMinute(iso), timeZone).time;
/** Durations as H:MM, the way Japanese payroll sheets write them. */
const hmm = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

function* months(from: string, to: string): Generator<[number, number]> {
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    yield [y, m];
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
}

/**
 * What every employee's rows need, read once per export or closing: two Queries, then the company's
 * shifts one Query per calendar month (never per employee).
 */
export interface RowsContext {
  deptName: Map<string, string>;
  statusName: Map<string, string>;
  rules: CompanySettings['rules'];
  calendar: CompanySettings['calendar'];
  schedule: Awaited<ReturnType<typeof scheduleSettings>>;
  shifts: ShiftsOf;
}

export type StaffMember = Awaited<ReturnType<typeof staffWithOrgUnits>>['staff'][number];

export async function rowsContext(companyId: string): Promise<RowsContext & { staff: StaffMember[] }> {
  // Issue 19: two Queries — staff with departments and statuses (adjacent key ranges of the company
  // partition) and the settings partition (rules, calendar versions and schedule settings together).
  const [{ staff, departments: depts, statuses }, schedule] = await Promise.all([
    staffWithOrgUnits(companyId, undefined, true),
    scheduleSettings(companyId),
  ]);
  return {
    staff,
    deptName: new Map(depts.map((d) => [d.id, d.name])),
    statusName: new Map(statuses.map((s) => [s.id, s.name])),
    rules: schedule.rules,
    calendar: schedule.calendar,
    schedule,
    shifts: companyShiftsLoader(companyId),
  };
}

/**
 * One employee's days `from`–`to` (company-local, inclusive), each with its CSV row: one Query per month
 * the range touches. The period closing stores these rows, the attendance export writes them.
 */
export async function* employeeDays(
  companyId: string,
  e: StaffMember,
  ctx: RowsContext,
  p: Pick<AttendanceExportParams, 'from' | 'to' | 'timeZone'>,
): AsyncGenerator<{ day: DayResult; row: Cell[] }> {
  const name = `${e.lastName} ${e.firstName}`;
  const employeeNumber = e.employeeNumber ?? '';
  // 部署 / 雇用形態 of each day: the ones in force on it (a move applies from its date, issue 29 item 11).
  const unitCells = (date: string) => {
    const unit = assignmentOn(e, date);
    return [
      unit.departmentId ? (ctx.deptName.get(unit.departmentId) ?? '') : '',
      unit.employmentStatusId ? (ctx.statusName.get(unit.employmentStatusId) ?? '') : '',
    ];
  };
  for (const [year, month] of months(p.from, p.to)) {
    const result = await computeEmployeeMonth({
      companyId,
      employeeId: e.employeeId,
      timeZone: p.timeZone,
      year,
      month,
      rules: ctx.rules,
      calendar: ctx.calendar,
      schedule: ctx.schedule,
      shifts: ctx.shifts,
      employee: e,
    });
    // Records older than the 退勤 memo hold one memo in `note`: it stays in the 出勤メモ column.
    const records = new Map(result.records.map((r) => [r.workDate, r]));
    for (const d of result.days) {
      if (d.workDate < p.from || d.workDate > p.to) continue;
      const done = d.status === 'complete';
      yield {
        day: d,
        row: [
          e.employeeId,
          employeeNumber,
          name,
          ...unitCells(d.workDate),
          d.workDate,
          WEEKDAYS[weekday(d.workDate)]!,
          d.calendar.holidayName ?? '',
          d.punchInAt ? localTime(d.punchInAt, p.timeZone) : '',
          d.punchOutAt ? localTime(d.punchOutAt, p.timeZone) : '',
          done ? hmm(d.breakMinutes) : '',
          done ? hmm(d.workedMinutes) : '',
          done ? hmm(d.scheduledOvertimeMinutes) : '',
          done ? hmm(d.statutoryOvertimeMinutes) : '',
          done ? hmm(d.lateNightMinutes) : '',
          done ? hmm(d.legalHolidayWorkMinutes) : '',
          d.leaveType !== null && d.leaveType !== undefined ? LEAVE_LABELS[d.leaveType as 0 | 1 | 2] : '',
          records.get(d.workDate)?.note ?? '',
          records.get(d.workDate)?.punchOutNote ?? '',
          ...scheduleCells(d, p.timeZone),
          WORK_SYSTEM_LABELS[d.system.kind],
          done ? hmm(d.periodStatutoryOvertimeMinutes) : '',
        ],
      };
    }
  }
}

/** 12:00-12:45 13:30-13:40: the breaks as punched (a running break has no end yet). */
function punchedBreaksText(d: DayResult, timeZone: string): string {
  return d.punchedBreaks
    .map((b) => `${localTime(b.startAt, timeZone)}-${b.endAt ? localTime(b.endAt, timeZone) : ''}`)
    .join(' ');
}

/** 休暇単位: 終日 / 午前半休 / 午後半休 / 時間単位(2時間); empty without leave. */
function leaveUnitText(d: Pick<DayResult, 'leaveType' | 'leaveUnit' | 'leaveHours'>): string {
  if (d.leaveType === null || d.leaveType === undefined) return '';
  const unit = d.leaveUnit ?? 'day';
  return unit === 'hours' ? `${LEAVE_UNIT_LABELS.hours}(${d.leaveHours}時間)` : LEAVE_UNIT_LABELS[unit];
}

/** The schedule columns (予定出勤 … 休暇単位) of a day. */
function scheduleCells(d: DayResult, timeZone: string): Cell[] {
  return [
    d.scheduledStartAt ? localTime(d.scheduledStartAt, timeZone) : '',
    d.scheduledEndAt ? localTime(d.scheduledEndAt, timeZone) : '',
    d.scheduledStartAt ? d.lateMinutes : '',
    d.scheduledStartAt ? d.earlyLeaveMinutes : '',
    d.isAbsent ? '欠勤' : '',
    punchedBreaksText(d, timeZone),
    leaveUnitText(d),
  ];
}

/** Whether a day's unit (the department and status in force on it) passes an export's filters. */
const unitMatches = (
  unit: { departmentId: string | null; employmentStatusId: string | null },
  p: Pick<AttendanceExportParams, 'departmentId' | 'employmentStatusId'>,
) =>
  (!p.departmentId || unit.departmentId === p.departmentId) &&
  (!p.employmentStatusId || unit.employmentStatusId === p.employmentStatusId);

/**
 * The staff an export's filters choose, by staff id: with a department or status, those in it on some
 * day of `from`–`to` (a member who moved in the range is in both units' exports, each with its days).
 */
export function chosenStaff<E extends { employeeId: string } & AssignedStaff>(
  staff: readonly E[],
  p: Pick<AttendanceExportParams, 'employeeId' | 'departmentId' | 'employmentStatusId'> &
    Partial<Pick<AttendanceExportParams, 'from' | 'to'>>,
): E[] {
  const inUnit = (e: E) =>
    p.from && p.to
      ? assignmentsBetween(e, p.from, p.to).some((u) => unitMatches(u, p))
      : unitMatches({ departmentId: e.departmentId || null, employmentStatusId: e.employmentStatusId || null }, p);
  return staff
    .filter((e) => !p.employeeId || e.employeeId === p.employeeId)
    .filter(inUnit)
    .sort((a, b) => a.employeeId.localeCompare(b.employeeId));
}

/** Employee-months computed ahead of the one being written (bounded: memory stays flat). */
const READ_AHEAD = 16;

/**
 * One row per employee per day, computed by the working-time engine exactly as the monthly table and
 * the summaries are. Streams: at most READ_AHEAD employees' rows are in memory at a time, read and
 * computed concurrently (one Query per employee-month, never a GetItem) and written in staff-id order.
 * Reads once: staff with departments and statuses, and the settings partition (two Queries).
 */
export async function* attendanceRows(companyId: string, p: AttendanceExportParams): AsyncGenerator<Cell[]> {
  const ctx = await rowsContext(companyId);
  yield [...ATTENDANCE_HEADER];
  const staff = chosenStaff(ctx.staff, p);
  const rowsOf = async (e: StaffMember) => {
    const rows: Cell[][] = [];
    // With a department or status filter, the days the member spent in it (a move splits the rows).
    for await (const { day, row } of employeeDays(companyId, e, ctx, p))
      if (unitMatches(assignmentOn(e, day.workDate), p)) rows.push(row);
    return rows;
  };
  const pending: Promise<Cell[][]>[] = [];
  let next = 0;
  const start = () => {
    const work = rowsOf(staff[next++]!);
    work.catch(() => undefined); // awaited in order below; a failure there stops the export
    pending.push(work);
  };
  while (next < staff.length && pending.length < READ_AHEAD) start();
  while (pending.length) {
    const rows = await pending.shift()!;
    if (next < staff.length) start();
    for (const row of rows) yield row;
  }
}
