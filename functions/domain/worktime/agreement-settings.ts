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
    alertLimitMinutes: Math.round((monthly * v.alertPercent) / 100),
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
