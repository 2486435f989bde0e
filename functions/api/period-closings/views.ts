import type { Closing } from '../../db/period-closings.js';
import { isStalled } from '../../domain/job-lease.js';
import type {
  ChecklistFindingView,
  MissingPunchView,
  ScheduleFindingView,
} from '../../services/closing-checklist-digest.js';
import type { ScheduleFigures } from '../../services/work-figures.js';
import {
  DEFAULT_CLOSING_DAY,
  periodLabel,
  periodOf,
  type PayrollPeriod,
  type PayrollVersion,
} from '../../domain/payroll-period.js';

/**
 * The answers of the 締め日 and closing routes, declared once: the SPA imports these types (type-only).
 */

export interface PayrollVersionView {
  effective_from: string;
  /** 0 = 末日; 1–28 = that day. */
  closing_day: number;
  updated_at: string | null;
}

export interface PeriodView {
  /** YYYY-MM (〇月度: the month of its closing day). */
  id: string;
  from: string;
  to: string;
  /** 2026年12月度（11月21日〜12月20日）. */
  label: string;
}

/** `GET/PUT /api/v1/payroll_period`. */
export interface PayrollPeriodView {
  /** The day asked about (YYYY-MM-DD). */
  on: string;
  /** The version in force that day; null before the first (末日締め applies). */
  in_force: PayrollVersionView | null;
  /** The closing day in force that day (0 = 末日). */
  closing_day: number;
  /** The payroll period that holds `on`. */
  period: PeriodView;
  /** Every version, newest first. */
  history: PayrollVersionView[];
}

export const periodView = (p: PayrollPeriod): PeriodView => ({
  id: p.id,
  from: p.from,
  to: p.to,
  label: periodLabel(p),
});

const versionView = (v: PayrollVersion): PayrollVersionView => ({
  effective_from: v.effectiveFrom,
  closing_day: v.closingDay,
  updated_at: v.updatedAt ?? null,
});

export function payrollPeriodView(versions: readonly PayrollVersion[], on: string): PayrollPeriodView {
  const inForce = [...versions].reverse().find((v) => v.effectiveFrom <= on) ?? null;
  return {
    on,
    in_force: inForce ? versionView(inForce) : null,
    closing_day: inForce?.closingDay ?? DEFAULT_CLOSING_DAY,
    period: periodView(periodOf(on, versions)),
    history: [...versions].reverse().map(versionView),
  };
}

export type PeriodStatus = 'open' | 'closing' | 'closed' | 'reopened' | 'failed';

export interface PeriodClosingView extends PeriodView {
  status: PeriodStatus;
  /** The period's last day has passed (only then can it be closed). */
  ended: boolean;
  closed_at: string | null;
  closed_by: string | null;
  reopened_at: string | null;
  reopened_by: string | null;
  reopen_reason: string | null;
  /** Employees done / to do while the closing job runs (and once it finished). */
  progress: { done: number; total: number } | null;
  /**
   * The closing job died (not heard from within its lease, issue 30 item 13): `status` reads `failed`,
   * the days stay frozen, and 締める (再実行) closes the period again from the start.
   */
  stalled: boolean;
  employee_count: number | null;
  /** SHA-256 (hex) of the attendance CSV taken at closing. */
  csv_sha256: string | null;
  /** Counted by the closing job over every employee's days. */
  missing_punch_days: number | null;
  break_short_days: number | null;
  /** Also counted by the closing job (null before it ran, or for closings taken before schedules). */
  late_days: number | null;
  early_leave_days: number | null;
  absent_days: number | null;
  break_below_legal_days: number | null;
  short_interval_days: number | null;
}

export type { ScheduleFindingView };

export interface ChecklistView {
  period: string;
  /** Requests dated in the period still waiting for a decision (the pending partition). */
  unapproved_requests: { date: string; kind: string; employee_id: string; employee_name: string }[];
  /**
   * Staff with days of 出勤 without 退勤 (or the reverse), from the stored month summaries of the months
   * the period touches (a 20日締め period counts its two calendar months).
   */
  missing_punches: MissingPunchView[];
  /** Staff with missing punches in all (the list holds at most 100, most days first: 他N件). */
  missing_punches_total: number;
  /** 36協定 findings of the months the period touches. */
  agreement_findings: ChecklistFindingView[];
  /** 36協定 findings in all (the list holds at most 100, violations first). */
  agreement_findings_total: number;
  /**
   * Days without punched breaks whose break (the rule's, the pattern's, or none) is short of 34条:
   * counted over every employee's days by the closing job (null before the period was closed). Closings
   * taken before rule 2026.5 counted the same days, which the engine then raised to the minimum.
   */
  break_short_days: number | null;
  /**
   * 遅刻・早退・欠勤, days whose break is below 34条 and 勤務間インターバル shortfalls, per employee
   * with any (from the period's stored summaries, kept current by punches and the daily refresh), and
   * their sums over the company (over everyone, not only the listed).
   */
  schedule_findings: ScheduleFindingView[];
  /** Staff with schedule findings in all (the list holds at most 100, most days first). */
  schedule_findings_total: number;
  schedule_totals: ScheduleFigures;
  /** Whether anything above needs a look before closing. */
  clean: boolean;
}

/** `GET /api/v1/period_closings`. */
export interface PeriodClosingsView {
  today: string;
  closing_day: number;
  /** The current period and the twelve before it, newest first. */
  periods: PeriodClosingView[];
  /** The period whose checklist is shown (`?period=`, default the last ended one). */
  selected: string;
  /**
   * The checklist's staff-wide parts (missing punches, 36協定 and schedule findings) come from a digest
   * the worker builds (services/closing-checklist-digest.ts); the pending requests are read live.
   * Empty lists and `clean: false` before the first build.
   */
  checklist: ChecklistView;
  /** When the checklist digest's figures were computed (ISO, 集計日時); null before the first build. */
  as_of: string | null;
  /** A build of the checklist is under way (集計中): ask again until false. */
  refreshing: boolean;
}

/** A closing whose job has not been heard from within its lease: the job died. */
export const closingStalled = (c: Closing, now: Date): boolean =>
  isStalled(c.status === 'closing', { leaseUntil: c.leaseUntil, heardAt: c.updatedAt }, now.getTime());

export function closingView(p: PayrollPeriod, c: Closing | undefined, today: string, now: Date): PeriodClosingView {
  // A closed period keeps the days it was closed with, whatever the 締め日 says later.
  const days = c && c.status !== 'reopened' && c.status !== 'failed' ? { ...p, from: c.from, to: c.to } : p;
  const stalled = c ? closingStalled(c, now) : false;
  return {
    ...periodView(days),
    status: stalled ? 'failed' : (c?.status ?? 'open'),
    stalled,
    ended: days.to < today,
    closed_at: c?.closedAt ?? null,
    closed_by: c?.closedBy ?? null,
    reopened_at: c?.reopenedAt ?? null,
    reopened_by: c?.reopenedBy ?? null,
    reopen_reason: c?.reopenReason ?? null,
    progress: c && typeof c.total === 'number' ? { done: c.done ?? 0, total: c.total } : null,
    employee_count: c?.employeeCount ?? null,
    csv_sha256: c?.status === 'closed' ? (c.csvSha256 ?? null) : null,
    missing_punch_days: c?.missingPunchDays ?? null,
    break_short_days: c?.breakShortDays ?? null,
    late_days: c?.lateDays ?? null,
    early_leave_days: c?.earlyLeaveDays ?? null,
    absent_days: c?.absentDays ?? null,
    break_below_legal_days: c?.breakBelowLegalDays ?? null,
    short_interval_days: c?.shortIntervalDays ?? null,
  };
}
