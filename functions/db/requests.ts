import { clock } from '../shared/clock.js';
import type { RequestKind } from './entities/request.js';
import type { LeaveUnit } from '../domain/worktime/schedule.js';
import { newId } from '../shared/ids.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';
import { auditCommitted, auditInTransaction, auditNotCommitted } from './audit.js';
import { CONTENTION, backOff, conflictOrNull } from './contention.js';
import {
  isPaidLeave,
  leaveHolder,
  leaveStep,
  leaveStepFailed,
  ledgerTaking,
  type LedgerChange,
} from './leave-ledger.js';
import { assertDatesOpen, assertDaysOpen } from './period-closings.js';
import { findDay } from './attendance.js';
import { outboxInTransaction, type OutboxMail } from './mail-outbox.js';
import { applyCorrection } from './modifications.js';
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
  /** Overtime only: 予定開始・予定終了 ("HH:MM"), the end on the next day when plannedEndNextDay. */
  plannedStart?: string | undefined;
  plannedEnd?: string | undefined;
  plannedEndNextDay?: boolean | undefined;
  /** Correction only (打刻修正の承認): the day when filed and what the correction sets (see entities/request.ts). */
  dayVersion?: string | undefined;
  beforePunchInAt?: string | undefined;
  beforePunchOutAt?: string | undefined;
  beforeBreaks?: StoredBreak[] | undefined;
  afterPunchInAt?: string | undefined;
  afterPunchOutAt?: string | undefined;
  afterBreaks?: StoredBreak[] | undefined;
}

type StoredBreak = { startAt: string; endAt?: string | undefined };

/** The optional fields a request carries into its 未処理 item (absent ones stay absent). */
const COPIED = [
  'leaveType',
  'leaveUnit',
  'leaveHours',
  'workDate',
  'plannedStart',
  'plannedEnd',
  'plannedEndNextDay',
  'dayVersion',
  'beforePunchInAt',
  'beforePunchOutAt',
  'beforeBreaks',
  'afterPunchInAt',
  'afterPunchOutAt',
  'afterBreaks',
] as const;

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
  ...definedOf(r),
  reason: r.reason,
  createdAt: r.createdAt,
});

const definedOf = (r: NewRequest): Partial<Pick<NewRequest, (typeof COPIED)[number]>> =>
  Object.fromEntries(COPIED.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));

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
 * atomically. A 振替 also guards its work date, so one holiday is never swapped twice. The mails the
 * filing causes (services/notify.ts prepareMails) are stored in the same transaction.
 */
export async function fileRequest(r: NewRequest, service: Db = db(), mails: readonly OutboxMail[] = []) {
  await assertRequestDaysOpen(r, service);
  return insertRequest(r, service, mails);
}

/**
 * fileRequest without the closed-period check. Paid leave filed this way (the demo seed; the API files
 * it through filePaidLeaveRequest, which checks the balance) still enters the employee's ledger in the
 * same transaction (db/leave-ledger.ts).
 */
async function insertRequest(r: NewRequest, service: Db = db(), mails: readonly OutboxMail[] = []) {
  const paid = isPaidLeave(r);
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const holder = paid ? await leaveHolder(r.companyId, r.employeeId, service) : null;
    if (paid && !holder) throw new NotFoundError();
    const item = { ...r, requestId: newId(), status: STATUS.unapproved, createdAt: clock.now().toISOString() };
    const g = guard(r.companyId, r.employeeId, r.kind, r.date);
    const result = await service.transaction
      .write((entities) => [
        entities.UniqueValue.create({ ...g, ownerId: item.requestId }).commit(),
        ...(r.workDate === undefined
          ? []
          : [
              entities.UniqueValue.create({
                ...transferGuard(r.companyId, r.employeeId, r.workDate),
                ownerId: item.requestId,
              }).commit(),
            ]),
        entities.Request.create(item).commit(),
        entities.PendingRequest.create(pendingItem(item)).commit(),
        ...outboxInTransaction(entities, mails),
        // Last: a failed ledger step is told by its position.
        ...(holder ? [leaveStep(entities, holder, { taking: ledgerTaking(item) })] : []),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return item;
    if (holder && leaveStepFailed(result.data, result.data.length - 1)) continue;
    throw new ConflictError(MESSAGES.duplicateRequest);
  }
  throw new ConflictError();
}

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

/** A page of the company's requests of one kind in a month, by date: one Query page (`cursor` the store's, for the next). */
export async function companyMonthRequestsPage(
  companyId: string,
  kind: RequestKind,
  yearMonth: string,
  limit: number,
  cursor: string | null,
  service: Db = db(),
) {
  const { data, cursor: next } = await service.entities.Request.query
    .byCompanyMonth({ companyId, kind })
    .begins({ date: yearMonth })
    .go({ limit, cursor });
  return { rows: data, cursor: next };
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
  // A paid-leave request leaves the employee's ledger in the same transaction (db/leave-ledger.ts).
  const paid = isPaidLeave(req);
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const holder = paid ? await leaveHolder(companyId, employeeId, service) : null;
    const result = await service.transaction
      .write((entities) => [
        ...(holder ? [leaveStep(entities, holder, { drop: requestId })] : []),
        entities.Request.delete({ companyId, requestId })
          .where((a, { eq }) => `${eq(a.status, STATUS.unapproved)} AND ${eq(a.employeeId, employeeId)}`)
          .commit(),
        entities.UniqueValue.delete(guard(companyId, employeeId, kind, req.date)).commit(),
        ...(req.workDate === undefined
          ? []
          : [entities.UniqueValue.delete(transferGuard(companyId, employeeId, req.workDate)).commit()]),
        entities.PendingRequest.delete(pendingKey(companyId, req)).commit(),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return { id: requestId };
    if (holder && leaveStepFailed(result.data, 0)) continue;
    throw new ConflictError(MESSAGES.requestAlreadyDecided);
  }
  throw new ConflictError();
}

/** What a decision does to a paid-leave request's place in the ledger: approved it uses its days, rejected it leaves. */
const decisionChange = (req: Decided, status: 1 | 2): LedgerChange =>
  status === STATUS.approved ? { taking: ledgerTaking({ ...req, status }) } : { drop: req.requestId };

/** What an approved leave request writes on its day besides the leave type. */
function leaveOfDay(req: { leaveUnit?: LeaveUnit | undefined; leaveHours?: number | undefined }) {
  const unit = req.leaveUnit ?? 'day';
  return {
    leaveUnit: unit,
    leaveDays: unit === 'hours' ? 0 : unit === 'day' ? 1 : 0.5,
    ...(unit === 'hours' && req.leaveHours !== undefined ? { leaveHours: req.leaveHours } : {}),
  };
}

type TransactionEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];
type Decided = Awaited<ReturnType<typeof requestById>>;

/** What every decision writes: the conditional status change (with its reason) and the 未処理 item's delete. */
const decisionItems = (
  { Request, PendingRequest, UniqueValue }: TransactionEntities,
  req: Decided,
  d: { status: 1 | 2; decidedAt: string; adminId: string; reason: string },
) => [
  Request.patch({ companyId: req.companyId, requestId: req.requestId })
    .set({
      status: d.status,
      decidedAt: d.decidedAt,
      decidedBy: d.adminId,
      ...(d.reason ? { decisionReason: d.reason } : {}),
    })
    .where((a, { eq }) => eq(a.status, STATUS.unapproved))
    .commit(),
  PendingRequest.delete(pendingKey(req.companyId, req)).commit(),
  // A rejection frees the date for a new request; a decided correction too (the day can be corrected again).
  ...(d.status === STATUS.rejected || req.kind === 'correction'
    ? [
        UniqueValue.delete(guard(req.companyId, req.employeeId, req.kind, req.date)).commit(),
        ...(req.workDate === undefined
          ? []
          : [UniqueValue.delete(transferGuard(req.companyId, req.employeeId, req.workDate)).commit()]),
      ]
    : []),
];

/**
 * Approve (1) or reject (2) an unapproved request, with the admin's reason (理由, '' for none), which the
 * employee sees. The decision is conditional on status 0, so of two
 * admins deciding at once exactly one wins. Approving marks the day in the employee's month in the
 * same transaction (the leave type, or that its overtime / holiday work is approved, which the engine
 * reads with the punches to clear the day's 未承認 warning); rejecting frees the date for a new request.
 * Approving a 振替 (leave type 2 with a work date) marks both days: the swap day a day off (with the
 * leave type), the worked holiday a working day, each naming the other (AttendanceDay.dayOverride);
 * rejecting frees both dates. A decided request never changes again, so nothing is ever unmarked.
 * A correction (打刻修正の承認) is decided by decideCorrection.
 */
export async function decideRequest(
  companyId: string,
  requestId: string,
  kind: RequestKind,
  status: 1 | 2,
  adminId: string,
  reason = '',
  service: Db = db(),
) {
  const req = await requestById(companyId, requestId, kind, service);
  return decideLoaded(req, status, adminId, reason, service);
}

/**
 * decideRequest of a request already read (the decide routes and the bulk approval read it first, to
 * prepare the employee's mail, services/notify.ts prepareMails, stored in the decision's transaction).
 */
export async function decideLoaded(
  req: Decided,
  status: 1 | 2,
  adminId: string,
  reason: string,
  service: Db = db(),
  mails: readonly OutboxMail[] = [],
) {
  if (req.status !== STATUS.unapproved) throw new ConflictError(MESSAGES.decisionConflict);
  if (req.kind === 'correction') return decideCorrection(req, status, adminId, reason, service, mails);
  const { companyId, requestId, kind } = req;
  // A closed period is frozen as it was closed, its unapproved requests included (the closing screen
  // lists them as blockers): approving would change the day's figures, rejecting its record. Both wait
  // for the admin to reopen the period.
  await assertDatesOpen(companyId, requestDays(req), service);
  const decidedAt = clock.now().toISOString();
  // A paid-leave decision moves the employee's ledger in the same transaction (db/leave-ledger.ts); a
  // racing leave write on the same employee makes it read the employee again.
  const paid = isPaidLeave(req);
  for (let attempt = 0; ; attempt++) {
    if (attempt >= CONTENTION.attempts) throw new ConflictError();
    if (attempt > 0) await backOff(attempt);
    const holder = paid ? await leaveHolder(companyId, req.employeeId, service) : null;
    const result = await service.transaction
      .write((entities) => [
        ...(holder ? [leaveStep(entities, holder, decisionChange(req, status))] : []),
        ...decisionItems(entities, req, { status, decidedAt, adminId, reason }),
        ...outboxInTransaction(entities, mails),
        ...(status === STATUS.approved
          ? [
              entities.AttendanceDay.update({ companyId, employeeId: req.employeeId, workDate: req.date })
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
                    entities.AttendanceDay.update({ companyId, employeeId: req.employeeId, workDate: req.workDate })
                      .set({ dayOverride: 'working', transferPartner: req.date })
                      .commit(),
                  ]
                : []),
            ]
          : []),
        // In an audited request, its audit event commits with the decision.
        ...auditInTransaction(entities.AuditEvent, {
          companyId,
          targetId: requestId,
          before: { status: req.status },
          result: { status, decidedAt, decidedBy: adminId, ...(reason ? { reason } : {}) },
        }),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null || (result.canceled && holder && leaveStepFailed(result.data, 0))) {
      auditNotCommitted();
      continue;
    }
    if (result.canceled) throw new ConflictError(MESSAGES.decisionConflict);
    break;
  }
  auditCommitted();
  return { ...req, status, decidedAt, decidedBy: adminId, ...(reason ? { decisionReason: reason } : {}) };
}

/**
 * A correction request's decision (打刻修正の承認). Approving applies the correction exactly as the
 * direct path does (db/modifications.ts applyCorrection: the day, its modification record, the audit
 * event) in one transaction with the decision, and only if the day is as it was when filed (409
 * otherwise: the employee punched or corrected since, and the request no longer says what it would
 * change); a closed period refuses it (409). Rejecting changes nothing on the day.
 */
async function decideCorrection(
  req: Decided,
  status: 1 | 2,
  adminId: string,
  reason: string,
  service: Db,
  mails: readonly OutboxMail[],
) {
  const { companyId, requestId } = req;
  const decidedAt = clock.now().toISOString();
  const d = { status, decidedAt, adminId, reason };
  const result = { status, decidedAt, decidedBy: adminId, ...(reason ? { reason } : {}) };
  if (status === STATUS.approved) {
    const who = { companyId, employeeId: req.employeeId };
    // applyCorrection refuses a closed period (409 on `date`) before writing.
    const day = await findDay(who, req.date, service);
    if ((day?.updatedAt ?? '') !== (req.dayVersion ?? '')) throw new ConflictError(MESSAGES.correctionStale);
    await applyCorrection(
      {
        ...who,
        workDate: req.date,
        before: day,
        punchInAt: req.afterPunchInAt,
        punchOutAt: req.afterPunchOutAt,
        breaks: req.afterBreaks?.map((b) => ({ startAt: b.startAt, endAt: b.endAt ?? b.startAt })),
        reason: req.reason ?? '',
      },
      service,
      {
        items: (entities) => [...decisionItems(entities, req, d), ...outboxInTransaction(entities, mails)],
        audit: {
          targetId: requestId,
          before: { status: req.status },
          result: (modification) => ({ ...result, modification }),
        },
      },
    ).catch((e: unknown) => {
      // The day's condition or the decision's: either way the request is no longer what it was.
      if (e instanceof ConflictError && e.message === MESSAGES.conflict)
        throw new ConflictError(MESSAGES.correctionStale);
      throw e;
    });
  } else {
    await assertDatesOpen(companyId, requestDays(req), service);
    const written = await service.transaction
      .write((entities) => [
        ...decisionItems(entities, req, d),
        ...outboxInTransaction(entities, mails),
        ...auditInTransaction(entities.AuditEvent, {
          companyId,
          targetId: requestId,
          before: { status: req.status },
          result,
        }),
      ])
      .go();
    if (written.canceled) throw new ConflictError(MESSAGES.decisionConflict);
    auditCommitted();
  }
  return { ...req, status, decidedAt, decidedBy: adminId, ...(reason ? { decisionReason: reason } : {}) };
}

/** A request of any kind by id inside the company (GetItem), or 404: the bulk approval's first read. */
export async function anyRequestById(companyId: string, requestId: string, service: Db = db()) {
  const { data } = await service.entities.Request.get({ companyId, requestId }).go();
  if (!data) throw new NotFoundError();
  return data;
}

/**
 * A correction request (打刻修正の承認): refused on a closed period (409 on `date`) like the direct path,
 * then filed with its guard (one pending correction per day) and its 未処理 item in one transaction.
 */
export async function fileCorrectionRequest(r: NewRequest, service: Db = db(), mails: readonly OutboxMail[] = []) {
  await assertDaysOpen(r.companyId, r.date, r.date, 'date', service);
  try {
    return await insertRequest(r, service, mails);
  } catch (e) {
    if (e instanceof ConflictError) throw new ConflictError(MESSAGES.correctionPending);
    throw e;
  }
}
