/**
 * 締め日 versions and payroll-period closings (entities payroll-setting.ts and period-closing.ts), and
 * the guard every write that can change a day calls: a closed period's figures are frozen, so a
 * correction, request, decision, deletion or settings version that would change one of its days is
 * refused with a message that names the period. The guard is one Query of the company's closings.
 */
import type { ClosingStatus } from './entities/period-closing.js';
import { monthDayLabel, periodLabel, type PayrollVersion } from '../domain/payroll-period.js';
import { JOB_LEASE_MS, leaseFrom } from '../domain/job-lease.js';
import { ConflictError, awsErrorName } from '../shared/errors.js';
import { conditionHeld, heldBy, takeable } from './job-leases.js';
import { db, type Db } from './service.js';

/** Every version of the company's 締め日, oldest first: one Query. */
export async function payrollVersions(companyId: string, service: Db = db()): Promise<PayrollVersion[]> {
  const { data } = await service.entities.PayrollSetting.query.byCompany({ companyId }).go({ pages: 'all' });
  return payrollVersionsOf(data);
}

/** The stored 締め日 items as versions, oldest first (also read with the settings partition, db/schedules.ts). */
export function payrollVersionsOf(
  data: readonly { effectiveFrom: string; closingDay: number; updatedAt?: string | undefined }[],
): PayrollVersion[] {
  return data
    .map((v) => ({ effectiveFrom: v.effectiveFrom, closingDay: v.closingDay, updatedAt: v.updatedAt }))
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/** Saves the version of its effectiveFrom day (a put: replaces one saved for the same day). */
export async function putPayrollVersion(companyId: string, v: PayrollVersion, service: Db = db()): Promise<void> {
  await service.entities.PayrollSetting.put({
    companyId,
    effectiveFrom: v.effectiveFrom,
    closingDay: v.closingDay,
  }).go({ response: 'none' });
}

export interface Closing {
  period: string;
  from: string;
  to: string;
  status: ClosingStatus;
  closedAt?: string | undefined;
  closedBy?: string | undefined;
  reopenedAt?: string | undefined;
  reopenedBy?: string | undefined;
  reopenReason?: string | undefined;
  done?: number | undefined;
  total?: number | undefined;
  snapshotKey?: string | undefined;
  csvKey?: string | undefined;
  csvSha256?: string | undefined;
  employeeCount?: number | undefined;
  missingPunchDays?: number | undefined;
  breakShortDays?: number | undefined;
  lateDays?: number | undefined;
  earlyLeaveDays?: number | undefined;
  absentDays?: number | undefined;
  breakBelowLegalDays?: number | undefined;
  shortIntervalDays?: number | undefined;
  patternsUsed?: string[] | undefined;
  /** The closing job's run and lease (domain/job-lease.ts); absent before leases. */
  runId?: string | undefined;
  leaseUntil?: number | undefined;
  updatedAt?: string | undefined;
}

/** Every closing of the company, oldest period first: one Query. */
export async function periodClosings(companyId: string, service: Db = db()): Promise<Closing[]> {
  const { data } = await service.entities.PeriodClosing.query.byCompany({ companyId }).go({ pages: 'all' });
  return [...data].sort((a, b) => a.period.localeCompare(b.period));
}

/** Writes a closing item whole (the closing job, the reopen route, tests). */
export async function putPeriodClosing(companyId: string, closing: Closing, service: Db = db()): Promise<void> {
  const defined = Object.fromEntries(Object.entries(closing).filter(([, v]) => v !== undefined)) as Closing;
  const { updatedAt: _ignored, ...rest } = defined;
  await service.entities.PeriodClosing.put({ companyId, ...rest }).go({ response: 'none' });
}

/** A closing freezes its days from the moment the job starts (`closing`) until it is reopened. */
export const isFrozen = (c: Pick<Closing, 'status'>) => c.status === 'closing' || c.status === 'closed';

/** The frozen closing that covers any day of `from`–`to`, or null. Pure. */
export function frozenClosingOver(closings: readonly Closing[], from: string, to: string = from): Closing | null {
  return closings.find((c) => isFrozen(c) && c.from <= to && from <= c.to) ?? null;
}

/** 「2026年10月度（10月1日〜10月31日）は締め済みのため変更できません。…」 */
export function closedMessage(c: Pick<Closing, 'period' | 'from' | 'to'>): string {
  return `${periodLabel({ id: c.period, from: c.from, to: c.to })}は締め済みのため変更できません。変更が必要な場合は管理者が締めを解除してください。`;
}

/**
 * Refuses (409, nothing written) a change to any day of `from`–`to` that lies in a closed period.
 * `field` names the body field the SPA shows the message next to (e.g. `date`).
 */
export async function assertDaysOpen(
  companyId: string,
  from: string,
  to: string = from,
  field = 'date',
  service: Db = db(),
  /** The company's closings when already read (db/schedules.ts scheduleSettings): no Query then. */
  closings?: readonly Closing[],
): Promise<void> {
  const closed = frozenClosingOver(closings ?? (await periodClosings(companyId, service)), from, to);
  if (closed) throw new ConflictError(closedMessage(closed), { [field]: [closedMessage(closed)] });
}

/**
 * Refuses a settings version whose `effective_from` lies on or before the last day of a closed period:
 * it would change that period's figures. One Query.
 */
export async function assertEffectiveFromOpen(
  companyId: string,
  effectiveFrom: string,
  field = 'effective_from',
  service: Db = db(),
  /** The company's closings when already read: no Query then. */
  read?: readonly Closing[],
): Promise<void> {
  const closings = (read ?? (await periodClosings(companyId, service))).filter(isFrozen);
  const last = closings.filter((c) => c.to >= effectiveFrom).sort((a, b) => b.to.localeCompare(a.to))[0];
  if (!last) return;
  const message = `${periodLabel({ id: last.period, from: last.from, to: last.to })}は締め済みです。適用開始日は${monthDayLabel(last.to)}より後の日付にしてください。`;
  throw new ConflictError(message, { [field]: [message] });
}

/**
 * assertDaysOpen for a change that names several days in separate fields (a request and, for a 振替,
 * its second day): `{ date: '2026-10-05', work_date: '2026-10-11' }`. Still one Query; the field
 * error goes on the first field whose day is closed.
 */
export async function assertDatesOpen(
  companyId: string,
  fields: Readonly<Record<string, string | undefined>>,
  service: Db = db(),
): Promise<void> {
  const closings = await periodClosings(companyId, service);
  for (const [field, day] of Object.entries(fields)) {
    const closed = day === undefined ? null : frozenClosingOver(closings, day);
    if (closed) throw new ConflictError(closedMessage(closed), { [field]: [closedMessage(closed)] });
  }
}
/** One closing of the company (GetItem), or null. */
export async function findPeriodClosing(
  companyId: string,
  period: string,
  service: Db = db(),
): Promise<Closing | null> {
  const { data } = await service.entities.PeriodClosing.get({ companyId, period }).go();
  return data;
}

/**
 * Starts a closing: writes the item with status `closing` (from this moment the guard refuses writes to
 * its days) only where the period has no closing yet, its last one was reopened or failed, or its
 * closing job died (`closing` and not heard from within its lease, `now` in epoch ms: the new closing
 * replaces it, and the dead run can no longer write to it); answers false, writing nothing, when another
 * request closed or is closing it (one conditional PutItem).
 */
export async function beginPeriodClosing(
  companyId: string,
  closing: Closing,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  const defined = Object.fromEntries(Object.entries(closing).filter(([, v]) => v !== undefined)) as Closing;
  const { updatedAt: _ignored, ...rest } = defined;
  const heardBefore = new Date(now - JOB_LEASE_MS).toISOString();
  try {
    await service.entities.PeriodClosing.put({ companyId, ...rest })
      .where(
        (a, { notExists, eq, lt }) =>
          `${notExists(a.period)} OR ${eq(a.status, 'reopened')} OR ${eq(a.status, 'failed')} OR (${eq(
            a.status,
            'closing',
          )} AND (${lt(a.leaseUntil, now)} OR (${notExists(a.leaseUntil)} AND ${lt(a.updatedAt, heardBefore)})))`,
      )
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * The closing job takes the period's closing for run `runId`: it is `closing` and waits for its first
 * run, or its last run's lease ran out. False when another run holds it or it is no longer closing.
 */
export async function takePeriodClosing(
  companyId: string,
  period: string,
  runId: string,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.PeriodClosing.patch({ companyId, period })
      .set({ runId, leaseUntil: leaseFrom(now) })
      .where(takeable(['closing'], now) as never)
      .go({ response: 'none' }),
  );
}

/** Renews the lease of the closing job's run `runId`; false when the closing no longer names it. */
export async function renewPeriodClosing(
  companyId: string,
  period: string,
  runId: string,
  now: number,
  service: Db = db(),
): Promise<boolean> {
  return conditionHeld(() =>
    service.entities.PeriodClosing.patch({ companyId, period })
      .set({ leaseUntil: leaseFrom(now) })
      .where(heldBy(runId) as never)
      .go({ response: 'none' }),
  );
}

type ClosingChanges = Partial<Omit<Closing, 'period' | 'updatedAt'>>;

/**
 * The closing job's progress and result, written by run `runId` only while the closing is still
 * `closing` under that run (one conditional UpdateItem); false, writing nothing, otherwise.
 */
export async function updateClosingRun(
  companyId: string,
  period: string,
  runId: string,
  changes: ClosingChanges,
  service: Db = db(),
): Promise<boolean> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ClosingChanges;
  return conditionHeld(() =>
    service.entities.PeriodClosing.patch({ companyId, period })
      .set(set)
      .where((a, { eq }) => `${eq(a.status, 'closing')} AND ${eq(a.runId, runId)}`)
      .go({ response: 'none' }),
  );
}

/**
 * Moves a closing on (the job's progress, its result, a reopening) only while it has status `from`
 * (one conditional UpdateItem); answers false, writing nothing, when it no longer has.
 */
export async function updatePeriodClosing(
  companyId: string,
  period: string,
  from: Closing['status'],
  changes: ClosingChanges,
  service: Db = db(),
): Promise<boolean> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as ClosingChanges;
  try {
    await service.entities.PeriodClosing.patch({ companyId, period })
      .set(set)
      .where((a, { eq }) => eq(a.status, from))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * The company's unapproved requests dated `from`–`to` (the pending partition, one Query whatever the
 * company's size): the closing checklist's 未承認の申請.
 */
export async function pendingRequestsBetween(companyId: string, from: string, to: string, service: Db = db()) {
  const { data } = await service.entities.PendingRequest.query
    .byCompany({ companyId })
    .between({ date: from }, { date: `${to}~` })
    .go({ pages: 'all' });
  return data.filter((r) => r.date >= from && r.date <= to);
}
