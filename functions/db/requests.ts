import type { RequestKind } from './entities/request.js';
import { newId } from '../shared/ids.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';
import { auditCommitted, auditInTransaction } from './audit.js';
import { assertDatesOpen, assertDaysOpen } from './period-closings.js';
import { db, type Db } from './service.js';

export type { RequestKind };

export const STATUS: { unapproved: number; approved: 1; rejected: 2 } = { unapproved: 0, approved: 1, rejected: 2 };

/** The per-(employee, kind, date) guard item; exported for the paid-leave filing, which writes the same guard. */
export const guard = (companyId: string, employeeId: string, kind: RequestKind, date: string) => ({
  partition: `c#${companyId}#e#${employeeId}`,
  value: `req#${kind}#${date}`,
});

export interface NewRequest {
  companyId: string;
  employeeId: string;
  employeeName: string;
  kind: RequestKind;
  date: string;
  leaveType?: number | undefined;
  reason: string;
}

/**
 * The request's item in the company's 未処理 list (entities/pending-request.ts); every transaction that
 * files a request creates it, and every one that decides or withdraws it deletes it.
 */
export const pendingItem = (r: NewRequest & { requestId: string; createdAt: string }) => ({
  companyId: r.companyId,
  requestId: r.requestId,
  kind: r.kind,
  date: r.date,
  employeeId: r.employeeId,
  employeeName: r.employeeName,
  ...(r.leaveType === undefined ? {} : { leaveType: r.leaveType }),
  reason: r.reason,
  createdAt: r.createdAt,
});

const pendingKey = (companyId: string, r: { requestId: string; date: string }) => ({
  companyId,
  requestId: r.requestId,
  date: r.date,
});

/**
 * Refuses (409 on the field naming it) a request for a day of a closed payroll period: filing one
 * adds a pending item to a frozen day. One Query. Every filing runs it first (fileRequest,
 * filePaidLeaveRequest); a 振替 adds its second day here (`work_date`).
 */
export const assertRequestDaysOpen = (r: NewRequest, service: Db = db()) =>
  assertDatesOpen(r.companyId, { date: r.date }, service);

/** The request and a per-(employee, kind, date) guard in one transaction: a duplicate is refused atomically. */
export async function fileRequest(r: NewRequest, service: Db = db()) {
  await assertRequestDaysOpen(r, service);
  return insertRequest(r, service);
}

/** fileRequest without the closed-period check, for a filing that has just run it (filePaidLeaveRequest). */
export async function insertRequest(r: NewRequest, service: Db = db()) {
  const item = { ...r, requestId: newId(), status: STATUS.unapproved, createdAt: new Date().toISOString() };
  const g = guard(r.companyId, r.employeeId, r.kind, r.date);
  const result = await service.transaction
    .write(({ Request, UniqueValue, PendingRequest }) => [
      UniqueValue.create({ ...g, ownerId: item.requestId }).commit(),
      Request.create(item).commit(),
      PendingRequest.create(pendingItem(item)).commit(),
    ])
    .go();
  if (result.canceled) throw new ConflictError(MESSAGES.duplicateRequest);
  return item;
}

/** One request by id inside the company (GetItem), or 404. */
export async function requestById(companyId: string, requestId: string, kind: RequestKind, service: Db = db()) {
  const { data } = await service.entities.Request.get({ companyId, requestId }).go();
  if (!data || data.kind !== kind) throw new NotFoundError();
  return data;
}

/** An employee's requests of one kind, newest date first: one Query. */
export async function employeeRequests(companyId: string, employeeId: string, kind: RequestKind, service: Db = db()) {
  const { data } = await service.entities.Request.query
    .byEmployee({ companyId, employeeId, kind })
    .go({ order: 'desc', pages: 'all' });
  return data;
}

/** A company's requests of one kind in a month: one Query. */
export async function companyMonthRequests(
  companyId: string,
  kind: RequestKind,
  yearMonth: string,
  service: Db = db(),
) {
  const { data } = await service.entities.Request.query
    .byCompanyMonth({ companyId, kind })
    .begins({ date: yearMonth })
    .go({ pages: 'all' });
  return data;
}

/** A page of the company's unapproved requests of every kind and month, oldest date first: one Query. */
export async function pendingPage(companyId: string, limit: number, cursor: string | null, service: Db = db()) {
  const { data, cursor: next } = await service.entities.PendingRequest.query
    .byCompany({ companyId })
    .go({ limit, cursor });
  return { requests: data, cursor: next };
}

/**
 * How many requests wait for a decision, counted up to `cap` (one Query page of at most `cap` keys):
 * beyond it the menu says "99+", so the count never reads more than the cap whatever the backlog.
 */
export async function pendingCount(companyId: string, cap: number, service: Db = db()) {
  const { data } = await service.entities.PendingRequest.query
    .byCompany({ companyId })
    .go({ limit: cap, attributes: ['requestId'] });
  return data.length;
}

/** Withdraw: only the owner, only while unapproved (conditional), and the date guard goes with it. */
export async function withdrawRequest(
  companyId: string,
  employeeId: string,
  requestId: string,
  kind: RequestKind,
  service: Db = db(),
) {
  const req = await requestById(companyId, requestId, kind, service);
  if (req.employeeId !== employeeId) throw new NotFoundError();
  if (req.status !== STATUS.unapproved) throw new ConflictError(MESSAGES.requestAlreadyDecided);
  // Withdrawing changes what a closed period recorded for its day (the request is part of it).
  await assertDaysOpen(companyId, req.date, req.date, 'date', service);
  const result = await service.transaction
    .write(({ Request, UniqueValue, PendingRequest }) => [
      Request.delete({ companyId, requestId })
        .where((a, { eq }) => `${eq(a.status, STATUS.unapproved)} AND ${eq(a.employeeId, employeeId)}`)
        .commit(),
      UniqueValue.delete(guard(companyId, employeeId, kind, req.date)).commit(),
      PendingRequest.delete(pendingKey(companyId, req)).commit(),
    ])
    .go();
  if (result.canceled) throw new ConflictError(MESSAGES.requestAlreadyDecided);
  return { id: requestId };
}

/**
 * Approve (1) or reject (2) an unapproved request. The decision is conditional on status 0, so of two
 * admins deciding at once exactly one wins. Approving marks the day in the employee's month in the
 * same transaction (the leave type, or that its overtime / holiday work is approved, which the engine
 * reads with the punches to clear the day's 未承認 warning); rejecting frees the date for a new request.
 */
export async function decideRequest(
  companyId: string,
  requestId: string,
  kind: RequestKind,
  status: 1 | 2,
  adminId: string,
  service: Db = db(),
) {
  const req = await requestById(companyId, requestId, kind, service);
  if (req.status !== STATUS.unapproved) throw new ConflictError(MESSAGES.decisionConflict);
  // A closed period is frozen as it was closed, its unapproved requests included (the closing screen
  // lists them as blockers): approving would change the day's figures, rejecting its record. Both wait
  // for the admin to reopen the period.
  await assertDaysOpen(companyId, req.date, req.date, 'date', service);
  const decidedAt = new Date().toISOString();
  const result = await service.transaction
    .write(({ Request, AttendanceDay, UniqueValue, AuditEvent, PendingRequest }) => [
      Request.patch({ companyId, requestId })
        .set({ status, decidedAt, decidedBy: adminId })
        .where((a, { eq }) => eq(a.status, STATUS.unapproved))
        .commit(),
      PendingRequest.delete(pendingKey(companyId, req)).commit(),
      ...(status === STATUS.approved
        ? [
            AttendanceDay.update({ companyId, employeeId: req.employeeId, workDate: req.date })
              .set(
                kind === 'holiday'
                  ? { leaveType: req.leaveType ?? 0 }
                  : kind === 'over_work'
                    ? { overWorkApproved: true }
                    : { holidayWorkApproved: true },
              )
              .commit(),
          ]
        : []),
      ...(status === STATUS.rejected
        ? [UniqueValue.delete(guard(companyId, req.employeeId, kind, req.date)).commit()]
        : []),
      // In an audited request, its audit event commits with the decision.
      ...auditInTransaction(AuditEvent, {
        companyId,
        targetId: requestId,
        before: { status: req.status },
        result: { status, decidedAt, decidedBy: adminId },
      }),
    ])
    .go();
  if (result.canceled) throw new ConflictError(MESSAGES.decisionConflict);
  auditCommitted();
  return { ...req, status, decidedAt, decidedBy: adminId };
}
