/**
 * 36協定 (労働基準法36条) monitoring, pure. Time counted: 法定外 (daily + weekly, from computeMonth)
 * and, where the law says "including holiday work", 法定休日労働 added to it.
 *
 * Months are calendar months; a month missing from the input (no attendance) counts as 0. The agreement
 * year starts at `agreementYearStart` (the 起算日's month) and annual figures add up its months up to
 * the month checked — never a rolling 12 months.
 *
 * - Company alert limit (default 45 h): 法定外 of the month over it → warning.
 * - Without a special clause (36条4項 限度時間): 法定外 over the agreed monthly limit (≤ 45 h) or the
 *   agreed annual limit (≤ 360 h) in the agreement year → violation.
 * - With a special clause (36条5項): over the agreed monthly limit is allowed (warning) in at most the
 *   agreed number of months of the agreement year (≤ 6; one more → violation); 法定外 + 法定休日 over
 *   the clause's agreed monthly limit (< 100 h) → violation; 法定外 over its agreed annual limit
 *   (≤ 720 h) → violation.
 * - Agreed limits come from `limits`; a limit above the statutory one is cut to it (45/360 h, 720 h,
 *   6 months), whatever was agreed.
 * - Always (36条6項, whatever the agreement says): 法定外 + 法定休日 ≥ 100 h in a month → violation;
 *   any average over the last 2, 3, 4, 5 or 6 calendar months (ending with the month checked, crossing
 *   agreement years, months without attendance as 0) > 80 h → violation.
 * - 時間外・休日労働時間 > 80 h in a month → notice: the employee must be told and offered the doctor
 *   interview (労働安全衛生法66条の8, 則52条の2・52条の3). That figure is 則52条の2's, not 法定外 +
 *   法定休日: the month's total worked minutes (legal-holiday work included) − 40 h × calendar days
 *   ÷ 7 (see `hoursBeyondWeeklyFrame`). A month without `workedMinutes` gets no notice.
 * - Projection: the month's 法定外 so far, extended at the same pace per work day over the remaining
 *   scheduled work days (holiday work is not projected: it has no pace). A limit not yet passed
 *   but passed by the projection → the same finding, severity warning, `projected: true`.
 */
import { daysInMonth } from '../time.js';
import { hoursJa } from './format.js';
import type { WorkSystemKind } from './system.js';
import { RULE_VERSION } from './version.js';

export interface AgreementMonth {
  /** YYYY-MM. */
  month: string;
  /** 法定外 (daily + weekly) — MonthTotals.statutoryOvertimeMinutes. */
  statutoryOvertimeMinutes: number;
  /** 法定休日労働 — MonthTotals.legalHolidayWorkMinutes. */
  legalHolidayWorkMinutes: number;
  /**
   * All worked minutes of the month, legal-holiday work included — MonthTotals.workedMinutes: the
   * basis of the 80 h notice. Absent in overtime history stored before rule version 2026.2.
   */
  workedMinutes?: number | undefined;
  /**
   * The employee's working-time system on the month's last day (system.ts) and its months per period:
   * under 1年単位の変形 with a period over 3 months the 限度時間 are 42 h / 320 h (36条4項), whatever was
   * agreed above them; a 管理監督者 (41条) gets no 36協定 finding, only the 80 h notice. Absent = 通常.
   */
  system?: WorkSystemKind | undefined;
  periodMonths?: number | undefined;
}

export interface WorkPace {
  /** Scheduled work days of the month already past (see monthPace). */
  elapsedWorkDays: number;
  remainingWorkDays: number;
}

/** The agreed limits of a 36協定 (minutes; a count of months for specialMonths). */
export interface AgreementLimits {
  /** 限度時間 a month (≤ 45 h; 42 h under the 1-year variable system). */
  monthlyMinutes: number;
  /** 限度時間 a year (≤ 360 h; 320 h). */
  annualMinutes: number;
  /** 特別条項: 法定外 + 法定休日 a month (< 100 h). */
  specialMonthlyMinutes: number;
  /** 特別条項: 法定外 a year (≤ 720 h). */
  specialAnnualMinutes: number;
  /** 特別条項: months over the monthly limit in an agreement year (≤ 6). */
  specialMonths: number;
}

export interface AgreementSettings {
  /** Company alert limit for the month's 法定外; default 45 h. */
  alertLimitMinutes?: number | undefined;
  /** Whether the 36協定 has a special clause (特別条項). Default false. */
  specialClause?: boolean | undefined;
  /** Agreed limits; each missing one is the statutory maximum. */
  limits?: Partial<AgreementLimits> | undefined;
}

export interface AgreementInput extends AgreementSettings {
  /** Chronological (gaps allowed: a missing month counts as 0), ending with the month checked. */
  months: readonly AgreementMonth[];
  /** First month (YYYY-MM) of the agreement year; annual figures add up months from it. Default: the last 12. */
  agreementYearStart?: string | undefined;
  /** Settings of one month when they differ by month (versions); default: this input's own. */
  settingsFor?: ((month: string) => AgreementSettings) | undefined;
  /** Pace of the month checked, for the projection; omit for a closed month. */
  pace?: WorkPace | undefined;
}

export type AgreementCode =
  | 'alert_limit'
  | 'monthly_45h'
  | 'annual_360h'
  | 'monthly_100h'
  | 'average_80h'
  | 'annual_720h'
  | 'months_over_45h'
  | 'special_monthly'
  | 'doctor_interview_80h';

export type Severity = 'violation' | 'warning' | 'notice';

export interface AgreementFinding {
  code: AgreementCode;
  severity: Severity;
  /** True when only the projected month passes the limit. */
  projected: boolean;
  /** The month checked (YYYY-MM). */
  month: string;
  /** The figure compared (minutes; an average for average_80h, a count of months for months_over_45h). */
  value: number;
  limit: number;
  message: string;
}

export interface AgreementResult {
  ruleVersion: string;
  month: string;
  /** The month checked extended at its pace; null without a pace. */
  projectedMonth: AgreementMonth | null;
  findings: AgreementFinding[];
}

export const DEFAULT_ALERT_LIMIT_MINUTES = 45 * 60;
export const MONTHLY_LIMIT_MINUTES = 45 * 60;
export const ANNUAL_LIMIT_MINUTES = 360 * 60;
export const SPECIAL_ANNUAL_LIMIT_MINUTES = 720 * 60;
/** 単月100時間未満: this value is already a violation. */
export const SINGLE_MONTH_CAP_MINUTES = 100 * 60;
export const MULTI_MONTH_AVERAGE_MINUTES = 80 * 60;
export const DOCTOR_INTERVIEW_MINUTES = 80 * 60;
/** 則52条の2: 40 h a week. */
export const WEEKLY_FRAME_MINUTES_PER_WEEK = 40 * 60;
export const SPECIAL_MONTHS_PER_YEAR = 6;

export const STATUTORY_LIMITS: AgreementLimits = {
  monthlyMinutes: MONTHLY_LIMIT_MINUTES,
  annualMinutes: ANNUAL_LIMIT_MINUTES,
  specialMonthlyMinutes: SINGLE_MONTH_CAP_MINUTES - 1,
  specialAnnualMinutes: SPECIAL_ANNUAL_LIMIT_MINUTES,
  specialMonths: SPECIAL_MONTHS_PER_YEAR,
};

/** The agreed limits, each cut to its statutory maximum. */
export function agreedLimits(limits: Partial<AgreementLimits> | undefined): AgreementLimits {
  const out = { ...STATUTORY_LIMITS };
  for (const k of Object.keys(out) as (keyof AgreementLimits)[]) {
    const v = limits?.[k];
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = Math.max(0, Math.min(v, STATUTORY_LIMITS[k]));
  }
  return out;
}

/** YYYY-MM plus n months (n may be negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** First month (YYYY-MM) of the agreement year holding `month` when the 起算日 is in `startMonth` (1–12). */
export function agreementYearStartOf(month: string, startMonth: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${m >= startMonth ? y : y - 1}-${String(startMonth).padStart(2, '0')}`;
}

/** Every calendar month from the first given to the last, a missing one as 0 (no attendance, no work). */
export function calendarMonths(months: readonly AgreementMonth[]): AgreementMonth[] {
  const sorted = [...months].sort((a, b) => a.month.localeCompare(b.month));
  const out: AgreementMonth[] = [];
  for (const m of sorted) {
    let prev = out[out.length - 1];
    while (prev && addMonths(prev.month, 1) < m.month) {
      prev = { month: addMonths(prev.month, 1), statutoryOvertimeMinutes: 0, legalHolidayWorkMinutes: 0 };
      out.push(prev);
    }
    if (prev?.month !== m.month) out.push(m);
  }
  return out;
}

/**
 * 則52条の2: 40 h × the calendar days of the month ÷ 7, in minutes (2,400 × days ÷ 7), truncated to
 * the whole minute: 28 days 9,600 (160:00), 29 days 9,942 (165:42), 30 days 10,285 (171:25), 31 days
 * 10,628 (177:08). Truncating only moves the excess up by under a minute; because worked minutes are
 * whole, "excess > 80 h" gives the same answer as with the exact fraction.
 */
export function weeklyFrameMinutes(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Math.floor((WEEKLY_FRAME_MINUTES_PER_WEEK * daysInMonth(y, m)) / 7);
}

/**
 * 時間外・休日労働時間 of 則52条の2 (the 80 h notice figure): the month's total worked minutes,
 * legal-holiday work included, minus `weeklyFrameMinutes`; never below 0. Null without workedMinutes.
 */
export function hoursBeyondWeeklyFrame(month: AgreementMonth): number | null {
  if (month.workedMinutes === undefined) return null;
  return Math.max(0, month.workedMinutes - weeklyFrameMinutes(month.month));
}

/** The month's figure at the end of the month if the pace so far holds. Null when no work day has passed. */
export function projectMonth(month: AgreementMonth, pace: WorkPace): AgreementMonth | null {
  if (pace.elapsedWorkDays <= 0) return null;
  const extend = (minutes: number) =>
    Math.round(minutes + (minutes / pace.elapsedWorkDays) * Math.max(0, pace.remainingWorkDays));
  return {
    ...month,
    statutoryOvertimeMinutes: extend(month.statutoryOvertimeMinutes),
    ...(month.workedMinutes === undefined ? {} : { workedMinutes: extend(month.workedMinutes) }),
  };
}

/**
 * Elapsed and remaining scheduled work days of a month: dates before `today` are elapsed, `today`
 * and later remain (today's shift is usually still open, and an open shift counts zero).
 */
export function monthPace(dates: readonly string[], today: string, isWorkDay: (date: string) => boolean): WorkPace {
  const work = dates.filter(isWorkDay);
  const elapsed = work.filter((d) => d < today).length;
  return { elapsedWorkDays: elapsed, remainingWorkDays: work.length - elapsed };
}

interface Check {
  code: AgreementCode;
  severity: Severity;
  value: number;
  limit: number;
  /** What is measured, e.g. 時間外労働. */
  subject: string;
  /** The limit named with its figure, e.g. 会社のアラート基準（45時間）. */
  limitText: string;
  /** Appended to the message. */
  suffix?: string;
  /** Appended to the message of an actual (not projected) finding: what must be done now. */
  action?: string;
}

/** 限度時間 under 1年単位の変形 with a period over 3 months (36条4項): 42 h a month, 320 h a year. */
export const YEARLY_VARIABLE_MONTHLY_MINUTES = 42 * 60;
export const YEARLY_VARIABLE_ANNUAL_MINUTES = 320 * 60;

/** Whether the month's system brings the 42 h / 320 h 限度時間 (1年単位の変形, period over 3 months). */
export const longYearlyVariable = (m: AgreementMonth) => m.system === 'yearly_variable' && (m.periodMonths ?? 0) > 3;

/**
 * The settings of a month under its system: 1年単位の変形 with a period over 3 months cuts the monthly
 * and annual 限度時間 to 42 h / 320 h, and the company alert in the same ratio (an alert at 80 % of 45 h
 * becomes 80 % of 42 h; the default 45 h alert becomes 42 h). Other systems: unchanged.
 */
export function settingsForSystem(input: AgreementSettings, month: AgreementMonth): AgreementSettings {
  if (!longYearlyVariable(month)) return input;
  const limits = agreedLimits(input.limits);
  const monthly = Math.min(limits.monthlyMinutes, YEARLY_VARIABLE_MONTHLY_MINUTES);
  const alert = input.alertLimitMinutes ?? DEFAULT_ALERT_LIMIT_MINUTES;
  return {
    ...input,
    alertLimitMinutes: limits.monthlyMinutes ? Math.round((alert * monthly) / limits.monthlyMinutes) : alert,
    limits: {
      ...limits,
      monthlyMinutes: monthly,
      annualMinutes: Math.min(limits.annualMinutes, YEARLY_VARIABLE_ANNUAL_MINUTES),
    },
  };
}

/** The 80 h notice of the month (則52条の2), for everyone 管理監督者 included; null when not reached. */
function doctorNotice(last: AgreementMonth): Check | null {
  const beyond = hoursBeyondWeeklyFrame(last);
  if (beyond === null || beyond <= DOCTOR_INTERVIEW_MINUTES) return null;
  return {
    code: 'doctor_interview_80h',
    severity: 'notice',
    value: beyond,
    limit: DOCTOR_INTERVIEW_MINUTES,
    subject: '時間外・休日労働時間（月の総労働時間−40時間×暦日数÷7）',
    limitText: '80時間',
    action: '。本人への通知と医師による面接指導の案内が必要です',
  };
}

/** `months`: calendar months without gaps, ending with the month checked. */
function checks(
  months: readonly AgreementMonth[],
  settings: AgreementSettings,
  yearStart: string | undefined,
): Check[] {
  const last = months[months.length - 1]!;
  const input = settingsForSystem(settings, last);
  const notice = doctorNotice(last);
  // 管理監督者 (41条2号): 32条 and 35条 do not apply, so no 36協定 limit either; the 80 h notice does.
  if (last.system === 'manager') return notice ? [notice] : [];
  const withHoliday = (m: AgreementMonth) => m.statutoryOvertimeMinutes + m.legalHolidayWorkMinutes;
  const start = yearStart ?? addMonths(last.month, -11);
  const year = months.filter((m) => m.month >= start);
  const annual = year.reduce((n, m) => n + m.statutoryOvertimeMinutes, 0);
  const alertLimit = input.alertLimitMinutes ?? DEFAULT_ALERT_LIMIT_MINUTES;
  const limits = agreedLimits(input.limits);
  const monthlyLimit = limits.monthlyMinutes;
  const month = last.statutoryOvertimeMinutes;
  const out: Check[] = [];

  if (month > alertLimit) {
    out.push({
      code: 'alert_limit',
      severity: 'warning',
      value: month,
      limit: alertLimit,
      subject: '時間外労働',
      limitText: `会社のアラート基準（${hoursJa(alertLimit)}）`,
    });
  }
  if (!input.specialClause) {
    if (month > monthlyLimit) {
      out.push({
        code: 'monthly_45h',
        severity: 'violation',
        value: month,
        limit: monthlyLimit,
        subject: '時間外労働',
        limitText: `36協定の月の限度時間（${hoursJa(monthlyLimit)}）`,
      });
    }
    if (annual > limits.annualMinutes) {
      out.push({
        code: 'annual_360h',
        severity: 'violation',
        value: annual,
        limit: limits.annualMinutes,
        subject: '協定期間の時間外労働',
        limitText: `年の限度時間（${hoursJa(limits.annualMinutes)}）`,
      });
    }
  } else {
    if (month > monthlyLimit) {
      out.push({
        code: 'monthly_45h',
        severity: 'warning',
        value: month,
        limit: monthlyLimit,
        subject: '時間外労働',
        limitText: `月の限度時間（${hoursJa(monthlyLimit)}）`,
        suffix: '（特別条項の適用月）',
      });
    }
    const over45 = year.filter((m) => m.statutoryOvertimeMinutes > monthlyLimit).length;
    if (over45 > limits.specialMonths) {
      out.push({
        code: 'months_over_45h',
        severity: 'violation',
        value: over45,
        limit: limits.specialMonths,
        subject: `協定期間で月${hoursJa(monthlyLimit)}を超えた月数`,
        limitText: `特別条項の上限（年${limits.specialMonths}回）`,
      });
    }
    if (withHoliday(last) > limits.specialMonthlyMinutes && withHoliday(last) < SINGLE_MONTH_CAP_MINUTES) {
      out.push({
        code: 'special_monthly',
        severity: 'violation',
        value: withHoliday(last),
        limit: limits.specialMonthlyMinutes,
        subject: '時間外労働と休日労働の合計',
        limitText: `特別条項の月の上限（${hoursJa(limits.specialMonthlyMinutes)}）`,
      });
    }
    if (annual > limits.specialAnnualMinutes) {
      out.push({
        code: 'annual_720h',
        severity: 'violation',
        value: annual,
        limit: limits.specialAnnualMinutes,
        subject: '協定期間の時間外労働',
        limitText: `特別条項の年の上限（${hoursJa(limits.specialAnnualMinutes)}）`,
      });
    }
  }
  if (withHoliday(last) >= SINGLE_MONTH_CAP_MINUTES) {
    out.push({
      code: 'monthly_100h',
      severity: 'violation',
      value: withHoliday(last),
      limit: SINGLE_MONTH_CAP_MINUTES,
      subject: '時間外労働と休日労働の合計',
      limitText: '単月の上限（100時間未満）',
    });
  }
  for (let n = 2; n <= Math.min(6, months.length); n++) {
    const window = months.slice(-n);
    const total = window.reduce((s, m) => s + withHoliday(m), 0);
    if (total > MULTI_MONTH_AVERAGE_MINUTES * n) {
      const subject = `${window[0]!.month}からの${n}か月平均（時間外労働＋休日労働）`;
      out.push({
        code: 'average_80h',
        severity: 'violation',
        value: Math.round(total / n),
        limit: MULTI_MONTH_AVERAGE_MINUTES,
        subject,
        limitText: '複数月平均の上限（80時間）',
      });
      break;
    }
  }
  if (notice) out.push(notice);
  return out;
}

/** The findings for the last month of `input.months` (empty months → no findings). */
export function checkAgreement(input: AgreementInput): AgreementResult {
  const months = calendarMonths(input.months);
  const last = months[months.length - 1];
  if (!last) return { ruleVersion: RULE_VERSION, month: '', projectedMonth: null, findings: [] };
  const settings = input.settingsFor?.(last.month) ?? input;
  const finding = (c: Check, projected: boolean): AgreementFinding => {
    const value = c.code === 'months_over_45h' ? `${c.value}回` : hoursJa(c.value);
    const message = projected
      ? `このペースでは月末に${c.subject}が約${value}となり、${c.limitText}を超える見込みです${c.suffix ?? ''}`
      : `${c.subject}（${value}）が${c.limitText}を超えています${c.suffix ?? ''}${c.action ?? ''}`;
    return {
      code: c.code,
      severity: projected ? 'warning' : c.severity,
      projected,
      month: last.month,
      value: c.value,
      limit: c.limit,
      message,
    };
  };
  const actual = checks(months, settings, input.agreementYearStart);
  const findings = actual.map((c) => finding(c, false));
  const projectedMonth = input.pace ? projectMonth(last, input.pace) : null;
  if (projectedMonth) {
    const seen = new Set(actual.map((c) => c.code));
    for (const c of checks([...months.slice(0, -1), projectedMonth], settings, input.agreementYearStart)) {
      if (!seen.has(c.code)) findings.push(finding(c, true));
    }
  }
  return { ruleVersion: RULE_VERSION, month: last.month, projectedMonth, findings };
}

export interface AgreementYearResult {
  ruleVersion: string;
  /** First month of the agreement year evaluated. */
  yearStart: string;
  /** Every month of the agreement year up to the month checked, oldest first, with its own findings. */
  months: { month: string; findings: AgreementFinding[] }[];
}

/**
 * Every month of the agreement year from `agreementYearStart` up to the last month of `input.months`,
 * each checked as if it were the month checked (its annual figures up to it, its averages ending with
 * it, its own settings from `settingsFor`); only the last month is projected from `pace`.
 */
export function checkAgreementYear(input: AgreementInput & { agreementYearStart: string }): AgreementYearResult {
  const months = calendarMonths(input.months);
  const last = months[months.length - 1];
  const out: AgreementYearResult = { ruleVersion: RULE_VERSION, yearStart: input.agreementYearStart, months: [] };
  if (!last) return out;
  for (let month = input.agreementYearStart; month <= last.month; month = addMonths(month, 1)) {
    const upTo = months.filter((m) => m.month <= month);
    if (upTo[upTo.length - 1]?.month !== month)
      upTo.push({ month, statutoryOvertimeMinutes: 0, legalHolidayWorkMinutes: 0 });
    const isLast = month === last.month;
    const { findings } = checkAgreement({ ...input, months: upTo, pace: isLast ? input.pace : undefined });
    out.months.push({ month, findings });
  }
  return out;
}
