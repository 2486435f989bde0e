/**
 * The frozen figures of a closed payroll period (締め): what the closing job stored in the exports
 * bucket, under `closings/<companyId>/<period>/` — a prefix the bucket's one-day expiry does not touch,
 * because a closed period's records are kept (労基法109条: 賃金台帳 and the other records of wages, five
 * years). Two objects per closing: the attendance CSV taken at closing (UTF-8 with BOM, the bytes a
 * later export of the period returns) and the snapshot (per-employee totals and per-day rows, JSON).
 * Readers never recompute: a rule or engine change after closing leaves these figures as they were.
 */
import { findPeriodClosing, periodClosings } from '../db/period-closings.js';
import type { MonthTotals } from '../domain/worktime/month.js';
import { presignedDownload } from '../shared/clients/s3-link.js';

/** Per-employee totals of the period (minutes and day counts), summed over its days. */
export interface FrozenTotals {
  workedMinutes: number;
  scheduledOvertimeMinutes: number;
  statutoryOvertimeMinutes: number;
  lateNightMinutes: number;
  legalHolidayWorkMinutes: number;
  workDays: number;
  leaveDays: number;
  /** Days with 出勤 and no 退勤 (or the reverse) at closing. */
  incompleteDays: number;
  /**
   * Days without punched breaks whose break (rule, pattern or none) is short of 34条 (until rule 2026.5
   * the engine raised those breaks to the minimum, and this counted the days it did).
   */
  breakShortDays: number;
  /**
   * 遅刻・早退 (days and minutes), 欠勤 days, days whose break is below 34条 and 勤務間インターバル
   * shortfalls; absent from snapshots taken before schedules (issue 16).
   */
  lateDays?: number;
  lateMinutes?: number;
  earlyLeaveDays?: number;
  earlyLeaveMinutes?: number;
  absentDays?: number;
  breakBelowLegalDays?: number;
  shortIntervalDays?: number;
  /**
   * Leave by type (half days 0.5, 時間単位 0 days) and the hours of 時間単位 有給, 予定のある日, 月60時間超
   * (the period's 法定外 beyond 60 h, 37条1項), the 法定外 found over a 変形期間 / 清算期間, and — when the
   * company's 1か月単位の端数処理 was on at the period's last day — the rounded 時間外・休日・深夜;
   * absent from snapshots taken before them.
   */
  paidLeaveDays?: number;
  substituteLeaveDays?: number;
  transferHolidayDays?: number;
  paidLeaveHours?: number;
  scheduledDays?: number;
  overtimeOver60Minutes?: number;
  periodStatutoryOvertimeMinutes?: number;
  rounded30?: MonthTotals['rounded30'];
  /** Days worked on a 法定休日 / on another day off (所定休日); absent from snapshots taken before issue 18. */
  legalHolidayWorkDays?: number;
  nonLegalHolidayWorkDays?: number;
}

export interface FrozenEmployee {
  employeeId: string;
  name: string;
  /**
   * 社員番号 and フリガナ at closing, and the names of the department and status (issue 29 item 13: a
   * closed period's 勤怠集計 shows the member as closed); absent from snapshots taken before them.
   */
  employeeNumber?: string | null;
  nameKana?: string | null;
  departmentName?: string | null;
  employmentStatusName?: string | null;
  /** The department and status in force on the period's last day of the member's employment. */
  departmentId: string | null;
  employmentStatusId: string | null;
  totals: FrozenTotals;
  /** The CSV rows of the employee's days, exactly as written into the CSV taken at closing. */
  rows: (string | number | null)[][];
}

export interface PeriodSnapshot {
  period: string;
  from: string;
  to: string;
  timeZone: string;
  closedAt: string;
  /** The CSV header the rows follow; absent from snapshots taken before the schedule columns (LEGACY). */
  header?: string[];
  employees: FrozenEmployee[];
}

/** Where a closing's objects live; `run` tells two closings of one period apart (closed, reopened, closed again). */
export const closingKeys = (companyId: string, period: string, run: string) => ({
  csvKey: `closings/${companyId}/${period}/${run}/attendance.csv`,
  snapshotKey: `closings/${companyId}/${period}/${run}/snapshot.json`,
});

/**
 * A stored object of a closing (the snapshot, the CSV), read through a short-lived presigned GET and
 * fetch: the readers (勤怠集計's list route, the export worker) then carry no S3 client, whose load
 * the list route's cold-start budget could not afford. The closing job writes them (exports/closing.ts).
 */
export async function getObject(key: string): Promise<Buffer> {
  const url = await presignedDownload(key, 'inline', 'application/octet-stream', 60);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`stored closing object unreadable (${res.status})`);
  return Buffer.from(await res.arrayBuffer());
}

/** The closed (frozen) closing of `period`, or null while it is open, closing or reopened. One GetItem. */
export async function closedPeriod(companyId: string, period: string) {
  const closing = await findPeriodClosing(companyId, period);
  return closing?.status === 'closed' && closing.snapshotKey && closing.csvKey ? closing : null;
}

/** The closed period whose days are exactly `from`–`to`, or null (one Query of the company's closings). */
export async function closedPeriodSpanning(companyId: string, from: string, to: string) {
  const closings = await periodClosings(companyId);
  return closings.find((c) => c.status === 'closed' && c.from === from && c.to === to && c.csvKey) ?? null;
}

/** The snapshot stored at closing of a closed period, or null when the period is not closed. */
export async function frozenSnapshot(companyId: string, period: string): Promise<PeriodSnapshot | null> {
  const closing = await closedPeriod(companyId, period);
  if (!closing) return null;
  return JSON.parse((await getObject(closing.snapshotKey!)).toString('utf8')) as PeriodSnapshot;
}

/**
 * Per-employee totals of a closed payroll period (`YYYY-MM`), read from the snapshot stored at closing,
 * never recomputed; null when the period is not closed (callers then compute live figures).
 * One GetItem and one S3 GetObject.
 */
export async function frozenTotals(
  companyId: string,
  period: string,
): Promise<Map<string, FrozenTotals & { name: string }> | null> {
  const snapshot = await frozenSnapshot(companyId, period);
  if (!snapshot) return null;
  return new Map(snapshot.employees.map((e) => [e.employeeId, { ...e.totals, name: e.name }]));
}
