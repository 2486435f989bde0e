import type { DayRecord } from '../../db/attendance.js';
import { explanationView, type ExplanationLineView } from '../explanation-view.js';
import { flexStateAsOf } from '../../db/summaries.js';
import { localTime } from '../../domain/time.js';
import type { DayKind, DayResult, OutsideEmployment } from '../../domain/worktime/day.js';
import { explainDay } from '../../domain/worktime/explain-day.js';
import { dayKindOf } from '../../domain/worktime/employee-day.js';
import type { MonthResult } from '../../domain/worktime/month.js';
import type { LeaveUnit, SettingsOf } from '../../domain/worktime/schedule.js';
import {
  periodOfSystem,
  STANDARD_SYSTEM,
  STANDARD_SYSTEM_OF,
  WORK_SYSTEM_LABELS,
  type FlexPeriodState,
  type SystemOf,
  type WorkSystem,
  type WorkSystemKind,
} from '../../domain/worktime/system.js';

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
  /**
   * The working-time system (労働時間制度) in force on the month's last day and its 変形期間 / 清算期間
   * holding that day (null dates for 通常 and 管理監督者).
   */
  system: MonthSystemView;
  /** フレックスタイム制: the 清算期間's state as of the month's last day (過不足); null for other systems. */
  flex: FlexPeriodView | null;
}

export interface MonthSystemView {
  kind: WorkSystemKind;
  /** 通常の労働時間制, 1か月単位の変形労働時間制, フレックスタイム制 … */
  label: string;
  period_from: string | null;
  period_to: string | null;
}

/** FlexPeriodState (domain/worktime/system.ts) in the answer's field names. */
export interface FlexPeriodView {
  from: string;
  to: string;
  total_frame_minutes: number;
  required_minutes: number;
  worked_to_date_minutes: number;
  required_to_date_minutes: number;
  balance_minutes: number;
  /** The day the state is of (today in the month under way, else the month's last day). */
  as_of: string;
  /** 実労働 to date (without paid leave) and projected to the period's end, and that projection less the 総枠. */
  actual_to_date_minutes: number;
  projected_minutes: number;
  projected_over_frame_minutes: number;
}

export const flexPeriodView = (f: FlexPeriodState | null | undefined): FlexPeriodView | null =>
  f
    ? {
        from: f.from,
        to: f.to,
        total_frame_minutes: f.totalFrameMinutes,
        required_minutes: f.requiredMinutes,
        worked_to_date_minutes: f.workedToDateMinutes,
        required_to_date_minutes: f.requiredToDateMinutes,
        balance_minutes: f.balanceMinutes,
        as_of: f.asOf,
        actual_to_date_minutes: f.actualToDateMinutes,
        projected_minutes: f.projectedMinutes,
        projected_over_frame_minutes: f.projectedOverFrameMinutes,
      }
    : null;

/** The system in force on `date` and its period, in the answer's field names. */
export function systemView(system: WorkSystem): (date: string) => MonthSystemView {
  return (date) => {
    const p = periodOfSystem(system, date);
    return {
      kind: system.kind,
      label: WORK_SYSTEM_LABELS[system.kind],
      period_from: p?.from ?? null,
      period_to: p?.to ?? null,
    };
  };
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
  /**
   * Minutes the day's break (punched, the rule's / pattern's, or none) falls short of 34条 for its work
   * (flag break_below_legal); never added to the break. 0 when lawful and for 管理監督者.
   */
  break_shortfall_minutes: number;
  /** 法内残業: beyond the fixed daily time, within 8 h. */
  scheduled_overtime_minutes: number;
  /** 法定外: beyond 8 h/day or 40 h/week (or the schedule under 変形), or over the period. */
  statutory_overtime_minutes: number;
  /** The part of it found over the 変形期間 / 清算期間 (or a flex month's 50 h/week cap); 0 under 通常. */
  period_statutory_overtime_minutes: number;
  legal_holiday_work_minutes: number;
  late_night_minutes: number;
  status: MonthResult['days'][number]['status'];
  flags: MonthResult['days'][number]['flags'];
  /** The rules in force and where each minute went: code, params and the text in the caller's language. */
  explanation: ExplanationLineView[];
  employee_id: string;
  /** The day's schedule (勤務予定): scheduled start and end (ISO-8601), null without a pattern. */
  scheduled_start: string | null;
  scheduled_end: string | null;
  /** The pattern's name (日勤, 夜勤 …); null without one. */
  pattern_name: string | null;
  /** `pattern` (a scheduled day), `day_off` (a shift day off) or null (no schedule). */
  schedule_kind: 'pattern' | 'day_off' | null;
  /** 遅刻 / 早退 in minutes, after the grace of the 勤務設定 (0 when on time or unscheduled). */
  late_minutes: number;
  early_leave_minutes: number;
  /** 欠勤: a scheduled day without punch or leave, once the day is over. */
  is_absent: boolean;
  /** Breaks as punched (休憩開始 / 休憩終了); end_at null while the break runs. */
  breaks: { start_at: string; end_at: string | null }[];
  /** The leave's unit (終日 / 午前半休 / 午後半休 / 時間単位) with leave_type; null without leave. */
  leave_unit: LeaveUnit | null;
  /** Hours of 時間単位 leave (0 otherwise). */
  leave_hours: number;
  /**
   * The punches as the table shows them under the 勤務設定's display rounding (出勤 rounded up, 退勤
   * down to the unit); the same as punch_in_at / punch_out_at without rounding. Figures stay to the minute.
   */
  punch_in_display: string | null;
  punch_out_display: string | null;
  /** Minutes of rest since the previous day's end; null when there was no previous work. */
  rest_before_minutes: number | null;
  /** The rest before the day was shorter than the 勤務間インターバル. */
  short_interval: boolean;
  /**
   * 入社前 (`before_hire`) / 退職後 (`after_leave`): the day lies outside the employment, so it has no
   * schedule and is never 欠勤; null inside it.
   */
  outside_employment: OutsideEmployment | null;
}

/** Month totals of the same answer (minutes, days). */
export interface MonthTotalsView {
  worked_minutes: number;
  scheduled_overtime_minutes: number;
  statutory_overtime_minutes: number;
  /** 法定外 found over a 変形期間 / 清算期間 ending in the month (or a flex month's 50 h/week cap). */
  period_statutory_overtime_minutes: number;
  overtime_minutes: number;
  overtime_over_60_minutes: number;
  excess_overtime_minutes: number;
  legal_holiday_work_minutes: number;
  late_night_minutes: number;
  paid_leave_days: number;
  work_days: number;
  /** 勤務予定日, 遅刻・早退 (days, minutes), 欠勤 days, days whose break is below 34条 and interval shortfalls. */
  scheduled_days: number;
  late_days: number;
  late_minutes: number;
  early_leave_days: number;
  early_leave_minutes: number;
  absent_days: number;
  break_below_legal_days: number;
  short_interval_days: number;
  /** Hours of 時間単位 paid leave. */
  paid_leave_hours: number;
  /**
   * The month's 時間外・休日・深夜 rounded to the hour (1か月単位の端数処理) when the company enabled it;
   * null otherwise.
   */
  rounded30: {
    overtime_minutes: number;
    statutory_overtime_minutes: number;
    overtime_over_60_minutes: number;
    legal_holiday_work_minutes: number;
    late_night_minutes: number;
  } | null;
  /** The display rounding of punches in force at the month's end (0 = none). */
  display_rounding_minutes: number;
}

/**
 * A punch as shown under display rounding: to the minute, then 出勤 up and 退勤 down to a multiple of
 * `unit` minutes of company-local wall time (so 9:01 → 9:15 and 18:14 → 18:00 with 15).
 */
export function displayPunch(
  instant: string | null,
  unit: number,
  direction: 'up' | 'down',
  timeZone: string,
): string | null {
  if (!instant) return null;
  const t = Math.floor(new Date(instant).getTime() / 60_000) * 60_000;
  if (!unit) return instant;
  const [h, m] = localTime(new Date(t), timeZone).split(':').map(Number) as [number, number];
  const mod = (h * 60 + m) % unit;
  const shift = direction === 'up' ? (mod ? unit - mod : 0) : -mod;
  return new Date(t + shift * 60_000).toISOString();
}

/** The schedule fields of one day (shared with the CSV's columns). */
function scheduleFields(d: DayResult, settings: SettingsOf | undefined) {
  const unit = settings?.(d.workDate).displayRoundingMinutes ?? 0;
  return {
    scheduled_start: d.scheduledStartAt,
    scheduled_end: d.scheduledEndAt,
    pattern_name: d.schedule?.kind === 'pattern' ? d.schedule.pattern.name : null,
    schedule_kind: d.schedule?.kind ?? null,
    late_minutes: d.lateMinutes,
    early_leave_minutes: d.earlyLeaveMinutes,
    is_absent: d.isAbsent,
    breaks: d.punchedBreaks.map((b) => ({ start_at: b.startAt, end_at: b.endAt ?? null })),
    leave_unit: d.leaveType !== null ? (d.leaveUnit ?? 'day') : null,
    leave_hours: d.leaveHours,
    punch_in_display: displayPunch(d.punchInAt, unit, 'up', d.timeZone),
    punch_out_display: displayPunch(d.punchOutAt, unit, 'down', d.timeZone),
    rest_before_minutes: d.restBeforeMinutes,
    short_interval: d.flags.includes('short_interval'),
    outside_employment: d.outsideEmployment,
  };
}

/** The month through the working-time engine, in the answer's field names. */
export function monthAttendanceView(
  query: { year: number; month: number },
  employee: { employeeId: string; lastName: string; firstName: string },
  month: MonthResult & { records: DayRecord[]; settings?: SettingsOf; system?: SystemOf; today?: string },
  language: string,
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
    day_kind: dayKindOf(d.calendar),
    day_name: d.calendar.name ?? null,
    is_paid_leave: d.leaveType === 0,
    leave_type: d.leaveType,
    worked_minutes: d.status === 'complete' ? d.workedMinutes : null,
    break_minutes: d.breakMinutes,
    break_shortfall_minutes: d.breakShortfallMinutes,
    scheduled_overtime_minutes: d.scheduledOvertimeMinutes,
    statutory_overtime_minutes: d.statutoryOvertimeMinutes,
    period_statutory_overtime_minutes: d.periodStatutoryOvertimeMinutes,
    legal_holiday_work_minutes: d.legalHolidayWorkMinutes,
    late_night_minutes: d.lateNightMinutes,
    status: d.status,
    flags: d.flags,
    explanation: explanationView(language, explainDay(d)),
    employee_id: employeeId,
    ...scheduleFields(d, month.settings),
  }));
  const t = month.totals;
  const monthEnd = month.days[month.days.length - 1]?.workDate;
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
      period_statutory_overtime_minutes: t.periodStatutoryOvertimeMinutes,
      overtime_minutes: t.overtimeMinutes,
      overtime_over_60_minutes: t.overtimeOver60Minutes,
      excess_overtime_minutes: t.excessOvertimeMinutes,
      legal_holiday_work_minutes: t.legalHolidayWorkMinutes,
      late_night_minutes: t.lateNightMinutes,
      paid_leave_days: t.paidLeaveDays,
      work_days: t.workDays,
      scheduled_days: t.scheduledDays,
      late_days: t.lateDays,
      late_minutes: t.lateMinutes,
      early_leave_days: t.earlyLeaveDays,
      early_leave_minutes: t.earlyLeaveMinutes,
      absent_days: t.absentDays,
      break_below_legal_days: t.breakBelowLegalDays,
      short_interval_days: t.shortIntervalDays,
      paid_leave_hours: t.paidLeaveHours,
      rounded30: t.rounded30
        ? {
            overtime_minutes: t.rounded30.overtimeMinutes,
            statutory_overtime_minutes: t.rounded30.statutoryOvertimeMinutes,
            overtime_over_60_minutes: t.rounded30.overtimeOver60Minutes,
            legal_holiday_work_minutes: t.rounded30.legalHolidayWorkMinutes,
            late_night_minutes: t.rounded30.lateNightMinutes,
          }
        : null,
      display_rounding_minutes: monthEnd && month.settings ? month.settings(monthEnd).displayRoundingMinutes : 0,
    },
    system: monthEnd
      ? systemView((month.system ?? STANDARD_SYSTEM_OF)(monthEnd))(monthEnd)
      : systemView(STANDARD_SYSTEM)(''),
    // The 過不足 so far in the month under way (as of today), the month end's otherwise.
    flex: flexPeriodView(flexStateAsOf(month.days, month.today)),
  };
}
