/**
 * 36協定 (労働基準法36条) monitoring, pure. Time counted: 法定外 (daily + weekly, from computeMonth)
 * and, where the law says "including holiday work", 法定休日労働 added to it.
 *
 * - Company alert limit (default 45 h): 法定外 of the month over it → warning.
 * - Without a special clause (36条4項 限度時間): 法定外 > 45 h in a month or > 360 h in the agreement
 *   year → violation.
 * - With a special clause (36条5項): > 45 h in a month is allowed (warning) in at most 6 months of the
 *   agreement year (a 7th → violation); 法定外 > 720 h a year → violation.
 * - Always (36条6項, whatever the agreement says): 法定外 + 法定休日 ≥ 100 h in a month → violation;
 *   any average over the last 2, 3, 4, 5 or 6 months (ending with the month checked, crossing
 *   agreement years) > 80 h → violation.
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
}

export interface WorkPace {
  /** Scheduled work days of the month already past (see monthPace). */
  elapsedWorkDays: number;
  remainingWorkDays: number;
}

export interface AgreementInput {
  /** Chronological, ending with the month checked (usually the current one); up to 12 are used. */
  months: readonly AgreementMonth[];
  /** First month (YYYY-MM) of the agreement year; annual figures add up months from it. Default: all given. */
  agreementYearStart?: string | undefined;
  /** Company alert limit for the month's 法定外; default 45 h. */
  alertLimitMinutes?: number | undefined;
  /** Whether the 36協定 has a special clause (特別条項). Default false. */
  specialClause?: boolean | undefined;
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

function checks(months: readonly AgreementMonth[], input: AgreementInput): Check[] {
  const last = months[months.length - 1]!;
  const withHoliday = (m: AgreementMonth) => m.statutoryOvertimeMinutes + m.legalHolidayWorkMinutes;
  const year = months.slice(-12).filter((m) => !input.agreementYearStart || m.month >= input.agreementYearStart);
  const annual = year.reduce((n, m) => n + m.statutoryOvertimeMinutes, 0);
  const alertLimit = input.alertLimitMinutes ?? DEFAULT_ALERT_LIMIT_MINUTES;
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
    if (month > MONTHLY_LIMIT_MINUTES) {
      out.push({
        code: 'monthly_45h',
        severity: 'violation',
        value: month,
        limit: MONTHLY_LIMIT_MINUTES,
        subject: '時間外労働',
        limitText: '36協定の月の限度時間（45時間）',
      });
    }
    if (annual > ANNUAL_LIMIT_MINUTES) {
      out.push({
        code: 'annual_360h',
        severity: 'violation',
        value: annual,
        limit: ANNUAL_LIMIT_MINUTES,
        subject: '協定期間の時間外労働',
        limitText: '年の限度時間（360時間）',
      });
    }
  } else {
    if (month > MONTHLY_LIMIT_MINUTES) {
      out.push({
        code: 'monthly_45h',
        severity: 'warning',
        value: month,
        limit: MONTHLY_LIMIT_MINUTES,
        subject: '時間外労働',
        limitText: '月の限度時間（45時間）',
        suffix: '（特別条項の適用月）',
      });
    }
    const over45 = year.filter((m) => m.statutoryOvertimeMinutes > MONTHLY_LIMIT_MINUTES).length;
    if (over45 > SPECIAL_MONTHS_PER_YEAR) {
      out.push({
        code: 'months_over_45h',
        severity: 'violation',
        value: over45,
        limit: SPECIAL_MONTHS_PER_YEAR,
        subject: '協定期間で月45時間を超えた月数',
        limitText: '特別条項の上限（年6回）',
      });
    }
    if (annual > SPECIAL_ANNUAL_LIMIT_MINUTES) {
      out.push({
        code: 'annual_720h',
        severity: 'violation',
        value: annual,
        limit: SPECIAL_ANNUAL_LIMIT_MINUTES,
        subject: '協定期間の時間外労働',
        limitText: '特別条項の年の上限（720時間）',
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
  const beyond = hoursBeyondWeeklyFrame(last);
  if (beyond !== null && beyond > DOCTOR_INTERVIEW_MINUTES) {
    out.push({
      code: 'doctor_interview_80h',
      severity: 'notice',
      value: beyond,
      limit: DOCTOR_INTERVIEW_MINUTES,
      subject: '時間外・休日労働時間（月の総労働時間−40時間×暦日数÷7）',
      limitText: '80時間',
      action: '。本人への通知と医師による面接指導の案内が必要です',
    });
  }
  return out;
}

/** The findings for the last month of `input.months` (empty months → no findings). */
export function checkAgreement(input: AgreementInput): AgreementResult {
  const months = input.months.slice(-12);
  const last = months[months.length - 1];
  if (!last) return { ruleVersion: RULE_VERSION, month: '', projectedMonth: null, findings: [] };
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
  const actual = checks(months, input);
  const findings = actual.map((c) => finding(c, false));
  const projectedMonth = input.pace ? projectMonth(last, input.pace) : null;
  if (projectedMonth) {
    const seen = new Set(actual.map((c) => c.code));
    for (const c of checks([...months.slice(0, -1), projectedMonth], input)) {
      if (!seen.has(c.code)) findings.push(finding(c, true));
    }
  }
  return { ruleVersion: RULE_VERSION, month: last.month, projectedMonth, findings };
}
