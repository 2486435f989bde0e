import type { RequestKind } from './entities/request.js';
import type { LeaveUnit } from '../domain/worktime/schedule.js';
import { newId } from '../shared/ids.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';
import { auditCommitted, auditInTransaction } from './audit.js';
import { assertDatesOpen } from './period-closings.js';
import { db, type Db } from './service.js';

export type { RequestKind };

export const STATUS: { unapproved: number; approved: 1; rejected: 2 } = { unapproved: 0, approved: 1, rejected: 2 };

/** The per-(employee, kind, date) guard item; exported for the paid-leave filing, which writes the same guard. */
export const guard = (companyId: string, employeeId: string, kind: RequestKind, date: string) => ({
  partition: `c#${companyId}#e#${employeeId}`,
  value: `req#${kind}#${date}`,
});

/** A 振替's second guard: one holiday can be swapped by one live request only. */
const transferGuard = (companyId: string, employeeId: string, workDate: string) => ({
  partition: `c#${companyId}#e#${employeeId}`,
  value: `req#transfer-work#${workDate}`,
});

export interface NewRequest {
  companyId: string;
  employeeId: string;
  employeeName: string;
  kind: RequestKind;
  date: string;
  leaveType?: number | undefined;
  /** Leave only: 終日 (absent = day) / 午前半休 / 午後半休 / 時間単位 (domain/paid-leave/units.ts). */
  leaveUnit?: LeaveUnit | undefined;
  /** 時間単位 only: whole hours, and a day's worth in hours (the day's scheduled hours rounded up). */
  leaveHours?: number | undefined;
  leaveDayHours?: number | undefined;
  /** 振替休日 (leave type 2) only: the day off to be worked; `date` becomes the day off. */
  workDate?: string | undefined;
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
  ...(r.leaveUnit === undefined ? {} : { leaveUnit: r.leaveUnit }),
  ...(r.leaveHours === undefined ? {} : { leaveHours: r.leaveHours }),
  ...(r.workDate === undefined ? {} : { workDate: r.workDate }),
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
  assertDatesOpen(r.companyId, requestDays(r), service);

/** The days a request touches, by the body field that names each: a 振替 has two. */
const requestDays = (r: { date: string; workDate?: string | undefined }) =>
  r.workDate ? { date: r.date, work_date: r.workDate } : { date: r.date };

/**
 * The request and a per-(employee, kind, date) guard in one transaction: a duplicate is refused
 * atomically. A 振替 also guards its work date, so one holiday is never swapped twice.
 */
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
      ...(r.workDate === undefined
        ? []
        : [
            UniqueValue.create({
              ...transferGuard(r.companyId, r.employeeId, r.workDate),
              ownerId: item.requestId,
            }).commit(),
          ]),
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
  await assertDatesOpen(companyId, requestDays(req), service);
  const result = await service.transaction
    .write(({ Request, UniqueValue, PendingRequest }) => [
      Request.delete({ companyId, requestId })
        .where((a, { eq }) => `${eq(a.status, STATUS.unapproved)} AND ${eq(a.employeeId, employeeId)}`)
        .commit(),
      UniqueValue.delete(guard(companyId, employeeId, kind, req.date)).commit(),
      ...(req.workDate === undefined
        ? []
        : [UniqueValue.delete(transferGuard(companyId, employeeId, req.workDate)).commit()]),
      PendingRequest.delete(pendingKey(companyId, req)).commit(),
    ])
    .go();
  if (result.canceled) throw new ConflictError(MESSAGES.requestAlreadyDecided);
  return { id: requestId };
}

/** What an approved leave request writes on its day besides the leave type. */
export function leaveOfDay(req: { leaveUnit?: LeaveUnit | undefined; leaveHours?: number | undefined }) {
  const unit = req.leaveUnit ?? 'day';
  return {
    leaveUnit: unit,
    leaveDays: unit === 'hours' ? 0 : unit === 'day' ? 1 : 0.5,
    ...(unit === 'hours' && req.leaveHours !== undefined ? { leaveHours: req.leaveHours } : {}),
  };
}

/**
 * Approve (1) or reject (2) an unapproved request. The decision is conditional on status 0, so of two
 * admins deciding at once exactly one wins. Approving marks the day in the employee's month in the
 * same transaction (the leave type, or that its overtime / holiday work is approved, which the engine
 * reads with the punches to clear the day's 未承認 warning); rejecting frees the date for a new request.
 * Approving a 振替 (leave type 2 with a work date) marks both days: the swap day a day off (with the
 * leave type), the worked holiday a working day, each naming the other (AttendanceDay.dayOverride);
 * rejecting frees both dates. A decided request never changes again, so nothing is ever unmarked.
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
  await assertDatesOpen(companyId, requestDays(req), service);
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
                  ? {
                      leaveType: req.leaveType ?? 0,
                      // The unit and the days it counts (0.5 for a half day, 0 for hours) go with it,
                      // so the engine and the month's paid-leave days read them from the day.
                      ...leaveOfDay(req),
                      ...(req.workDate === undefined
                        ? {}
                        : { dayOverride: 'day_off' as const, transferPartner: req.workDate }),
                    }
                  : kind === 'over_work'
                    ? { overWorkApproved: true }
                    : { holidayWorkApproved: true },
              )
              .commit(),
            ...(kind === 'holiday' && req.workDate !== undefined
              ? [
                  AttendanceDay.update({ companyId, employeeId: req.employeeId, workDate: req.workDate })
                    .set({ dayOverride: 'working', transferPartner: req.date })
                    .commit(),
                ]
              : []),
          ]
        : []),
      ...(status === STATUS.rejected
        ? [
            UniqueValue.delete(guard(companyId, req.employeeId, kind, req.date)).commit(),
            ...(req.workDate === undefined
              ? []
              : [UniqueValue.delete(transferGuard(companyId, req.employeeId, req.workDate)).commit()]),
          ]
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
