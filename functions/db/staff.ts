/**
 * Staff profiles (Employee items) of a company. Retired staff keep their item and their attendance
 * (records must be kept five years); they just leave the active list.
 */
import { batchGetChunks } from './batch-get.js';
import { itemsInKeyRange } from './key-range.js';
import type { WorkingPattern } from '../domain/paid-leave/index.js';
import type { AssignmentVersion } from '../domain/staff-assignment.js';
import { STAFF_IDENTITY_MESSAGES, employeeNumberKey } from '../domain/staff-identity.js';
import { ConflictError, NotFoundError, ValidationError, awsErrorName } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';
import { usageChanges, usageCommit, type UsageChange } from './organisation.js';
import { CONTENTION, backOff, conflictOrNull } from './contention.js';
import { deleteLoginCommit, putLoginCommit } from './logins.js';
import { db, type Db } from './service.js';

export interface StaffMember {
  employeeId: string;
  lastName: string;
  firstName: string;
  email: string;
  userSub?: string | undefined;
  departmentId?: string | undefined;
  employmentStatusId?: string | undefined;
  status: 'active' | 'retired';
  /** 社員番号 and フリガナ (issue 18): absent for staff registered without them. */
  employeeNumber?: string | undefined;
  nameKana?: string | undefined;
  /** 退職日 (YYYY-MM-DD), the last day employed. */
  leaveDate?: string | undefined;
  /** Paid leave: hire date and scheduled working pattern (absent for staff registered without them). */
  hireDate?: string | undefined;
  /** 記録開始前の有給取得日数 (the five-day duty), when the admin stated it. */
  leaveTakenBeforeRecords?: number | undefined;
  /** The department / status history (domain/staff-assignment.ts); absent = always the ones above. */
  assignments?: readonly AssignmentVersion[] | undefined;
  patternBasis?: 'week' | 'year' | undefined;
  daysPerWeek?: number | undefined;
  daysPerYear?: number | undefined;
  weeklyHours?: number | undefined;
  /** The paid-leave ledger and its counters (db/leave-ledger.ts): a page of staff carries its balances. */
  leaveSeq?: number | undefined;
  leaveLedger?: unknown;
  leaveLedgerSeq?: number | undefined;
}

export interface StaffFields {
  lastName: string;
  firstName: string;
  email: string;
  departmentId: string | null;
  employmentStatusId: string | null;
  /** Paid leave (optional): null clears, undefined leaves the stored value alone. */
  hireDate?: string | null | undefined;
  pattern?: WorkingPattern | null | undefined;
  /** 社員番号, フリガナ, 退職日 (normalised): null clears, undefined leaves the stored value alone. */
  employeeNumber?: string | null | undefined;
  nameKana?: string | null | undefined;
  leaveDate?: string | null | undefined;
  /** 記録開始前の有給取得日数: null clears (not stated), undefined leaves the stored value alone. */
  leaveTakenBeforeRecords?: number | null | undefined;
  /**
   * The department / status history after a move (domain/staff-assignment.ts moveFrom); its latest
   * version is departmentId / employmentStatusId. Undefined leaves the stored history alone.
   */
  assignments?: readonly AssignmentVersion[] | undefined;
}

const PATTERN_ATTRIBUTES = ['patternBasis', 'daysPerWeek', 'daysPerYear', 'weeklyHours'] as const;

/** The Employee attributes of a working pattern (the other basis' day count is removed). */
function patternAttributes(p: WorkingPattern) {
  return p.basis === 'week'
    ? {
        set: { patternBasis: 'week' as const, daysPerWeek: p.daysPerWeek, weeklyHours: p.weeklyHours },
        remove: ['daysPerYear' as const],
      }
    : {
        set: { patternBasis: 'year' as const, daysPerYear: p.daysPerYear, weeklyHours: p.weeklyHours },
        remove: ['daysPerWeek' as const],
      };
}

/** The attributes a staff form gives a value: names and e-mail, and whichever optional fields are filled. */
function givenAttributes(f: StaffFields) {
  return {
    lastName: f.lastName,
    firstName: f.firstName,
    email: f.email,
    ...(f.departmentId ? { departmentId: f.departmentId } : {}),
    ...(f.employmentStatusId ? { employmentStatusId: f.employmentStatusId } : {}),
    ...(f.hireDate ? { hireDate: f.hireDate } : {}),
    ...(f.employeeNumber ? { employeeNumber: f.employeeNumber } : {}),
    ...(f.nameKana ? { nameKana: f.nameKana } : {}),
    ...(f.leaveDate ? { leaveDate: f.leaveDate } : {}),
    ...(typeof f.leaveTakenBeforeRecords === 'number' ? { leaveTakenBeforeRecords: f.leaveTakenBeforeRecords } : {}),
    ...(f.pattern ? patternAttributes(f.pattern).set : {}),
    ...(f.assignments ? { assignments: f.assignments.map((v) => ({ ...v })) } : {}),
  };
}

/** The active staff of a company: one Query, retired staff filtered out. */
export async function activeStaff(companyId: string, service: Db = db()): Promise<StaffMember[]> {
  const { data } = await service.entities.Employee.query
    .byCompany({ companyId })
    .where((a, { eq }) => eq(a.status, 'active'))
    .go({ pages: 'all' });
  return data;
}

/**
 * The active staff with the company's departments and employment statuses (names by id, sorted by
 * name): ONE Query (issue 19). In the company partition `c#<co>` their sort keys are adjacent ranges —
 * department#…, employee#…, employment_status#… — and nothing else sorts between them (the rules moved
 * to the settings partition), so one key range `department#` – `employment_status#~` holds all three.
 * Retired staff too with `includeRetired` (exports: their records are kept and exported).
 */
export async function staffWithOrgUnits(companyId: string, service: Db = db(), includeRetired = false) {
  const items = await itemsInKeyRange(`c#${companyId}`, 'department#', 'employment_status#~');
  const { Employee, Department, EmploymentStatus } = service.entities;
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'ja');
  const parse = <T>(entity: { parse: (r: { Items: unknown[] }, o: object) => { data: T[] } | null }) =>
    entity.parse({ Items: items }, { ignoreOwnership: false })?.data ?? [];
  return {
    staff: parse<StaffMember>(Employee as never).filter((e) => includeRetired || e.status === 'active'),
    departments: parse<{ departmentId: string; name: string }>(Department as never)
      .map((d) => ({ id: d.departmentId, name: d.name }))
      .sort(byName),
    statuses: parse<{ employmentStatusId: string; name: string }>(EmploymentStatus as never)
      .map((d) => ({ id: d.employmentStatusId, name: d.name }))
      .sort(byName),
  };
}

/** One active staff member of the company (GetItem); retired or foreign ids are a 404. */
export async function activeStaffMember(
  companyId: string,
  employeeId: string,
  service: Db = db(),
): Promise<StaffMember> {
  const { data } = await service.entities.Employee.get({ companyId, employeeId }).go();
  if (!data || data.status !== 'active') throw new NotFoundError();
  return data;
}

/**
 * The unique item that holds a 社員番号 in a company (case folded: A001 and a001 are one number). It is
 * written in the same transaction as the profile, so of two concurrent registrations of one number
 * exactly one is written; no read decides it.
 */
export const employeeNumberGuard = (companyId: string, employeeNumber: string) => ({
  partition: `c#${companyId}#employee-numbers`,
  value: `number#${employeeNumberKey(employeeNumber)}`,
});

const employeeNumberTaken = () =>
  new ConflictError(STAFF_IDENTITY_MESSAGES.employeeNumberTaken, {
    employee_number: [STAFF_IDENTITY_MESSAGES.employeeNumberTaken],
  });

/**
 * The unique item that holds a staff e-mail in a company (lower case), retired staff's included (their
 * Cognito user keeps it). It is what keeps an e-mail unique INSIDE a company (409): Cognito names users
 * by the product's id and lets users of several companies share an address (issue 30 item 3). It also
 * lets a bulk import check its rows by key (BatchGetItem) instead of reading every member. Written with
 * the profile, moved with an e-mail change; staff stored before it get theirs from the backfill
 * (backfillEmailGuards).
 */
export const staffEmailGuard = (companyId: string, email: string) => ({
  partition: `c#${companyId}#staff-emails`,
  value: `email#${email.toLowerCase()}`,
});

const emailTaken = () => new ConflictError(MESSAGES.emailTaken);

type TxCancel = { canceled: boolean; data: readonly { code?: string }[] };

/** A staff write's cancellation: the index of the first failed condition, or -1. */
const failedAt = (result: TxCancel) => result.data.findIndex((r) => r?.code === 'ConditionalCheckFailed');

/** A department or status deleted since the request checked it (assertOrgRefs): the form's 400. */
const unitGone = (change: UsageChange) =>
  new ValidationError(
    MESSAGES.registrationDefect,
    change.kind === 'department'
      ? { department_id: [MESSAGES.unknownDepartment] }
      : { employment_status_id: [MESSAGES.unknownEmploymentStatus] },
  );

/**
 * Conditional create: an id can never overwrite another profile. With a 社員番号, its unique item goes
 * in the same transaction: a number in use is a 409 with the field error and nothing is written; the
 * e-mail's unique item too (staffEmailGuard: 409, e-mail taken). The
 * member's department and status count one more active member in the same transaction
 * (db/organisation.ts `usageChanges`): one deleted in between cancels it (400, nothing written).
 */
export async function insertStaff(
  companyId: string,
  employeeId: string,
  userSub: string,
  f: StaffFields,
  service: Db = db(),
) {
  const item = { companyId, employeeId, userSub, ...givenAttributes(f), status: 'active' as const };
  const usage = usageChanges(null, { active: true, ...f });
  const number = f.employeeNumber ?? null;
  const guards = number === null ? 1 : 2;
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const result: TxCancel | null = await service.transaction
      .write((entities) => [
        ...(number === null
          ? []
          : [
              entities.UniqueValue.create({
                ...employeeNumberGuard(companyId, number),
                ownerId: employeeId,
              }).commit(),
            ]),
        entities.UniqueValue.create({ ...staffEmailGuard(companyId, f.email), ownerId: employeeId }).commit(),
        entities.Employee.create(item).commit(),
        ...usage.map((c) => usageCommit(entities, companyId, c)),
        // The login index (issue 30 item 3): sign-in finds the member by the e-mail.
        putLoginCommit(entities, 'employee', f.email, { companyId, userId: employeeId, username: userSub }),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return;
    const at = failedAt(result);
    if (number !== null && at === 0) throw employeeNumberTaken();
    if (at === guards - 1) throw emailTaken();
    if (at > guards) throw unitGone(usage[at - guards - 1]!);
    throw new ConflictError();
  }
  throw new ConflictError();
}

/** What a staff write read of the member: the write is conditioned on it (see `patchStaff`). */
export interface StaffCurrent {
  /** The e-mail read: an edit that changes it moves its unique item (staffEmailGuard) and its login item. */
  email?: string | undefined;
  /** The member's Cognito username (the login index names it); absent for staff stored before it. */
  userSub?: string | undefined;
  employeeNumber?: string | undefined;
  nameKana?: string | undefined;
  departmentId?: string | undefined;
  employmentStatusId?: string | undefined;
}

type Ops = {
  eq: (attr: never, value: unknown) => string;
  notExists: (attr: never) => string;
};

/**
 * The profile as read: still active, same 社員番号, same department and status (the counts' deltas
 * are computed from them, db/organisation.ts).
 */
function asRead(current: StaffCurrent) {
  return (
    a: Record<'status' | 'email' | 'employeeNumber' | 'departmentId' | 'employmentStatusId', never>,
    { eq, notExists }: Ops,
  ) =>
    [
      eq(a.status, 'active'),
      ...(current.email === undefined ? [] : [eq(a.email, current.email)]),
      current.employeeNumber === undefined ? notExists(a.employeeNumber) : eq(a.employeeNumber, current.employeeNumber),
      current.departmentId ? eq(a.departmentId, current.departmentId) : notExists(a.departmentId),
      current.employmentStatusId
        ? eq(a.employmentStatusId, current.employmentStatusId)
        : notExists(a.employmentStatusId),
    ].join(' AND ');
}

/**
 * The profile's condition failed: retired in between (404), or edited in between (409: the caller
 * read a stale state; reading again shows the other edit).
 */
async function staleProfile(companyId: string, employeeId: string, service: Db): Promise<never> {
  const { data } = await service.entities.Employee.get({ companyId, employeeId }).go({ consistent: true });
  if (!data || data.status !== 'active') throw new NotFoundError();
  throw new ConflictError();
}

/**
 * Update the editable fields of an active staff member, conditioned on the profile as read (still
 * active, same 社員番号, department and status). A new 社員番号 moves its unique item in the same
 * transaction: the new one is taken (a number in use is a 409), the old one released (only if this
 * member holds it). A new department or status moves one active member's count from the old unit to
 * the new one in the same transaction (db/organisation.ts `usageChanges`), and a new
 * e-mail its unique item (staffEmailGuard). Clearing the number frees it.
 */
export async function patchStaff(
  companyId: string,
  employeeId: string,
  f: StaffFields,
  current: StaffCurrent = {},
  service: Db = db(),
) {
  const cleared = [
    ...(f.departmentId ? [] : ['departmentId' as const]),
    ...(f.employmentStatusId ? [] : ['employmentStatusId' as const]),
    ...(f.hireDate === null ? ['hireDate' as const] : []),
    ...(f.employeeNumber === null ? ['employeeNumber' as const] : []),
    ...(f.nameKana === null ? ['nameKana' as const] : []),
    ...(f.leaveDate === null ? ['leaveDate' as const] : []),
    ...(f.leaveTakenBeforeRecords === null ? ['leaveTakenBeforeRecords' as const] : []),
    ...(f.pattern === null ? PATTERN_ATTRIBUTES : f.pattern ? patternAttributes(f.pattern).remove : []),
  ];
  const before = current.employeeNumber ?? null;
  const after = f.employeeNumber === undefined ? before : f.employeeNumber;
  const sameKey =
    (before === null ? null : employeeNumberKey(before)) === (after === null ? null : employeeNumberKey(after));
  let usage = usageChanges({ active: true, ...current }, { active: true, ...f });
  // The 五十音 key is rebuilt from the names this write sets (entities/employee.ts listOrder): a フリガナ
  // left unchanged is set again, so the key never loses it.
  const attributes = {
    ...givenAttributes(f),
    ...(f.nameKana === undefined && current.nameKana ? { nameKana: current.nameKana } : {}),
  };
  const condition = asRead(current) as never;
  const oldEmail = current.email === undefined ? null : current.email.toLowerCase();
  const newEmail = oldEmail === null || oldEmail === f.email.toLowerCase() ? null : f.email;
  if (sameKey && !usage.length && newEmail === null) {
    let patch = service.entities.Employee.patch({ companyId, employeeId }).set(attributes);
    // An unchosen department or status is removed, not stored as an empty string.
    if (cleared.length) patch = patch.remove(cleared);
    const failed = await patch
      .where(condition)
      .go({ response: 'none' })
      .then(() => false)
      .catch((error: unknown) => {
        if (awsErrorName(error) === 'ConditionalCheckFailedException') return true;
        throw error;
      });
    if (failed) await staleProfile(companyId, employeeId, service);
    return;
  }
  const numberTakes = !sameKey && after !== null ? 1 : 0;
  const takes = numberTakes + (newEmail === null ? 0 : 1);
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const result: TxCancel | null = await service.transaction
      .write((entities) => [
        ...(numberTakes
          ? [
              entities.UniqueValue.create({
                ...employeeNumberGuard(companyId, after!),
                ownerId: employeeId,
              }).commit(),
            ]
          : []),
        ...(newEmail === null
          ? []
          : [entities.UniqueValue.create({ ...staffEmailGuard(companyId, newEmail), ownerId: employeeId }).commit()]),
        (cleared.length
          ? entities.Employee.patch({ companyId, employeeId }).set(attributes).remove(cleared)
          : entities.Employee.patch({ companyId, employeeId }).set(attributes)
        )
          .where(condition)
          .commit(),
        ...usage.map((c) => usageCommit(entities, companyId, c)),
        ...(sameKey || before === null
          ? []
          : [
              entities.UniqueValue.remove(employeeNumberGuard(companyId, before))
                .where((a, { eq }) => eq(a.ownerId, employeeId))
                .commit(),
            ]),
        // The old e-mail's item goes if this member holds it; staff stored before the e-mail items
        // hold none (a delete, not a remove: no item is no failure).
        ...(newEmail === null
          ? []
          : [
              entities.UniqueValue.delete(staffEmailGuard(companyId, oldEmail!))
                .where((a, { eq, notExists }) => `${notExists(a.ownerId)} OR ${eq(a.ownerId, employeeId)}`)
                .commit(),
              // The login index moves with the e-mail (issue 30 item 3).
              deleteLoginCommit(entities, 'employee', oldEmail!, { companyId, userId: employeeId }),
              putLoginCommit(entities, 'employee', newEmail, {
                companyId,
                userId: employeeId,
                username: current.userSub ?? current.email!,
              }),
            ]),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return;
    const at = failedAt(result);
    if (numberTakes && at === 0) throw employeeNumberTaken();
    if (newEmail !== null && at === numberTakes) throw emailTaken();
    const unit = at - takes - 1;
    if (unit >= 0 && unit < usage.length) {
      // A unit the member joins was deleted since the request checked it.
      if (usage[unit]!.delta > 0) throw unitGone(usage[unit]!);
      // One it leaves is gone: only data from before the counts can hold an active member on a
      // deleted unit (a counted one is not deleted while in use). Nothing to count there.
      usage = usage.filter((_, i) => i !== unit);
      continue;
    }
    // The profile was retired or edited in between: the caller read a stale state.
    await staleProfile(companyId, employeeId, service);
  }
  throw new ConflictError();
}

/**
 * Mark retired (conditional on active, and on the department and status read): the item and the
 * attendance stay; the department and status count one active member less, in the same transaction.
 * `leaveDate` (the day of retirement) becomes the 退職日 of a member who has none: the days after it
 * are outside the employment (never 欠勤 in an export or a closing that still lists the member).
 */
export async function markRetired(
  companyId: string,
  employeeId: string,
  current: Pick<StaffCurrent, 'departmentId' | 'employmentStatusId'> & { leaveDate?: string | undefined },
  service: Db = db(),
  leaveDate?: string,
) {
  let usage = usageChanges({ active: true, ...current }, { active: false });
  const where = (a: Record<'status' | 'departmentId' | 'employmentStatusId', never>, { eq, notExists }: Ops) =>
    [
      eq(a.status, 'active'),
      current.departmentId ? eq(a.departmentId, current.departmentId) : notExists(a.departmentId),
      current.employmentStatusId
        ? eq(a.employmentStatusId, current.employmentStatusId)
        : notExists(a.employmentStatusId),
    ].join(' AND ');
  for (let attempt = 0; attempt < CONTENTION.attempts; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const result: TxCancel | null = await service.transaction
      .write((entities) => [
        entities.Employee.patch({ companyId, employeeId })
          .set({ status: 'retired', ...(leaveDate && !current.leaveDate ? { leaveDate } : {}) })
          .where(where as never)
          .commit(),
        ...usage.map((c) => usageCommit(entities, companyId, c)),
      ])
      .go()
      .catch(conflictOrNull);
    if (result === null) continue;
    if (!result.canceled) return;
    const at = failedAt(result);
    if (at > 0) {
      // A unit the member leaves is gone (data from before the counts, see patchStaff): skip it.
      usage = usage.filter((_, i) => i !== at - 1);
      continue;
    }
    await staleProfile(companyId, employeeId, service);
  }
  throw new ConflictError();
}

/** One employee profile of the company (GetItem), active or retired, or null. */
export async function findEmployee(companyId: string, employeeId: string, service: Db = db()) {
  const { data } = await service.entities.Employee.get({ companyId, employeeId }).go();
  return data;
}

/** An employee's own phone number (UpdateItem; the employee settings screen). */
export async function setEmployeeCell(
  companyId: string,
  employeeId: string,
  cell: string,
  service: Db = db(),
): Promise<void> {
  await service.entities.Employee.patch({ companyId, employeeId }).set({ cell }).go({ response: 'none' });
}

/** Every staff profile of the company, retired included (one Query): exports keep five years of records. */
export async function allStaff(companyId: string, service: Db = db()) {
  const { data } = await service.entities.Employee.query.byCompany({ companyId }).go({ pages: 'all' });
  return data;
}

/** A page of the active staff: its size, where it starts, and the department / status it keeps to. */
export interface StaffPageOptions {
  limit: number;
  after?: string | undefined;
  departmentId?: string | undefined;
  employmentStatusId?: string | undefined;
}

/**
 * One page of the active staff in 五十音 order (the `byListOrder` index: the staff list, 勤怠集計 and the
 * シフト grid): ONE Query whatever the company's size. `after` is the previous page's `next` (the last
 * member's sort key); `next` is null on the last page. Unfiltered, the Query asks for one member more than the page to know whether another
 * follows. With a department or status, the filter applies to the `limit` members the Query reads, so
 * a page holds those of them that match (possibly none) and `next` is the last one read while more
 * remain: still one Query, never a scan of the rest of the company.
 */
export async function staffInOrderPage(
  companyId: string,
  options: StaffPageOptions,
  service: Db = db(),
): Promise<{ staff: StaffMember[]; next: string | null }> {
  const query = service.entities.Employee.query.byListOrder({ companyId, status: 'active' });
  const last = options.after === undefined ? null : splitListCursor(options.after);
  // A cursor that opened (sealed by us) but is not one of this list's: the same 400 as a forged one,
  // never a silent restart from the top.
  if (options.after !== undefined && !last)
    throw new ValidationError(MESSAGES.invalidCursor, { cursor: [MESSAGES.invalidCursor] });
  const from = last ? query.gt(last) : query;
  if (!options.departmentId && !options.employmentStatusId) {
    const { data } = await from.go({ limit: options.limit + 1 });
    const staff = data.slice(0, options.limit);
    const tail = staff[staff.length - 1];
    return {
      staff,
      next: data.length > options.limit && tail ? listCursor(tail.listOrder ?? '', tail.employeeId) : null,
    };
  }
  const { data, cursor } = await from
    .where((a, { eq }) =>
      [
        ...(options.departmentId ? [eq(a.departmentId, options.departmentId)] : []),
        ...(options.employmentStatusId ? [eq(a.employmentStatusId, options.employmentStatusId)] : []),
      ].join(' AND '),
    )
    .go({ limit: options.limit });
  return { staff: data, next: cursor ? nextFromStoreCursor(cursor) : null };
}

/**
 * Active staff whose search key starts with `prefix`, at most `limit`, in key order: ONE Query page
 * (begins_with on the index's sort key), whatever the company's size. `kana`: the フリガナ key of the
 * `byListOrder` index (domain/staff-identity.ts `kanaSearchPrefix`, so 五十音 order); `name`: the 氏名 key
 * of the `byName` index (`nameSearchPrefix`).
 */
export async function staffByPrefix(
  companyId: string,
  key: 'kana' | 'name',
  prefix: string,
  limit: number,
  service: Db = db(),
): Promise<StaffMember[]> {
  const active = { companyId, status: 'active' } as const;
  const { Employee } = service.entities;
  const query =
    key === 'kana'
      ? Employee.query.byListOrder(active).begins({ listOrder: prefix })
      : Employee.query.byName(active).begins({ nameKey: prefix });
  const { data } = await query.go({ limit });
  return data;
}

/**
 * The id of the member holding a 社員番号 (case folded, employeeNumberGuard) or an e-mail
 * (staffEmailGuard) in the company, retired staff included, or null: one GetItem of the unique item.
 */
export async function staffIdHolding(
  companyId: string,
  identity: { employeeNumber: string } | { email: string },
  service: Db = db(),
): Promise<string | null> {
  const key =
    'email' in identity
      ? staffEmailGuard(companyId, identity.email)
      : employeeNumberGuard(companyId, identity.employeeNumber);
  const { data } = await service.entities.UniqueValue.get(key).go();
  return data?.ownerId ?? null;
}

const listCursor = (listOrder: string, employeeId: string) => `${listOrder}\u0000${employeeId}`;

/** ElectroDB's cursor is the Query's LastEvaluatedKey as base64url JSON: its gsi1sk names the last member read. */
function nextFromStoreCursor(cursor: string): string | null {
  const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { gsi1sk?: unknown };
  if (typeof key.gsi1sk !== 'string') return null;
  const cut = key.gsi1sk.lastIndexOf('#');
  return listCursor(key.gsi1sk.slice(0, cut), key.gsi1sk.slice(cut + 1));
}

/** A `staffInOrderPage` cursor back into the index's composite (null when it is not one of ours). */
const splitListCursor = (cursor: string) => {
  const cut = cursor.lastIndexOf('\u0000');
  return cut < 0 ? null : { listOrder: cursor.slice(0, cut), employeeId: cursor.slice(cut + 1) };
};

/**
 * Puts staff written before the 五十音 index (no `listOrder`) or the 氏名 index (no `nameKey`) into
 * them: each such member's names and status are written again, which makes ElectroDB derive
 * `listOrder`, `nameKey` and the gsi1/gsi2 keys (entities/employee.ts).
 * Every member of the company, retired ones too (a page at a time); members already keyed are left
 * alone, so a rerun writes nothing. Returns how many were written. For the one-off migration of data
 * stored before issue 19 (functions/jobs/migrate.ts runs it for every company).
 */
export async function backfillListOrder(companyId: string, service: Db = db()): Promise<number> {
  let written = 0;
  let cursor: string | null = null;
  do {
    type Named = Pick<StaffMember, 'employeeId' | 'lastName' | 'firstName' | 'nameKana' | 'status'> & {
      listOrder?: string;
      nameKey?: string;
    };
    const page: { data: Named[]; cursor: string | null } = await service.entities.Employee.query
      .byCompany({ companyId })
      .go({
        cursor,
        attributes: ['employeeId', 'lastName', 'firstName', 'nameKana', 'status', 'listOrder', 'nameKey'],
      });
    for (const m of page.data.filter((x) => !x.listOrder || !x.nameKey)) {
      await service.entities.Employee.patch({ companyId, employeeId: m.employeeId })
        // The status too: it is the indexes' partition key (gsi1pk, gsi2pk), the names their sort keys.
        .set({
          lastName: m.lastName,
          firstName: m.firstName,
          status: m.status,
          ...(m.nameKana ? { nameKana: m.nameKana } : {}),
        })
        .go({ response: 'none' });
      written++;
    }
    cursor = page.cursor;
  } while (cursor);
  return written;
}

/**
 * Gives staff stored before the e-mail unique items theirs (staffEmailGuard), retired ones too, a page
 * of the company's staff at a time: one BatchGetItem per page finds the items already there, and each
 * missing one is written in a transaction with a check that the member still has that e-mail (an edit
 * racing the backfill moves the item itself). Skipped members (a race) are covered by a rerun; a rerun
 * of a complete company writes nothing. Returns how many were written. For the one-off migration
 * (functions/jobs/migrate.ts runs it for every company).
 */
export async function backfillEmailGuards(companyId: string, service: Db = db()): Promise<number> {
  let written = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { employeeId: string; email: string }[]; cursor: string | null } =
      await service.entities.Employee.query
        .byCompany({ companyId })
        .go({ cursor, attributes: ['employeeId', 'email'] });
    const held = await batchGetChunks(
      page.data.map((m) => staffEmailGuard(companyId, m.email)),
      (chunk) => service.entities.UniqueValue.get(chunk).go(),
      'e-mail guard',
    );
    const have = new Set(held.map((g) => g.value));
    for (const m of page.data.filter((x) => !have.has(staffEmailGuard(companyId, x.email).value))) {
      const result: TxCancel | null = await service.transaction
        .write(({ Employee, UniqueValue }) => [
          Employee.check({ companyId, employeeId: m.employeeId })
            .where((a, { eq }) => eq(a.email, m.email))
            .commit(),
          UniqueValue.create({ ...staffEmailGuard(companyId, m.email), ownerId: m.employeeId }).commit(),
        ])
        .go()
        .catch(conflictOrNull);
      if (result && !result.canceled) written++;
    }
    cursor = page.cursor;
  } while (cursor);
  return written;
}

/** Named staff members of the company (BatchGetItem, 100 keys a call); unknown ids are left out. */
export async function staffByIds(
  companyId: string,
  employeeIds: readonly string[],
  service: Db = db(),
): Promise<StaffMember[]> {
  const keys = employeeIds.map((employeeId) => ({ companyId, employeeId }));
  return batchGetChunks(keys, (chunk) => service.entities.Employee.get(chunk).go(), 'staff');
}

/**
 * The names (姓 名) of the named staff members, retired ones too, by id (settings that name a member
 * show who it is without the screen reading the staff list): BatchGetItem, 100 ids a call, only the
 * name attributes; unknown ids are left out.
 */
export async function staffNames(
  companyId: string,
  employeeIds: readonly string[],
  service: Db = db(),
): Promise<Map<string, string>> {
  const keys = [...new Set(employeeIds)].map((employeeId) => ({ companyId, employeeId }));
  const found = await batchGetChunks(
    keys,
    (chunk) => service.entities.Employee.get(chunk).go({ attributes: ['employeeId', 'lastName', 'firstName'] }),
    'staff name',
  );
  return new Map(found.map((m) => [m.employeeId, `${m.lastName} ${m.firstName}`]));
}

/**
 * Which of these e-mails and 社員番号 the company's staff hold, retired staff included (a bulk import's
 * check of its rows), each to the id of the member holding it: their unique items (staffEmailGuard,
 * employeeNumberGuard) by BatchGetItem, 100 keys a call, so the reads are bounded by the lists given,
 * never by the staff count. `takenNumbers` is keyed by number key (employeeNumberKey).
 */
export async function heldIdentities(
  companyId: string,
  emails: readonly string[],
  numbers: readonly string[],
  service: Db = db(),
): Promise<{ takenEmails: Map<string, string>; takenNumbers: Map<string, string> }> {
  const id = (k: { partition: string; value: string }) => `${k.partition}\n${k.value}`;
  const emailKeys = new Map(emails.map((e) => [e, staffEmailGuard(companyId, e)]));
  const numberKeys = new Map(numbers.map((n) => [n, employeeNumberGuard(companyId, n)]));
  const keys = new Map([...emailKeys.values(), ...numberKeys.values()].map((k) => [id(k), k]));
  const held = await batchGetChunks(
    [...keys.values()],
    (chunk) => service.entities.UniqueValue.get(chunk).go(),
    'identity guard',
  );
  const owner = new Map(held.map((h) => [id(h), h.ownerId]));
  const taken = <V>(entries: Map<V, { partition: string; value: string }>, name: (v: V) => string) =>
    new Map([...entries].flatMap(([v, k]) => (owner.has(id(k)) ? [[name(v), owner.get(id(k))!] as const] : [])));
  return {
    takenEmails: taken(emailKeys, (e) => e),
    takenNumbers: taken(numberKeys, (n) => employeeNumberKey(n)),
  };
}
