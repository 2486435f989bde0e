/**
 * 36協定 settings as versions: each version holds from its `effectiveFrom` day until the next one's.
 * Pure; storage is db/overtime-agreements.ts.
 *
 * 起算日 is kept as a month (`startMonth`, 1–12): the agreement year starts on the 1st of that month.
 * Overtime figures are kept per calendar month, so an agreement year starting mid-month could not be
 * summed from them; agreements almost always start on the 1st (4月1日 is the most common).
 */
import type { AgreementSettings } from './agreement.js';

export type AgreementVariant = 'standard' | 'one_year_variable';

export interface AgreementVersion {
  /** YYYY-MM-DD: the first day this version is in force. */
  effectiveFrom: string;
  /** 起算日の月 (1–12); the agreement year starts on its 1st. */
  startMonth: number;
  /** 'one_year_variable' = 1年単位の変形労働時間制 (限度時間 42 h / 320 h). */
  variant: AgreementVariant;
  monthlyLimitHours: number;
  annualLimitHours: number;
  specialClause: boolean;
  /** Special clause only (null without one). 法定外 + 法定休日 a month, < 100. */
  specialMonthlyLimitHours: number | null;
  /** 法定外 a year, ≤ 720. */
  specialAnnualLimitHours: number | null;
  /** Months a year allowed over the monthly limit, ≤ 6. */
  specialMonths: number | null;
  /** Alert when a month's 法定外 passes this % of the agreed monthly limit (1–100). */
  alertPercent: number;
  /**
   * The alert as whole hours instead of a %: only on a version the migration carried over from the old
   * company alert (アラート設定, 1–100 h) when no whole % of the monthly limit says the same (40 h of
   * 45 h is 88.9 %; 60 h is over it). Null or absent on every version saved from 36協定設定.
   */
  alertHours?: number | null | undefined;
  updatedAt?: string | undefined;
}

/** 限度時間 (36条4項) per variant: the most an agreement may set without a special clause. */
export const STATUTORY_HOURS: Record<AgreementVariant, { monthly: number; annual: number }> = {
  standard: { monthly: 45, annual: 360 },
  one_year_variable: { monthly: 42, annual: 320 },
};

/** Before any version is recorded: April 1st, the statutory limits, the company's alert and clause. */
export const DEFAULT_START_MONTH = 4;

/** The version in force on `date` (the latest with effectiveFrom ≤ date), or null. */
export function versionInForce<V extends { effectiveFrom: string }>(versions: readonly V[], date: string): V | null {
  let best: V | null = null;
  for (const v of versions) if (v.effectiveFrom <= date && (!best || v.effectiveFrom > best.effectiveFrom)) best = v;
  return best;
}

/** What the engine needs from a version. */
export function engineSettings(v: AgreementVersion): AgreementSettings {
  const monthly = Math.min(v.monthlyLimitHours, STATUTORY_HOURS[v.variant].monthly) * 60;
  return {
    alertLimitMinutes:
      typeof v.alertHours === 'number' ? v.alertHours * 60 : Math.round((monthly * v.alertPercent) / 100),
    specialClause: v.specialClause,
    limits: {
      monthlyMinutes: monthly,
      annualMinutes: Math.min(v.annualLimitHours, STATUTORY_HOURS[v.variant].annual) * 60,
      ...(v.specialMonthlyLimitHours === null ? {} : { specialMonthlyMinutes: v.specialMonthlyLimitHours * 60 }),
      ...(v.specialAnnualLimitHours === null ? {} : { specialAnnualMinutes: v.specialAnnualLimitHours * 60 }),
      ...(v.specialMonths === null ? {} : { specialMonths: v.specialMonths }),
    },
  };
}

/**
 * The version that says what the old company alert (アラート設定: a monthly alert of whole hours and
 * whether the agreement has a special clause) said, for the days from `effectiveFrom`: before 36協定
 * versions the engine judged such a company by 4月1日, the statutory limits (45 h / 360 h, and with the
 * clause < 100 h, 720 h, 6 months: the special limits are left null, i.e. the law's) and that alert.
 * The alert becomes a % of 45 h when a whole % says exactly the same (36 h = 80 %, 45 h = 100 %), else
 * it is kept in hours (`alertHours`).
 */
export function versionFromCompanyAlert(
  effectiveFrom: string,
  alert: { overtimeAlertMinutes: number; specialClause: boolean },
): AgreementVersion {
  const monthlyMinutes = STATUTORY_HOURS.standard.monthly * 60;
  const percent = (alert.overtimeAlertMinutes * 100) / monthlyMinutes;
  const exact = Number.isInteger(percent) && percent >= 1 && percent <= 100;
  return {
    effectiveFrom,
    startMonth: DEFAULT_START_MONTH,
    variant: 'standard',
    monthlyLimitHours: STATUTORY_HOURS.standard.monthly,
    annualLimitHours: STATUTORY_HOURS.standard.annual,
    specialClause: alert.specialClause,
    specialMonthlyLimitHours: null,
    specialAnnualLimitHours: null,
    specialMonths: null,
    alertPercent: exact ? percent : Math.min(100, Math.max(1, Math.round(percent))),
    alertHours: exact ? null : alert.overtimeAlertMinutes / 60,
  };
}
