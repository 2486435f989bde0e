/**
 * Paid-leave data: grants (PaidLeaveGrant items) and takings (paid-leave requests, leaveType 0).
 * Balances are derived by the pure module (functions/domain/paid-leave) from these two lists, so
 * approving, rejecting or withdrawing a request changes the balance exactly once, by itself.
 */
import type { LeaveEmployee, LeaveGrant, LeaveTaking, WorkingPattern } from '../domain/paid-leave/index.js';
import {
  LEAVE_UNIT_MESSAGES,
  canTake,
  isReadableGrant,
  daysAndHours,
  hourDays,
  hourlyCapCheck,
  unitDays,
} from '../domain/paid-leave/index.js';
import type { LeaveUnit } from '../domain/worktime/schedule.js';
import { ConflictError, NotFoundError, awsErrorName } from '../shared/errors.js';
import { auditCommitted, auditInTransaction, auditNotCommitted } from './audit.js';
import { CONTENTION, backOff, conflictOrNull } from './contention.js';
import { outboxInTransaction, type OutboxMail } from './mail-outbox.js';
import { newId } from '../shared/ids.js';
import { MESSAGES } from '../shared/messages.js';
import { STATUS, assertRequestDaysOpen, guard, pendingItem, type NewRequest } from './requests.js';
import {
  currentLedger,
  leaveHolder,
  leaveStep,
  leaveStepFailed,
  ledgerFrom,
  ledgerGrant,
  ledgerTaking,
  type LedgerGrant,
  type LedgerHolder,
  type LeaveLedger,
} from './leave-ledger.js';
import { db, type Db } from './service.js';

export interface GrantRecord {
  companyId: string;
  employeeId: string;
  grantId: string;
  grantedOn: string;
  days: number;
  expiresOn: string;
  kind: 'statutory' | 'extra';
  source: 'auto' | 'manual';
  step?: number | undefined;
  table?: string | undefined;
  attendanceBasis?: string | undefined;
  reason?: string | undefined;
  createdBy: string;
  createdAt?: string | undefined;
}

/** The leave fields of an Employee item. */
export interface LeaveProfile {
  hireDate?: string | undefined;
  /** Paid-leave days the admin states were taken before the records began (the five-day duty). */
  leaveTakenBeforeRecords?: number | undefined;
  patternBasis?: 'week' | 'year' | undefined;
  daysPerWeek?: number | undefined;
  daysPerYear?: number | undefined;
  weeklyHours?: number | undefined;
}

/** Staff registered before patterns existed, or left blank: the ordinary full-time table. */
const FULL_TIME: WorkingPattern = { basis: 'week', daysPerWeek: 5, weeklyHours: 40 };

export function patternOf(p: LeaveProfile): WorkingPattern | null {
  if (p.patternBasis === 'week' && p.daysPerWeek !== undefined && p.weeklyHours !== undefined) {
    return { basis: 'week', daysPerWeek: p.daysPerWeek, weeklyHours: p.weeklyHours };
  }
  if (p.patternBasis === 'year' && p.daysPerYear !== undefined && p.weeklyHours !== undefined) {
    return { basis: 'year', daysPerYear: p.daysPerYear, weeklyHours: p.weeklyHours };
  }
  return null;
}

/**
 * The employee as the grant module sees them; null without a hire date (no automatic grants).
 * Only the current pattern is stored: the daily run makes each grant on its base date, so the
 * pattern in force that day is the one judged (施行規則 24条の3, status on the base date).
 */
export function leaveEmployeeOf(p: LeaveProfile): LeaveEmployee | null {
  if (!p.hireDate) return null;
  return { hireDate: p.hireDate, patterns: [{ from: p.hireDate, pattern: patternOf(p) ?? FULL_TIME }] };
}

const toLeaveGrant = (g: LedgerGrant): LeaveGrant => ({
  id: g.grantId,
  grantedOn: g.grantedOn,
  days: g.days,
  expiresOn: g.expiresOn,
  kind: g.kind,
});

/**
 * The grants the balance counts: every stored one the ledger can read. One stored with dates the
 * product no longer accepts (9999-12-31, before issue 30 item 8) is left out rather than make every
 * read of the member fail; the detail screen still lists it, for an admin to delete.
 */
export const leaveGrantsOf = (records: readonly LedgerGrant[]): LeaveGrant[] =>
  records.map(toLeaveGrant).filter(isReadableGrant);

/** Paid leave is managed for staff with a hire date or any grant; others file leave unchecked (入社日未登録). */
export const isManaged = (p: LeaveProfile, grants: readonly unknown[]) => Boolean(p.hireDate) || grants.length > 0;

interface LeaveRequestLike {
  requestId: string;
  date: string;
  status: number;
  leaveType?: number | undefined;
  leaveUnit?: LeaveUnit | undefined;
  leaveHours?: number | undefined;
  leaveDayHours?: number | undefined;
}

/**
 * The taking a paid-leave request stands for: 1 day, 0.5 for a half day, hours ÷ the day's worth
 * for 時間単位 (domain/paid-leave/units.ts). An hourly request stored without its day's worth (not
 * possible through the API) reads as 8 hours a day.
 */
function takingOfRequest(r: {
  requestId: string;
  date: string;
  leaveUnit?: LeaveUnit | undefined;
  leaveHours?: number | undefined;
  leaveDayHours?: number | undefined;
}): LeaveTaking {
  const unit = r.leaveUnit ?? 'day';
  if (unit !== 'hours' || r.leaveHours === undefined) return { id: r.requestId, date: r.date, days: unitDays(unit) };
  const dayHours = r.leaveDayHours ?? 8;
  return { id: r.requestId, date: r.date, days: hourDays(r.leaveHours, dayHours), hours: r.leaveHours, dayHours };
}

export interface Takings {
  /** Approved paid-leave days: they consume the balance. */
  approved: LeaveTaking[];
  /** Unapproved ones: they hold their days when a new request is checked. */
  pending: LeaveTaking[];
}

/** Paid-leave takings from leave requests (a missing leave type reads as 有給, as the request view does). */
export function takingsOf(requests: readonly LeaveRequestLike[]): Takings {
  const paid = requests.filter((r) => (r.leaveType ?? 0) === 0);
  return {
    approved: paid.filter((r) => r.status === STATUS.approved).map(takingOfRequest),
    pending: paid.filter((r) => r.status === STATUS.unapproved).map(takingOfRequest),
  };
}

/** One employee's grants, oldest first: one Query. */
export async function employeeGrants(
  companyId: string,
  employeeId: string,
  service: Db = db(),
): Promise<GrantRecord[]> {
  const { data } = await service.entities.PaidLeaveGrant.query
    .byEmployee({ companyId, employeeId })
    .go({ pages: 'all' });
  return data;
}

/** Every grant of a company, oldest first: one Query on gsi1. */
export async function companyGrants(companyId: string, service: Db = db()): Promise<GrantRecord[]> {
  const { data } = await service.entities.PaidLeaveGrant.query.byCompany({ companyId }).go({ pages: 'all' });
  return data;
}

/** One employee's leave requests (all types and states): one Query. */
export async function employeeLeaveRequests(companyId: string, employeeId: string, service: Db = db()) {
  const { data } = await service.entities.Request.query
    .byEmployee({ companyId, employeeId, kind: 'holiday' })
    .go({ pages: 'all' });
  return data;
}

/** Every leave request of a company, all dates: one Query on gsi2. */
export async function companyLeaveRequests(companyId: string, service: Db = db()) {
  const { data } = await service.entities.Request.query
    .byCompanyMonth({ companyId, kind: 'holiday' })
    .go({ pages: 'all' });
  return data;
}

/**
 * Conditional create: a grant id is written once; a rerun of the same grant answers 'exists'. The
 * grant enters the employee's ledger in the same transaction (db/leave-ledger.ts).
 */
export async function insertGrant(
  g: GrantRecord,
  service: Db = db(),
  opts: { active?: boolean; check?: (holder: LeaveProfile & { leaveDate?: string | undefined }) => void } = {},
): Promise<'created' | 'exists'> {
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const holder = await leaveHolder(g.companyId, g.employeeId, service);
    // `active`: a manual grant is for active staff only (a 404 like any other id).
    if (!holder || (opts.active && holder.status !== 'active')) throw new NotFoundError();
    // The caller's check of the member as read (a manual grant's date within the employment).
    opts.check?.(holder);
    const result = await service.transaction
      .write((entities) => [
        leaveStep(entities, holder, { grant: ledgerGrant(g) }, opts),
        entities.PaidLeaveGrant.create(g).commit(),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return 'created';
    if (result.data[1]?.code === 'ConditionalCheckFailed') return 'exists';
    if (!leaveStepFailed(result.data, 0)) throw new ConflictError();
  }
  throw new ConflictError();
}

/**
 * Deletes one grant of an active member (an admin's wrong entry, issue 30 item 8): the grant item, its
 * removal from the member's ledger and, in an audited request, the audit event (the grant as it was)
 * commit in one transaction, on condition no leave write came in between (`leaveSeq`), so the checks
 * `check` makes on the grant and the member's leave as read (used days, closed period, automatic grant)
 * still hold when it commits. Another company's or a retired member's grant, or none of that id: 404.
 */
export async function deleteGrant(
  companyId: string,
  employeeId: string,
  grantId: string,
  check: (grant: GrantRecord, leave: LeaveLedger) => void | Promise<void>,
  service: Db = db(),
): Promise<GrantRecord> {
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const holder = await leaveHolder(companyId, employeeId, service);
    if (!holder || holder.status !== 'active') throw new NotFoundError();
    const [records, leave] = await Promise.all([
      employeeGrants(companyId, employeeId, service),
      leaveInputs(companyId, [holder], service),
    ]);
    const grant = records.find((g) => g.grantId === grantId);
    if (!grant) throw new NotFoundError();
    await check(grant, leave.get(employeeId)!);
    const { grantedOn } = grant;
    const result = await service.transaction
      .write((entities) => [
        leaveStep(entities, holder, { dropGrant: grantId }, { active: true }),
        entities.PaidLeaveGrant.delete({ companyId, employeeId, grantedOn, grantId })
          .where((a, { exists }) => exists(a.grantId))
          .commit(),
        ...auditInTransaction(entities.AuditEvent, {
          companyId,
          targetId: grantId,
          before: { employee_id: employeeId, ...grantAudit(grant) },
          after: null,
        }),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null || (result.canceled && leaveStepFailed(result.data, 0))) {
      auditNotCommitted();
      continue;
    }
    if (result.canceled) throw new NotFoundError();
    auditCommitted();
    return grant;
  }
  throw new ConflictError();
}

/** What the audit trail keeps of a deleted grant: which, when, how many days, and who entered it why. */
const grantAudit = (g: GrantRecord) => ({
  grant_id: g.grantId,
  granted_on: g.grantedOn,
  days: g.days,
  expires_on: g.expiresOn,
  kind: g.kind,
  source: g.source,
  ...(g.reason !== undefined ? { reason: g.reason } : {}),
  created_by: g.createdBy,
});

const insufficient = (available: number, dayHours?: number) => {
  if (dayHours === undefined) return new ConflictError({ code: 'paid_leave.insufficient', params: { n: available } });
  // Hourly: what is left in days and hours ("残り0日と3時間"), the unit the employee asked in.
  const left = daysAndHours(available, dayHours);
  return new ConflictError({ code: 'paid_leave.insufficient_hours', params: { days: left.days, hours: left.hours } });
};

/** The hourly-leave agreement (39条4項) a 時間単位 filing is checked against. */
export interface HourlyAgreement {
  /** Days' worth of hourly leave a leave year (1–5). */
  daysPerYear: number;
}

/**
 * Files a paid-leave request (one day) only if the balance on its date covers it, counting the
 * employee's pending requests as held. The check and the write cannot be split by a second filing:
 * the write is conditional on the employee's `leaveSeq` being what the check read and bumps it, so
 * of two racing filings one commits and the other re-checks against the new state (and is refused
 * if the balance no longer covers it). Grants, decisions and withdrawals move the same counter
 * (db/leave-ledger.ts), so a filing also re-checks after any of them. Staff whose paid leave is not
 * managed yet (no hire date, no grant) file unchecked, but into the ledger all the same (a later grant
 * counts what they took).
 */
export async function filePaidLeaveRequest(
  r: NewRequest,
  service: Db = db(),
  hourly?: HourlyAgreement,
  mails: readonly OutboxMail[] = [],
) {
  const { companyId, employeeId } = r;
  await assertRequestDaysOpen(r, service);
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    // The employee (and its filing counter) first, strongly consistent, then the requests: a filing that
    // commits after the counter was read moves it, so the write below fails and this loop reads again.
    // Read together, the requests could predate a filing the counter already counts (found by 15
    // racing filings: 11 accepted against 10 days).
    // The ledger on the employee item is the grants and takings as of that counter (db/leave-ledger.ts);
    // a member stored before it (not backfilled yet) reads their grants and requests.
    const employee = await leaveHolder(companyId, employeeId, service);
    if (!employee || employee.status !== 'active') throw new NotFoundError();
    const { grants, takings: requests } = (await leaveInputs(companyId, [employee], service)).get(employeeId)!;
    const managed = isManaged(employee, grants);
    const hours = r.leaveUnit === 'hours' ? r.leaveHours : undefined;
    const taking = takingOfRequest({ ...r, requestId: '' });
    // Unmanaged staff file days unchecked; their hours still count toward the yearly cap.
    if (managed || hours !== undefined) {
      if (requests.some((q) => q.date === r.date && q.status !== STATUS.rejected))
        throw new ConflictError(MESSAGES.duplicateRequest);
      const { approved, pending } = takingsOf(requests);
      const held = [...approved, ...pending];
      const leaveGrants = leaveGrantsOf(grants);
      if (hours !== undefined && hourly) {
        // 39条4項: pending hours count, and the seq below stops two filings passing the cap together.
        const cap = hourlyCapCheck(leaveGrants, held, {
          date: r.date,
          hours,
          dayHours: taking.dayHours!,
          daysPerYear: hourly.daysPerYear,
        });
        if (!cap.ok) {
          const message = LEAVE_UNIT_MESSAGES.capReached(cap.leftHours, cap.capHours);
          throw new ConflictError(message, { hours: [message] });
        }
      }
      if (managed) {
        const check = canTake(leaveGrants, held, {
          date: r.date,
          days: taking.days,
          hours: taking.hours,
          dayHours: taking.dayHours,
        });
        if (!check.ok) throw insufficient(check.available, taking.dayHours);
      }
    }

    const item = { ...r, requestId: newId(), status: STATUS.unapproved, createdAt: new Date().toISOString() };
    const result = await service.transaction
      .write((entities) => [
        entities.UniqueValue.create({
          ...guard(companyId, employeeId, r.kind, r.date),
          ownerId: item.requestId,
        }).commit(),
        entities.Request.create(item).commit(),
        entities.PendingRequest.create(pendingItem(item)).commit(),
        leaveStep(entities, employee, { taking: ledgerTaking(item) }, { active: true }),
        // The admins' mail of the filing (services/notify.ts prepareMails) commits with it.
        ...outboxInTransaction(entities, mails),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return item;
    // A failed condition on the date's unique item is a duplicate; a TransactionConflict anywhere is a race.
    if (result.data[0]?.code === 'ConditionalCheckFailed') throw new ConflictError(MESSAGES.duplicateRequest);
    // Another filing (or a retirement) got in between: check again against what it wrote.
  }
  throw new ConflictError();
}

/**
 * The grants and paid-leave requests of a page of members: each current ledger as it is, and for a
 * member without one (stored before the ledger; not yet backfilled) their own two Queries. Bounded by
 * the page, not the company.
 */
export async function leaveInputs(
  companyId: string,
  members: readonly LedgerHolder[],
  service: Db = db(),
): Promise<Map<string, LeaveLedger>> {
  const out = new Map<string, LeaveLedger>();
  const stale: LedgerHolder[] = [];
  for (const m of members) {
    const ledger = currentLedger(m);
    if (ledger) out.set(m.employeeId, ledger);
    else stale.push(m);
  }
  await Promise.all(
    stale.map(async (m) => {
      const [grants, requests] = await Promise.all([
        employeeGrants(companyId, m.employeeId, service),
        employeeLeaveRequests(companyId, m.employeeId, service),
      ]);
      out.set(m.employeeId, ledgerFrom(grants, requests));
    }),
  );
  return out;
}

/**
 * Writes the leave ledger (db/leave-ledger.ts) of every member of the company without a current one:
 * staff stored before the ledger existed. Each from the member's grants and leave requests, on
 * condition no leave write came in between (`leaveSeq` unchanged; a member that lost that race is
 * left for a rerun, and its readers keep reading the member's own). Members with a current ledger are
 * left alone, so a rerun writes nothing. Returns how many were written.
 */
export async function backfillLeaveLedgers(companyId: string, service: Db = db()): Promise<number> {
  let written = 0;
  let cursor: string | null = null;
  do {
    const page: { data: (LedgerHolder & { employeeId: string })[]; cursor: string | null } =
      await service.entities.Employee.query
        .byCompany({ companyId })
        .go({ cursor, attributes: ['employeeId', 'leaveSeq', 'leaveLedger', 'leaveLedgerSeq'] });
    for (const m of page.data.filter((x) => !currentLedger(x))) {
      const seq = m.leaveSeq ?? 0;
      const [grants, requests] = await Promise.all([
        employeeGrants(companyId, m.employeeId, service),
        employeeLeaveRequests(companyId, m.employeeId, service),
      ]);
      const done = await service.entities.Employee.patch({ companyId, employeeId: m.employeeId })
        .set({ leaveLedger: ledgerFrom(grants, requests), leaveLedgerSeq: seq })
        .where((a, { eq, notExists }) => (seq === 0 ? notExists(a.leaveSeq) : eq(a.leaveSeq, seq)))
        .go({ response: 'none' })
        .then(
          () => true,
          (error: unknown) => {
            if (awsErrorName(error) === 'ConditionalCheckFailedException') return false;
            throw error;
          },
        );
      if (done) written++;
    }
    cursor = page.cursor;
  } while (cursor);
  return written;
}
