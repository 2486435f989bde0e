/**
 * The closing job (締め): freezes one payroll period of a company outside the request (the work grows
 * with the staff). The route has already written the closing item with status `closing`, so writes to
 * the period's days are refused while this runs. For every employee the job computes the period's days
 * with the engine (the rows of the attendance CSV, as attendance-rows.ts writes them), stores the CSV
 * and the snapshot (services/period-snapshot.ts) in S3, records the CSV's SHA-256 and marks the period
 * `closed`, with progress (done/total employees) on the item along the way. A failure marks it `failed`
 * (nothing frozen; the days are writable again and the admin may close again).
 *
 * The job holds the closing under a lease (services/job-runs.ts, issue 30 item 13): one whose worker died
 * shows 失敗 and 再実行 on the screen; closing again (or a retried invocation once the lease ran out)
 * takes it over and computes every employee again, and only the run that holds it writes the result,
 * so the period is closed once. Each run's objects carry its own run id in their keys, so a dead run
 * that wakes can write none the closing names.
 */
import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../shared/clients/s3.js';
import { env } from '../shared/env.js';
import { buffer } from 'node:stream/consumers';
import { findPeriodClosing, renewPeriodClosing, takePeriodClosing, updateClosingRun } from '../db/period-closings.js';
import { isLeaseLost, startRun } from '../services/job-runs.js';
import {
  closingKeys,
  type FrozenEmployee,
  type FrozenTotals,
  type PeriodSnapshot,
} from '../services/period-snapshot.js';
import { assignmentOn } from '../domain/staff-assignment.js';
import { settingsOf } from '../domain/worktime/schedule.js';
import { round30 } from '../domain/worktime/scheduled.js';
import { MONTHLY_HIGH_RATE_THRESHOLD_MINUTES } from '../domain/worktime/version.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import { ATTENDANCE_HEADER, chosenStaff, employeeDays, rowsContext } from './attendance-rows.js';
import { csvStream, type Cell } from './csv.js';

export interface ClosingEvent {
  kind: 'closing';
  companyId: string;
  period: string;
  /** Tells this closing's objects apart from an earlier closing of the same period. */
  run: string;
  timeZone: string;
}

/** Progress is written every this many employees (and at the end), not per employee. */
const PROGRESS_EVERY = 10;

export const zeroTotals = (): FrozenTotals => ({
  workedMinutes: 0,
  scheduledOvertimeMinutes: 0,
  statutoryOvertimeMinutes: 0,
  lateNightMinutes: 0,
  legalHolidayWorkMinutes: 0,
  workDays: 0,
  leaveDays: 0,
  incompleteDays: 0,
  breakShortDays: 0,
  lateDays: 0,
  lateMinutes: 0,
  earlyLeaveDays: 0,
  earlyLeaveMinutes: 0,
  absentDays: 0,
  breakBelowLegalDays: 0,
  shortIntervalDays: 0,
  paidLeaveDays: 0,
  substituteLeaveDays: 0,
  transferHolidayDays: 0,
  paidLeaveHours: 0,
  scheduledDays: 0,
  overtimeOver60Minutes: 0,
  periodStatutoryOvertimeMinutes: 0,
  rounded30: null,
  legalHolidayWorkDays: 0,
  nonLegalHolidayWorkDays: 0,
});

/** What the days alone cannot give: 月60時間超 of the period and the 1か月単位 rounding (as month.ts monthTotals). */
export function finishTotals(t: FrozenTotals, rounding: boolean): FrozenTotals {
  const over60 = Math.max(0, t.statutoryOvertimeMinutes - MONTHLY_HIGH_RATE_THRESHOLD_MINUTES);
  return {
    ...t,
    overtimeOver60Minutes: over60,
    rounded30: rounding
      ? {
          overtimeMinutes: round30(t.scheduledOvertimeMinutes + t.statutoryOvertimeMinutes),
          statutoryOvertimeMinutes: round30(t.statutoryOvertimeMinutes),
          overtimeOver60Minutes: round30(over60),
          legalHolidayWorkMinutes: round30(t.legalHolidayWorkMinutes),
          lateNightMinutes: round30(t.lateNightMinutes),
        }
      : null,
  };
}

/** The schedule counts of the checklist, summed over every employee. */
const SCHEDULE_COUNTS = [
  'lateDays',
  'earlyLeaveDays',
  'absentDays',
  'breakBelowLegalDays',
  'shortIntervalDays',
] as const;

/** The CSV taken at closing: the same encoder, header and rows as the attendance export (UTF-8, BOM). */
async function closingCsv(rows: readonly Cell[][]): Promise<Buffer> {
  return buffer(csvStream([[...ATTENDANCE_HEADER], ...rows], 'utf8'));
}

/** Writes one object of a closing (the worker; readers use period-snapshot.ts getObject). */
async function putObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({ Bucket: env().EXPORTS_BUCKET!, Key: key, Body: body, ContentType: contentType }),
  );
}

export async function runClosing(event: ClosingEvent): Promise<void> {
  const { companyId, period, timeZone } = event;
  const closing = await findPeriodClosing(companyId, period);
  if (!closing || closing.status !== 'closing') return;
  const run = await startRun({
    take: (runId, now) => takePeriodClosing(companyId, period, runId, now),
    renew: (runId, now) => renewPeriodClosing(companyId, period, runId, now),
  });
  if (!run) return;
  try {
    const ctx = await rowsContext(companyId);
    // The same staff, in the same order, as an unfiltered attendance export of the period.
    const staff = chosenStaff(ctx.staff, {});
    await run.held(updateClosingRun(companyId, period, run.runId, { done: 0, total: staff.length }));
    const employees: FrozenEmployee[] = [];
    // The patterns the frozen days were scheduled by: a pattern edit checks these (pattern-routes.ts).
    const patternsUsed = new Set<string>();
    const p = { from: closing.from, to: closing.to, timeZone };
    const rounding = settingsOf(ctx.schedule.settings)(closing.to).monthlyRounding30;
    for (const [i, e] of staff.entries()) {
      await run.beat();
      const totals = zeroTotals();
      const rows: Cell[][] = [];
      for await (const { day, row } of employeeDays(companyId, e, ctx, p)) {
        rows.push(row);
        totals.leaveDays += day.leaveDays;
        if (day.leaveType === 0) totals.paidLeaveDays! += day.leaveDays;
        if (day.leaveType === 1) totals.substituteLeaveDays! += day.leaveDays;
        if (day.leaveType === 2) totals.transferHolidayDays! += day.leaveDays;
        if (day.leaveType === 0 && day.leaveUnit === 'hours') totals.paidLeaveHours! += day.leaveHours;
        if (day.schedule?.kind === 'pattern') {
          totals.scheduledDays!++;
          patternsUsed.add(day.schedule.pattern.id);
        }
        if (day.status === 'incomplete') totals.incompleteDays++;
        if (day.lateMinutes > 0) totals.lateDays!++;
        totals.lateMinutes! += day.lateMinutes;
        if (day.earlyLeaveMinutes > 0) totals.earlyLeaveDays!++;
        totals.earlyLeaveMinutes! += day.earlyLeaveMinutes;
        if (day.isAbsent) totals.absentDays!++;
        if (day.flags.includes('break_below_legal')) totals.breakBelowLegalDays!++;
        if (day.flags.includes('short_interval')) totals.shortIntervalDays!++;
        if (day.status !== 'complete') continue;
        totals.workedMinutes += day.workedMinutes;
        totals.scheduledOvertimeMinutes += day.scheduledOvertimeMinutes;
        totals.statutoryOvertimeMinutes += day.statutoryOvertimeMinutes;
        totals.periodStatutoryOvertimeMinutes! += day.periodStatutoryOvertimeMinutes;
        totals.lateNightMinutes += day.lateNightMinutes;
        totals.legalHolidayWorkMinutes += day.legalHolidayWorkMinutes;
        if (day.workedMinutes > 0) totals.workDays++;
        if (day.workedMinutes > 0 && day.legalHolidayWorkMinutes > 0) totals.legalHolidayWorkDays!++;
        else if (day.workedMinutes > 0 && day.calendar.isDayOff) totals.nonLegalHolidayWorkDays!++;
        // Days whose break (rule, pattern or none: not punched) is short of 34条. Until rule 2026.5 the
        // engine topped such breaks up and this counted the days it did; now it flags them instead.
        if (day.breakShortfallMinutes > 0 && day.breakSource !== 'punched') totals.breakShortDays++;
      }
      // The member's unit on the period's last day of their employment (a move applies from its date).
      const unit = assignmentOn(e, e.leaveDate && e.leaveDate < closing.to ? e.leaveDate : closing.to);
      employees.push({
        employeeId: e.employeeId,
        name: `${e.lastName} ${e.firstName}`,
        employeeNumber: e.employeeNumber ?? null,
        nameKana: e.nameKana ?? null,
        departmentId: unit.departmentId,
        employmentStatusId: unit.employmentStatusId,
        departmentName: unit.departmentId ? (ctx.deptName.get(unit.departmentId) ?? null) : null,
        employmentStatusName: unit.employmentStatusId ? (ctx.statusName.get(unit.employmentStatusId) ?? null) : null,
        totals: finishTotals(totals, rounding),
        rows,
      });
      if ((i + 1) % PROGRESS_EVERY === 0)
        await run.held(updateClosingRun(companyId, period, run.runId, { done: i + 1, total: staff.length }));
    }
    const closedAt = clock.now().toISOString();
    const snapshot: PeriodSnapshot = {
      period,
      from: closing.from,
      to: closing.to,
      timeZone,
      closedAt,
      header: [...ATTENDANCE_HEADER],
      employees,
    };
    const csv = await closingCsv(employees.flatMap((e) => e.rows));
    // Each run writes objects of its own: a dead run that wakes cannot overwrite the ones the closing names.
    const keys = closingKeys(companyId, period, `${event.run}-${run.runId}`);
    await run.beat();
    await putObject(keys.csvKey, csv, 'text/csv');
    await putObject(keys.snapshotKey, Buffer.from(JSON.stringify(snapshot), 'utf8'), 'application/json');
    await run.beat();
    const moved = await updateClosingRun(companyId, period, run.runId, {
      status: 'closed',
      closedAt,
      done: staff.length,
      total: staff.length,
      ...keys,
      csvSha256: createHash('sha256').update(csv).digest('hex'),
      employeeCount: staff.length,
      patternsUsed: [...patternsUsed].sort(),
      missingPunchDays: employees.reduce((n, e) => n + e.totals.incompleteDays, 0),
      breakShortDays: employees.reduce((n, e) => n + e.totals.breakShortDays, 0),
      ...Object.fromEntries(
        SCHEDULE_COUNTS.map((k) => [k, employees.reduce((n, e) => n + (e.totals[k] ?? 0), 0)] as const),
      ),
    });
    if (!moved) logger.warn('closing moved on while it ran', { period });
  } catch (error) {
    if (isLeaseLost(error)) return logger.warn('closing taken over by another run', { period });
    logger.error('closing failed', { period, error: error as Error });
    await updateClosingRun(companyId, period, run.runId, { status: 'failed' });
  }
}
