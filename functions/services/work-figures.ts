import {
  agreementYearStartOf,
  checkAgreementYear,
  monthPace,
  type AgreementFinding,
  type AgreementMonth,
  type AgreementSettings,
} from '../domain/worktime/agreement.js';
import {
  DEFAULT_START_MONTH,
  engineSettings,
  versionInForce,
  type AgreementVersion,
} from '../domain/worktime/agreement-settings.js';
import { calendarOfVersions, type CalendarVersion } from '../domain/worktime/calendar.js';
import { WORK_SYSTEM_LABELS, WORK_SYSTEMS, type WorkSystemKind } from '../domain/worktime/system.js';
import { periodById, periodOf, type PayrollPeriod, type PayrollVersion } from '../domain/payroll-period.js';
import { addDays, today } from '../domain/time.js';
import { ValidationError } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';

/**
 * The company-level alert of the retired アラート設定 (kept on the company item), used on days before the
 * company's first 36協定 version: the migration (jobs/migrate.ts) gives every company a version saying
 * the same, from its first day.
 */
export interface AlertSettings {
  overtimeAlertMinutes: number;
  specialClause: boolean;
}

/** A company's 36協定 settings: its versions, and the company-level alert for days before the first. */
export interface CompanyAgreement {
  versions: readonly AgreementVersion[];
  fallback: AlertSettings;
  /** The company calendar's versions: the month's pace counts its working days. */
  calendar: readonly CalendarVersion[];
}

export const companyAgreement = (
  versions: readonly AgreementVersion[],
  company: { overtimeAlertMinutes?: number; specialClause?: boolean } | null | undefined,
  calendar: readonly CalendarVersion[] = [],
): CompanyAgreement => ({
  versions,
  calendar,
  fallback: {
    overtimeAlertMinutes: company?.overtimeAlertMinutes ?? 45 * 60,
    specialClause: company?.specialClause ?? false,
  },
});

/** The engine settings in force on `date`: its version, else the company alert with the statutory limits. */
export function agreementSettingsOn(a: CompanyAgreement, date: string): AgreementSettings {
  const v = versionInForce(a.versions, date);
  return v
    ? engineSettings(v)
    : { alertLimitMinutes: a.fallback.overtimeAlertMinutes, specialClause: a.fallback.specialClause };
}

/** The 起算日's month in force on `date`. */
export const startMonthOn = (a: CompanyAgreement, date: string) =>
  versionInForce(a.versions, date)?.startMonth ?? DEFAULT_START_MONTH;

/**
 * A month (a payroll period, named by its id) is evaluated with the settings in force on its last day
 * (or today, for the period under way).
 */
function monthSettings(a: CompanyAgreement, todayDate: string, payroll: readonly PayrollVersion[]) {
  return (month: string) => {
    const end = periodById(month, payroll)?.to ?? `${month}-01`;
    return agreementSettingsOn(a, end < todayDate ? end : todayDate);
  };
}

/** The id (YYYY-MM, 〇月度) of the payroll period holding today: the calendar month under 末日締め. */
export const thisMonth = (timeZone: string, now: Date, payroll: readonly PayrollVersion[] = []) =>
  periodOf(today(timeZone, now), payroll).id;

/**
 * The payroll period `?year&month` names (〇月度: the period whose closing day falls in that month), or
 * the one holding today when neither is given. 400 when no period closes in that month (a change of
 * 締め日 can leave one month without its own closing day).
 */
export function periodAsked(
  query: { year?: number | undefined; month?: number | undefined },
  payroll: readonly PayrollVersion[],
  timeZone: string,
  now: Date,
): PayrollPeriod {
  if (query.year === undefined || query.month === undefined) return periodOf(today(timeZone, now), payroll);
  const period = periodById(`${query.year}-${String(query.month).padStart(2, '0')}`, payroll);
  if (!period) throw new ValidationError(MESSAGES.noPayrollPeriod, { month: [MESSAGES.noPayrollPeriod] });
  return period;
}

const datesOf = (p: PayrollPeriod) => {
  const out: string[] = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push(d);
  return out;
};

/** The months of a history map, oldest first, up to and including `month`. */
export function historyMonths(
  months:
    | Record<
        string,
        {
          statutoryOvertimeMinutes: number;
          legalHolidayWorkMinutes: number;
          workedMinutes?: number;
          system?: string;
          periodMonths?: number;
        }
      >
    | undefined,
  month: string,
): AgreementMonth[] {
  return Object.entries(months ?? {})
    .filter(([m]) => m <= month)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([m, v]) => ({
      month: m,
      statutoryOvertimeMinutes: v.statutoryOvertimeMinutes,
      legalHolidayWorkMinutes: v.legalHolidayWorkMinutes,
      ...(typeof v.workedMinutes === 'number' ? { workedMinutes: v.workedMinutes } : {}),
      // The system of the period's last day (stored since issue 17): 42 h / 320 h, 管理監督者.
      ...(isWorkSystem(v.system) ? { system: v.system } : {}),
      ...(typeof v.periodMonths === 'number' ? { periodMonths: v.periodMonths } : {}),
    }));
}

const isWorkSystem = (v: unknown): v is WorkSystemKind =>
  typeof v === 'string' && (WORK_SYSTEMS as readonly string[]).includes(v);

export interface AgreementFindings {
  /** First month (YYYY-MM) of the agreement year of the month checked. */
  yearStart: string;
  /** Findings of the month checked, projected from the pace so far. */
  current: AgreementFinding[];
  /** Every month of the agreement year up to the month checked, with its own findings. */
  months: { month: string; findings: AgreementFinding[] }[];
}

/**
 * 36協定 findings for one employee, every month of the agreement year up to `month` (each with the
 * settings in force on its last day), this month projected from the pace so far. `workedMinutes`
 * is this month's total from its summary (0 without one): the 80 h notice (則52条の2) is figured from
 * it, also when the history line was stored before it carried the total.
 *
 * The 36協定's months are the payroll periods (`payroll`, the 締め日 versions; the calendar months
 * under the default 末日締め): companies usually align the agreement's 起算日 with the payroll period,
 * so its monthly limits are counted per 〇月度 like the wages. The agreement year still starts with
 * the period named by its start month (4月度 with a 4月 起算日).
 */
export function agreementFindings(
  history: AgreementMonth[],
  month: string,
  agreement: CompanyAgreement,
  timeZone: string,
  now: Date,
  workedMinutes = 0,
  payroll: readonly PayrollVersion[] = [],
): AgreementFindings {
  const last = history[history.length - 1];
  const months =
    last && last.month === month
      ? [...history.slice(0, -1), { ...last, workedMinutes }]
      : [...history, { month, statutoryOvertimeMinutes: 0, legalHolidayWorkMinutes: 0, workedMinutes }];
  const calendar = calendarOfVersions(agreement.calendar);
  const todayDate = today(timeZone, now);
  const period = periodById(month, payroll) ?? periodOf(`${month}-01`, payroll);
  const pace = monthPace(datesOf(period), todayDate, (d) => !calendar(d).isDayOff);
  const yearStart = agreementYearStartOf(month, startMonthOn(agreement, todayDate));
  const result = checkAgreementYear({
    months,
    agreementYearStart: yearStart,
    settingsFor: monthSettings(agreement, todayDate, payroll),
    pace,
  });
  return {
    yearStart,
    current: result.months[result.months.length - 1]?.findings ?? [],
    months: result.months,
  };
}

/** A 36協定 finding as the work-status routes return it (the SPA imports the type). */
export const findingView = (f: AgreementFinding) => ({
  code: f.code,
  severity: f.severity,
  projected: f.projected,
  month: f.month,
  value_minutes: f.value,
  limit_minutes: f.limit,
  message: f.message,
});

export type FindingView = ReturnType<typeof findingView>;

/**
 * The working-time system a stored summary was computed under (its period's last day; 通常 on items
 * stored before issue 17), with its 変形期間 / 清算期間 and, on flex, the 過不足 when computed.
 */
export interface SummarySystemView {
  kind: WorkSystemKind;
  label: string;
  period_from: string | null;
  period_to: string | null;
  /** フレックスタイム制: 過不足 of the 清算期間 as of the summary's computation; null otherwise. */
  flex_balance_minutes: number | null;
}

export function summarySystemView(
  s:
    | {
        system?: string | undefined;
        systemPeriodFrom?: string | undefined;
        systemPeriodTo?: string | undefined;
        flexBalanceMinutes?: number | undefined;
      }
    | null
    | undefined,
): SummarySystemView {
  const kind = (WORK_SYSTEMS as readonly string[]).includes(s?.system ?? '')
    ? (s!.system as WorkSystemKind)
    : 'standard';
  return {
    kind,
    label: WORK_SYSTEM_LABELS[kind],
    period_from: s?.systemPeriodFrom ?? null,
    period_to: s?.systemPeriodTo ?? null,
    flex_balance_minutes: kind === 'flex' ? (s?.flexBalanceMinutes ?? null) : null,
  };
}

/**
 * フレックスタイム制 on the punch screen (issue 29 item 10), from a stored summary: the 過不足 to date
 * (against 所定, as of `as_of`) and the 実労働 projected to the 清算期間's end against its 総枠, each named
 * on screen. Null unless the summary is of a flex period.
 */
export interface FlexBalanceView {
  /** The 清算期間 (of the summary's last day). */
  from: string;
  to: string;
  /** The day the figures are of; null on summaries stored before issue 29 (as of their computation). */
  as_of: string | null;
  /** 過不足 to date: worked + paid leave − 所定 so far (negative = 不足). */
  balance_minutes: number;
  /** 法定労働時間の総枠 of the 清算期間; null on summaries stored before issue 29. */
  total_frame_minutes: number | null;
  /** 実労働 projected to the period's end less the 総枠 (above 0: 法定外 ahead); null before issue 29. */
  projected_over_frame_minutes: number | null;
}

export function summaryFlexView(
  s:
    | {
        system?: string | undefined;
        systemPeriodFrom?: string | undefined;
        systemPeriodTo?: string | undefined;
        flexBalanceMinutes?: number | undefined;
        flexAsOf?: string | undefined;
        flexFrameMinutes?: number | undefined;
        flexProjectedOverFrameMinutes?: number | undefined;
      }
    | null
    | undefined,
): FlexBalanceView | null {
  if (s?.system !== 'flex' || !s.systemPeriodFrom || !s.systemPeriodTo || s.flexBalanceMinutes === undefined)
    return null;
  return {
    from: s.systemPeriodFrom,
    to: s.systemPeriodTo,
    as_of: s.flexAsOf ?? null,
    balance_minutes: s.flexBalanceMinutes,
    total_frame_minutes: s.flexFrameMinutes ?? null,
    projected_over_frame_minutes: s.flexProjectedOverFrameMinutes ?? null,
  };
}

/**
 * 遅刻・早退・欠勤, punched breaks below 34条 and 勤務間インターバル shortfalls of one stored summary, as the
 * work-status digest and the 締め処理 checklist show them (0 on summaries stored before schedules).
 */
export function scheduleFindingOf(s: {
  lateDays?: number | undefined;
  lateMinutes?: number | undefined;
  earlyLeaveDays?: number | undefined;
  earlyLeaveMinutes?: number | undefined;
  absentDays?: number | undefined;
  breakBelowLegalDays?: number | undefined;
  shortIntervalDays?: number | undefined;
}): ScheduleFigures {
  return {
    late_days: s.lateDays ?? 0,
    late_minutes: s.lateMinutes ?? 0,
    early_leave_days: s.earlyLeaveDays ?? 0,
    early_leave_minutes: s.earlyLeaveMinutes ?? 0,
    absent_days: s.absentDays ?? 0,
    break_below_legal_days: s.breakBelowLegalDays ?? 0,
    short_interval_days: s.shortIntervalDays ?? 0,
  };
}

export interface ScheduleFigures {
  late_days: number;
  late_minutes: number;
  early_leave_days: number;
  early_leave_minutes: number;
  absent_days: number;
  break_below_legal_days: number;
  short_interval_days: number;
}

/** Days with any schedule finding (minutes aside): 0 = nothing to show. */
export const scheduleFindingDays = (f: ScheduleFigures) =>
  f.late_days + f.early_leave_days + f.absent_days + f.break_below_legal_days + f.short_interval_days;

/** What agreementAlerts needs besides the histories: one company's settings and each employee's month. */
export interface AgreementAlertsInput {
  agreement: CompanyAgreement;
  timeZone: string;
  now: Date;
  /** The 締め日 versions: the 36協定's months are payroll periods. */
  payroll: readonly PayrollVersion[];
  /** This month's worked minutes per employee (from the period's summaries; 0 when absent). */
  worked: ReadonlyMap<string, number>;
  /** Whose histories count (the staff of the screen: active, or everyone on the payroll). */
  include: (employeeId: string) => boolean;
}

/**
 * The 36協定 findings of every included employee's overtime history up to `month` (agreementFindings
 * on each): the one loop behind 勤怠状況's alerts, the 締め処理 checklist and the daily notices.
 */
export function agreementAlerts(
  histories: readonly { employeeId: string; months?: Parameters<typeof historyMonths>[0] }[],
  month: string,
  input: AgreementAlertsInput,
): { employeeId: string; findings: AgreementFindings }[] {
  return histories
    .filter((h) => input.include(h.employeeId))
    .map((h) => ({
      employeeId: h.employeeId,
      findings: agreementFindings(
        historyMonths(h.months, month),
        month,
        input.agreement,
        input.timeZone,
        input.now,
        input.worked.get(h.employeeId) ?? 0,
        input.payroll,
      ),
    }));
}
