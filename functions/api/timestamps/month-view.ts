import type { DayRecord } from '../../db/attendance.js';
import type { DayKind } from '../../domain/worktime/day.js';
import type { MonthResult } from '../../domain/worktime/month.js';

/**
 * The answer of `GET /api/v1/timestamps?year&month[&id]`, declared once: the SPA imports these types
 * (type-only) for the employee's 勤怠一覧 and the admin's staff detail page.
 */
export interface MonthAttendanceView {
  year: number;
  month: number;
  employee: { id: string; name: string };
  rule_version: string | null;
  days: AttendanceDayView[];
  totals: MonthTotalsView;
}

/** One calendar day of the month. */
export interface AttendanceDayView {
  /** `<employee id>_<date>` when the day has punches or leave; null otherwise. */
  id: string | null;
  date: string;
  /** 0 = Sunday. */
  weekday: number;
  punch_in_at: string | null;
  punch_out_at: string | null;
  /** The 出勤 memo (for records older than the 退勤 memo: their single memo). */
  note: string | null;
  /** The 退勤 memo. */
  punch_out_note: string | null;
  is_holiday: boolean;
  holiday_name: string | null;
  /** A day off of the stored company calendar (by default Saturday, Sunday and public holidays). */
  is_day_off: boolean;
  is_legal_holiday: boolean;
  /**
   * An approved 振替 on this day: `working` on the holiday worked (then not a day off), `day_off` on
   * the swap day (then a day off, leave type 2); `transfer_date` is the other day. Null otherwise.
   */
  transfer: 'working' | 'day_off' | null;
  transfer_date: string | null;
  /**
   * What the company calendar makes of the day, for the table's tint: 出勤日 (working, or
   * extra_working when the calendar makes a day off a working day), 所定休日 (day_off), 祝日
   * (public_holiday), 会社休日 (company_day_off) or 法定休日 (legal_holiday).
   */
  day_kind: DayKind;
  /** Name of a company day off or an extra working day (年末年始…); null otherwise. */
  day_name: string | null;
  is_paid_leave: boolean;
  /** 0 有給, 1 代休, 2 振替休日 (approved leave on that day). */
  leave_type: number | null;
  /** Null until the day is complete (both punches). */
  worked_minutes: number | null;
  break_minutes: number;
  /** 法内残業: beyond the fixed daily time, within 8 h. */
  scheduled_overtime_minutes: number;
  /** 法定外: beyond 8 h/day or 40 h/week. */
  statutory_overtime_minutes: number;
  legal_holiday_work_minutes: number;
  late_night_minutes: number;
  status: MonthResult['days'][number]['status'];
  flags: MonthResult['days'][number]['flags'];
  /** Japanese lines: the rules in force and where each minute went. */
  explanation: string[];
  employee_id: string;
}

/** Month totals of the same answer (minutes, days). */
export interface MonthTotalsView {
  worked_minutes: number;
  scheduled_overtime_minutes: number;
  statutory_overtime_minutes: number;
  overtime_minutes: number;
  overtime_over_60_minutes: number;
  excess_overtime_minutes: number;
  legal_holiday_work_minutes: number;
  late_night_minutes: number;
  paid_leave_days: number;
  work_days: number;
}

/** The month through the working-time engine, in the answer's field names. */
export function monthAttendanceView(
  query: { year: number; month: number },
  employee: { employeeId: string; lastName: string; firstName: string },
  month: MonthResult & { records: DayRecord[] },
): MonthAttendanceView {
  const employeeId = employee.employeeId;
  const records = new Map(month.records.map((r) => [r.workDate, r]));
  const days = month.days.map((d) => ({
    id: d.punchInAt || d.punchOutAt || d.leaveType !== null ? `${employeeId}_${d.workDate}` : null,
    date: d.workDate,
    weekday: new Date(`${d.workDate}T00:00:00Z`).getUTCDay(),
    punch_in_at: d.punchInAt,
    punch_out_at: d.punchOutAt,
    note: records.get(d.workDate)?.note ?? null,
    punch_out_note: records.get(d.workDate)?.punchOutNote ?? null,
    is_holiday: d.calendar.holidayName !== null,
    holiday_name: d.calendar.holidayName,
    is_day_off: d.calendar.isDayOff,
    is_legal_holiday: d.calendar.isLegalHoliday,
    transfer: d.calendar.transfer?.role ?? null,
    transfer_date: d.calendar.transfer?.partner ?? null,
    day_kind: d.calendar.isLegalHoliday
      ? ('legal_holiday' as const)
      : (d.calendar.kind ?? (d.calendar.isDayOff ? 'day_off' : 'working')),
    day_name: d.calendar.name ?? null,
    is_paid_leave: d.leaveType === 0,
    leave_type: d.leaveType,
    worked_minutes: d.status === 'complete' ? d.workedMinutes : null,
    break_minutes: d.breakMinutes,
    scheduled_overtime_minutes: d.scheduledOvertimeMinutes,
    statutory_overtime_minutes: d.statutoryOvertimeMinutes,
    legal_holiday_work_minutes: d.legalHolidayWorkMinutes,
    late_night_minutes: d.lateNightMinutes,
    status: d.status,
    flags: d.flags,
    explanation: d.explanation,
    employee_id: employeeId,
  }));
  const t = month.totals;
  return {
    year: query.year,
    month: query.month,
    employee: { id: employee.employeeId, name: `${employee.lastName} ${employee.firstName}` },
    rule_version: month.ruleVersion,
    days,
    totals: {
      worked_minutes: t.workedMinutes,
      scheduled_overtime_minutes: t.scheduledOvertimeMinutes,
      statutory_overtime_minutes: t.statutoryOvertimeMinutes,
      overtime_minutes: t.overtimeMinutes,
      overtime_over_60_minutes: t.overtimeOver60Minutes,
      excess_overtime_minutes: t.excessOvertimeMinutes,
      legal_holiday_work_minutes: t.legalHolidayWorkMinutes,
      late_night_minutes: t.lateNightMinutes,
      paid_leave_days: t.paidLeaveDays,
      work_days: t.workDays,
    },
  };
}
