/**
 * Staff registration, edit and retirement across the employee Cognito pool and DynamoDB, so that a
 * failure of either leaves no half-made staff member behind. Dependencies are default parameters:
 * tests pass failing ones to prove the compensation.
 */
import { summarySystemView } from './work-figures.js';
import { assertOrgRefs, findOrgUnit, listOrgUnits, type OrgUnit } from '../db/organisation.js';
import { patternOf } from '../db/paid-leave.js';
import { endSessions } from '../db/sessions.js';
import { seedSummaries, summariesOf } from '../db/summaries.js';
import { assertDaysOpen, assertEffectiveFromOpen, payrollVersions, periodClosings } from '../db/period-closings.js';
import { assignmentHistory, latestAssignment, moveFrom } from '../domain/staff-assignment.js';
import { addDays, today } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { enqueueRecompute, type RecomputeJobView } from './recompute.js';
import { periodOf } from '../domain/payroll-period.js';
import {
  activeStaffMember,
  findEmployee,
  insertStaff,
  markRetired,
  patchStaff,
  staffByPrefix,
  staffIdHolding,
  staffInOrderPage,
  type StaffFields,
  type StaffMember,
} from '../db/staff.js';
import {
  isEmployeeNumber,
  kanaSearchPrefix,
  nameSearchPrefix,
  normaliseEmployeeNumber,
  STAFF_IDENTITY_MESSAGES,
} from '../domain/staff-identity.js';
import { ConflictError, ValidationError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';
import { MESSAGES } from '../shared/messages.js';
import { assertLoginRoom } from '../db/logins.js';
import { disablePoolUser, updatePoolUserEmail, type NewPoolUser } from '../shared/pool-users.js';
import {
  createUserWithTemporaryPassword,
  deleteUserAndTemporaryPassword,
  resetToTemporaryPassword,
} from './temporary-passwords.js';

export interface StaffDeps {
  createUser: (user: NewPoolUser) => Promise<string>;
  deleteUser: (username: string) => Promise<void>;
  disableUser: (username: string) => Promise<void>;
  updateEmail: (username: string, email: string) => Promise<void>;
  resetPassword: (username: string, temporaryPassword: string) => Promise<void>;
  endSessions: (sub: string) => Promise<number>;
  insertStaff: typeof insertStaff;
  patchStaff: typeof patchStaff;
}

export const staffDeps: StaffDeps = {
  createUser: createUserWithTemporaryPassword,
  deleteUser: (username) => deleteUserAndTemporaryPassword('employee', username),
  disableUser: (username) => disablePoolUser('employee', username),
  updateEmail: (username, email) => updatePoolUserEmail('employee', username, email),
  resetPassword: (username, password) => resetToTemporaryPassword('employee', username, password),
  endSessions: (sub) => endSessions(sub),
  insertStaff,
  patchStaff,
};

/**
 * A second Cognito user of the same member (the username is the company's and the member's id): say
 * so in words the admin can act on. Another company's user of the same e-mail is no conflict (issue 30
 * item 3); the company's own duplicate is refused by the e-mail's unique item (db/staff.ts).
 */
const emailTaken = (error: unknown): never => {
  if (error instanceof ConflictError) throw new ConflictError(MESSAGES.emailTaken);
  throw error;
};

/** The Employee leave attributes a form's hire date and pattern become (what insert/patch store). */
function leaveAttributes(f: StaffFields, current: Partial<StaffMember> = {}): Partial<StaffMember> {
  const hireDate = f.hireDate === undefined ? current.hireDate : (f.hireDate ?? undefined);
  if (f.pattern === undefined) return { ...pick(current), hireDate };
  const p = f.pattern;
  return {
    hireDate,
    patternBasis: p?.basis,
    daysPerWeek: p?.basis === 'week' ? p.daysPerWeek : undefined,
    daysPerYear: p?.basis === 'year' ? p.daysPerYear : undefined,
    weeklyHours: p?.weeklyHours,
  };
}
/**
 * The identity attributes a form's 社員番号, フリガナ and 退職日 become, and 記録開始前の有給取得日数
 * (undefined keeps the stored value).
 */
function identityAttributes(f: StaffFields, current: Partial<StaffMember> = {}): Partial<StaffMember> {
  const keep = <K extends 'employeeNumber' | 'nameKana' | 'leaveDate' | 'leaveTakenBeforeRecords'>(k: K) =>
    f[k] === undefined ? current[k] : (f[k] ?? undefined);
  return {
    employeeNumber: keep('employeeNumber'),
    nameKana: keep('nameKana'),
    leaveDate: keep('leaveDate'),
    leaveTakenBeforeRecords: keep('leaveTakenBeforeRecords'),
  };
}

/**
 * 退職日 is on or after 入社日, compared with the stored date of whichever one the form leaves out:
 * a 400 with the field error, before anything is written (Cognito included).
 */
function assertLeaveAfterHire(f: StaffFields, current: Partial<StaffMember> = {}) {
  const hire = f.hireDate === undefined ? current.hireDate : f.hireDate;
  const leave = f.leaveDate === undefined ? current.leaveDate : f.leaveDate;
  if (hire && leave && leave < hire) {
    throw new ValidationError(MESSAGES.registrationDefect, { leave_date: [STAFF_IDENTITY_MESSAGES.leaveBeforeHire] });
  }
}

const pick = ({ patternBasis, daysPerWeek, daysPerYear, weeklyHours }: Partial<StaffMember>) => ({
  patternBasis,
  daysPerWeek,
  daysPerYear,
  weeklyHours,
});

/** A unit's name by id (the history's departments and statuses); null when unknown or deleted. */
export type UnitNames = (kind: 'department' | 'status', id: string) => string | null;

/** The unit names a staff row already shows (its history's and its latest's): no read for them. */
export function unitNamesFromView(v: StaffView): UnitNames {
  const known = new Map<string, string>();
  for (const a of v.assignments) {
    if (a.department_id) known.set(`department\n${a.department_id}`, a.department_name);
    if (a.employment_status_id) known.set(`status\n${a.employment_status_id}`, a.employment_status_name);
  }
  return (kind, id) => known.get(`${kind}\n${id}`) ?? null;
}

/** The names of the company's departments and statuses as a UnitNames (lists read them anyway). */
export const unitNamesOf =
  (departments: readonly OrgUnit[], statuses: readonly OrgUnit[]): UnitNames =>
  (kind, id) =>
    (kind === 'department' ? departments : statuses).find((u) => u.id === id)?.name ?? null;

/**
 * The department / status history as the staff screen shows it (issue 29 item 11): each version with
 * the first day it applies (null for "since always") and the names. Old items read as one version.
 */
function historyView(m: StaffMember, names: UnitNames) {
  return assignmentHistory(m).map((v) => ({
    from: v.from || null,
    department_id: v.departmentId || null,
    department_name: v.departmentId ? (names('department', v.departmentId) ?? '') : '',
    employment_status_id: v.employmentStatusId || null,
    employment_status_name: v.employmentStatusId ? (names('status', v.employmentStatusId) ?? '') : '',
  }));
}

/** The staff row of spec §7 (list, detail and the answers of create/update). */
export function staffView(
  m: StaffMember,
  department: OrgUnit | null | undefined,
  status: OrgUnit | null | undefined,
  names: UnitNames = (kind, id) =>
    (kind === 'department' ? department : status)?.id === id
      ? (kind === 'department' ? department : status)!.name
      : null,
) {
  const pattern = patternOf(m);
  return {
    id: m.employeeId,
    name: `${m.lastName} ${m.firstName}`,
    last_name: m.lastName,
    first_name: m.firstName,
    email: m.email,
    department_id: m.departmentId ?? null,
    department_name: department?.name ?? '',
    employment_status_id: m.employmentStatusId ?? null,
    employment_status_name: status?.name ?? '',
    // Paid leave: without a hire date no statutory grant is made (入社日未登録).
    hire_date: m.hireDate ?? null,
    // Payroll identity (issue 18): 社員番号, フリガナ (全角カタカナ), 退職日.
    employee_number: m.employeeNumber ?? null,
    name_kana: m.nameKana ?? null,
    leave_date: m.leaveDate ?? null,
    // 記録開始前の有給取得日数 (issue 29 item 8): the five-day duty of the year running when the records began.
    leave_taken_before_records: m.leaveTakenBeforeRecords ?? null,
    /**
     * The department / status history (issue 29 item 11), oldest first: every day is computed with the
     * version in force on it; department_id / employment_status_id above are the latest (a scheduled
     * move's target, from the last version's `from`).
     */
    assignments: historyView(m, names),
    working_pattern: pattern
      ? {
          basis: pattern.basis,
          days_per_week: pattern.basis === 'week' ? pattern.daysPerWeek : null,
          days_per_year: pattern.basis === 'year' ? pattern.daysPerYear : null,
          weekly_hours: pattern.weeklyHours,
        }
      : null,
    // This month's figures: filled from the work summaries in the list (staffList).
    monthly_working_minutes: null as number | null,
    overtime_minutes: null as number | null,
    over_legal_limit_minutes: null as number | null,
    late_days: null as number | null,
    early_leave_days: null as number | null,
    absent_days: null as number | null,
    /** The working-time system of the period's stored figures (issue 17); null off the list or under 通常. */
    work_system_label: null as string | null,
  };
}
export type StaffView = ReturnType<typeof staffView>;

/** Most staff on one page of the staff list (`?limit`, default and maximum). */
export const STAFF_PAGE_LIMIT = 100;

/**
 * One page of the staff list in 五十音 order (フリガナ, then name, then id), with the figures of the
 * payroll period holding `date` (today) from the work summaries. A fixed number of requests whatever
 * the company's size (issue 19): the page is ONE Query of the staff in that order (entities/employee.ts
 * `byListOrder`); at the same time the departments, the employment statuses and the 締め日 versions
 * (each one small Query), then the page's summaries (one BatchGetItem). `next` names the page after.
 */
export async function staffList(
  companyId: string,
  date: string,
  page: { limit?: number | undefined; after?: string | undefined; q?: string | undefined } = {},
): Promise<{ staff: StaffView[]; next: string | null }> {
  const limit = Math.min(page.limit ?? STAFF_PAGE_LIMIT, STAFF_PAGE_LIMIT);
  const q = page.q;
  const [{ staff, next }, departments, statuses, versions] = await Promise.all([
    q === undefined
      ? staffInOrderPage(companyId, { limit, after: page.after })
      : staffSearch(companyId, q, limit).then((found) => ({ staff: found, next: null })),
    listOrgUnits('department', companyId),
    listOrgUnits('employmentStatus', companyId),
    payrollVersions(companyId),
  ]);
  const summaries = await summariesOf(
    companyId,
    periodOf(date, versions).id,
    staff.map((m) => m.employeeId),
  );
  const dept = new Map(departments.map((d) => [d.id, d]));
  const stat = new Map(statuses.map((s) => [s.id, s]));
  const figures = new Map(summaries.map((s) => [s.employeeId, s]));
  const names = unitNamesOf(departments, statuses);
  const rows = staff.map((m) => {
    const view = staffView(
      m,
      m.departmentId ? dept.get(m.departmentId) : null,
      m.employmentStatusId ? stat.get(m.employmentStatusId) : null,
      names,
    );
    const f = figures.get(m.employeeId);
    // No summary yet means nothing worked this period: zero, not unknown.
    return {
      ...view,
      monthly_working_minutes: f?.workedMinutes ?? 0,
      overtime_minutes: f?.overtimeMinutes ?? 0,
      over_legal_limit_minutes: f?.statutoryOvertimeMinutes ?? 0,
      late_days: f?.lateDays ?? 0,
      early_leave_days: f?.earlyLeaveDays ?? 0,
      absent_days: f?.absentDays ?? 0,
      work_system_label: f?.system && f.system !== 'standard' ? summarySystemView(f).label : null,
    };
  });
  return { staff: rows, next };
}

/**
 * The active staff a typed text finds (the staff pickers, `?q=`), at most `limit`, in one answer (no
 * next page: typing more narrows it): those whose 社員番号 (case folded) or e-mail is exactly the text,
 * then those whose フリガナ starts with it (ひらがな, 半角カナ, 濁点 and small kana folded like the
 * 五十音 key), then those whose 氏名 (姓 then 名, 漢字 or any script, spaces ignored) starts with it,
 * each once. Bounded whatever the company's size (issue 19): a kana text is one Query page of
 * `byListOrder`, any text without an @ one Query page of `byName` (begins_with); a 社員番号 or an
 * e-mail is the GetItem of its unique item, then of the member. So a search is at most two Queries,
 * or one Query and two GetItems, each page at most `limit` long.
 */
export async function staffSearch(companyId: string, q: string, limit: number): Promise<StaffMember[]> {
  const text = q.trim();
  const prefix = kanaSearchPrefix(text);
  const namePrefix = text.includes('@') ? null : nameSearchPrefix(text);
  const number = normaliseEmployeeNumber(text);
  const identities = [
    ...(isEmployeeNumber(number) ? [{ employeeNumber: number }] : []),
    ...(text.includes('@') ? [{ email: text }] : []),
  ];
  const [byKana, byName, held] = await Promise.all([
    prefix ? staffByPrefix(companyId, 'kana', prefix, limit) : [],
    namePrefix ? staffByPrefix(companyId, 'name', namePrefix, limit) : [],
    Promise.all(identities.map((identity) => staffIdHolding(companyId, identity))).then((ids) =>
      Promise.all([...new Set(ids.filter((id) => id !== null))].map((id) => findEmployee(companyId, id))),
    ),
  ]);
  // Retired staff keep their unique items (their records are kept): a search finds active staff only.
  const found: StaffMember[] = [...held.flatMap((m) => (m?.status === 'active' ? [m] : [])), ...byKana, ...byName];
  const seen = new Set<string>();
  return found.filter((m) => !seen.has(m.employeeId) && seen.add(m.employeeId)).slice(0, limit);
}

/**
 * One active staff member with names (a department deleted since shows as none), its history's too:
 * the company's departments and statuses (one Query each) when the member was ever moved, else the
 * two units by id (GetItem each).
 */
export async function staffDetail(companyId: string, employeeId: string): Promise<StaffView> {
  const m = await activeStaffMember(companyId, employeeId);
  if (m.assignments?.length) {
    const [departments, statuses] = await Promise.all([
      listOrgUnits('department', companyId),
      listOrgUnits('employmentStatus', companyId),
    ]);
    const names = unitNamesOf(departments, statuses);
    return staffView(
      m,
      departments.find((d) => d.id === m.departmentId),
      statuses.find((u) => u.id === m.employmentStatusId),
      names,
    );
  }
  const [department, status] = await Promise.all([
    m.departmentId ? findOrgUnit('department', companyId, m.departmentId) : null,
    m.employmentStatusId ? findOrgUnit('employmentStatus', companyId, m.employmentStatusId) : null,
  ]);
  return staffView(m, department, status);
}

/**
 * Register: the Cognito user first (temporary password, not permanent, so the first sign-in asks
 * for a new one; tenant ids as immutable attributes), then the profile with a conditional create.
 * If the profile write fails the Cognito user is deleted again. With the company's `timeZone`, the
 * new member's summaries of the current and the previous payroll period are stored at once
 * (db/summaries.ts seedSummaries): 勤怠集計 and the payroll files show 0s, never データなし.
 */
export async function registerStaff(
  companyId: string,
  input: StaffFields & { password: string },
  deps: StaffDeps = staffDeps,
  timeZone?: string,
): Promise<StaffView> {
  assertLeaveAfterHire(input);
  const { department, employmentStatus } = await assertOrgRefs(companyId, input, MESSAGES.registrationDefect);
  const employeeId = newId();
  await assertLoginRoom('employee', input.email, companyId);
  const userSub = await deps
    .createUser({
      role: 'employee',
      email: input.email,
      attributes: { company_id: companyId, employee_id: employeeId },
      temporaryPassword: input.password,
    })
    .catch(emailTaken);
  try {
    await deps.insertStaff(companyId, employeeId, userSub, input);
  } catch (error) {
    await deps
      .deleteUser(userSub)
      .catch((cleanup: unknown) => logger.error('staff compensation failed', { userSub, error: cleanup as Error }));
    throw error;
  }
  if (timeZone) await seedSummaries(companyId, employeeId, timeZone);
  const {
    password: _password,
    hireDate: _hireDate,
    pattern: _pattern,
    employeeNumber: _number,
    nameKana: _kana,
    leaveDate: _leave,
    leaveTakenBeforeRecords: _takenBefore,
    ...fields
  } = input;
  return staffView(
    {
      ...fields,
      ...leaveAttributes(input),
      ...identityAttributes(input),
      employeeId,
      userSub,
      status: 'active',
      departmentId: input.departmentId ?? undefined,
      employmentStatusId: input.employmentStatusId ?? undefined,
    },
    department,
    employmentStatus,
  );
}

/** A day before / after every day the product holds (an open end of a changed span). */
const FIRST_DAY = '0000-01-01';
const LAST_DAY = '9999-12-31';

/**
 * The days whose figures an edit of the 入社日 (days before it are 入社前) or the 退職日 (days after it
 * are 退職後) changes: `hire` [earlier, later) of the two dates, `leave` (earlier, later]; an absent date
 * is the open end. Null when the date does not change (undefined: left as stored).
 */
function employmentSpan(kind: 'hire' | 'leave', stored: string | undefined, given: string | null | undefined) {
  if (given === undefined || (given ?? undefined) === stored) return null;
  const open = kind === 'hire' ? FIRST_DAY : LAST_DAY;
  const [a, b] = [stored ?? open, given ?? open].sort() as [string, string];
  return kind === 'hire' ? { from: a, to: addDays(b, -1) } : { from: addDays(a, 1), to: b };
}

/**
 * What an edit changes of the days' figures (issue 29 items 8 and 11): a move of department / status
 * from a date (the new history), and the spans a new 入社日 / 退職日 moves in or out of the employment.
 * A move is made when the form names its date (`assignmentFrom`), or — dated today — when the
 * department or status differs from the latest version.
 */
function datedChanges(current: StaffMember, input: StaffEdit, todayDate: string) {
  const desired = { departmentId: input.departmentId || null, employmentStatusId: input.employmentStatusId || null };
  const latest = latestAssignment(assignmentHistory(current));
  const differs =
    desired.departmentId !== latest.departmentId || desired.employmentStatusId !== latest.employmentStatusId;
  const moveDate = input.assignmentFrom ?? (differs ? todayDate : null);
  const history = moveDate === null ? null : moveFrom(current, moveDate, desired);
  const spans = [
    { field: 'hire_date', span: employmentSpan('hire', current.hireDate, input.hireDate) },
    { field: 'leave_date', span: employmentSpan('leave', current.leaveDate, input.leaveDate) },
  ].flatMap(({ field, span }) => (span ? [{ field, ...span }] : []));
  const firsts = [...(history ? [moveDate!] : []), ...spans.map((x) => x.from)].sort();
  return { move: history ? { date: moveDate!, history } : null, spans, firstChanged: firsts[0] ?? null };
}

/** Summaries older than this many months before today are not recomputed after a staff edit (36協定 history). */
const RECOMPUTE_MONTHS_BACK = 13;

/** A staff edit as the service takes it: the form's fields, the password (null keeps it) and a move's date. */
export type StaffEdit = StaffFields & {
  password: string | null;
  /** 適用開始日 of a department / status change (YYYY-MM-DD); absent = today for a change. */
  assignmentFrom?: string | undefined;
};

/**
 * Edit: a new e-mail goes to Cognito first (it refuses one in use) and is put back if the profile
 * write fails; a new password is temporary and ends the member's sessions. A new department or
 * employment status is a move from a date (`assignmentFrom`, default today): the days before it keep
 * the old unit (domain/staff-assignment.ts), and a date on or before the last day of a closed period
 * is refused (409 on `assignment_from`); a new 入社日 or 退職日 that would move a closed period's day in
 * or out of the employment is refused too (409 on the field). One Query of the closings, only when
 * such a date changes. The member's stored figures from the first changed day on are recomputed in the
 * background (`recompute`, the job to poll; null when nothing stored can change).
 */
export async function updateStaff(
  companyId: string,
  employeeId: string,
  input: StaffEdit,
  deps: StaffDeps = staffDeps,
  timeZone = 'Asia/Tokyo',
  /** Names of the units the member had (the route's view before the edit): the answer's history needs no read. */
  knownNames?: UnitNames,
): Promise<StaffView & { recompute: RecomputeJobView | null }> {
  const current = await activeStaffMember(companyId, employeeId);
  assertLeaveAfterHire(input, current);
  const { department, employmentStatus } = await assertOrgRefs(companyId, input, MESSAGES.registrationDefect);
  const todayDate = today(timeZone, clock.now());
  const changes = datedChanges(current, input, todayDate);
  if (changes.move || changes.spans.length) {
    const closings = await periodClosings(companyId);
    if (changes.move)
      await assertEffectiveFromOpen(companyId, changes.move.date, 'assignment_from', undefined, closings);
    for (const x of changes.spans) await assertDaysOpen(companyId, x.from, x.to, x.field, undefined, closings);
  }
  const fields: StaffFields = { ...input, ...(changes.move ? { assignments: changes.move.history } : {}) };
  const username = current.userSub ?? current.email;
  const emailChanged = input.email !== current.email;
  if (emailChanged) {
    // The company's own duplicate is refused by the e-mail's unique item in the profile write (409),
    // which puts the old e-mail back in Cognito; another company's user may share the address.
    await assertLoginRoom('employee', input.email, companyId);
    await deps.updateEmail(username, input.email).catch(emailTaken);
  }
  try {
    await deps.patchStaff(companyId, employeeId, fields, current);
  } catch (error) {
    if (emailChanged) {
      await deps
        .updateEmail(username, current.email)
        .catch((cleanup: unknown) =>
          logger.error('staff e-mail rollback failed', { employeeId, error: cleanup as Error }),
        );
    }
    throw error;
  }
  if (input.password) {
    await deps.resetPassword(username, input.password);
    if (current.userSub) await deps.endSessions(current.userSub);
  }
  const {
    password: _password,
    hireDate: _hireDate,
    pattern: _pattern,
    employeeNumber: _number,
    nameKana: _kana,
    leaveDate: _leave,
    leaveTakenBeforeRecords: _takenBefore,
    assignmentFrom: _from,
    assignments: _assignments,
    ...rest
  } = fields as StaffEdit;
  const updated: StaffMember = {
    ...current,
    ...rest,
    ...leaveAttributes(input, current),
    ...identityAttributes(input, current),
    departmentId: input.departmentId ?? undefined,
    employmentStatusId: input.employmentStatusId ?? undefined,
    ...(changes.move ? { assignments: changes.move.history } : {}),
  };
  // The member's stored figures from the first changed day (never older than the 36協定 history needs).
  const [year, month] = todayDate.split('-').map(Number) as [number, number];
  const floor = new Date(Date.UTC(year, month - 1 - RECOMPUTE_MONTHS_BACK, 1)).toISOString().slice(0, 10);
  const recompute = changes.firstChanged
    ? await enqueueRecompute(
        companyId,
        changes.firstChanged < floor ? floor : changes.firstChanged,
        'staff.employment',
        timeZone,
        [employeeId],
      )
    : null;
  // The history's names: the new units' from the checks above, the others' as known (else one read each list).
  const others: UnitNames =
    knownNames ??
    (updated.assignments?.length
      ? unitNamesOf(
          ...(await Promise.all([listOrgUnits('department', companyId), listOrgUnits('employmentStatus', companyId)])),
        )
      : () => null);
  const names: UnitNames = (kind, id) =>
    (kind === 'department' ? department : employmentStatus)?.id === id
      ? (kind === 'department' ? department : employmentStatus)!.name
      : others(kind, id);
  return { ...staffView(updated, department, employmentStatus, names), recompute };
}

/**
 * Retire: the profile is marked retired (kept with its attendance: five-year retention), then the
 * member's sessions end and the Cognito user is disabled. Sign-in already refuses a retired profile,
 * so access is cut even if the Cognito call fails. A member without a 退職日 gets `today` (the
 * company-local date of the retirement) as theirs: the days after it are outside the employment.
 */
export async function retireStaff(
  companyId: string,
  employeeId: string,
  deps: StaffDeps = staffDeps,
  today?: string,
): Promise<{ id: string }> {
  const current = await activeStaffMember(companyId, employeeId);
  await markRetired(companyId, employeeId, current, undefined, today);
  if (current.userSub) await deps.endSessions(current.userSub);
  await deps.disableUser(current.userSub ?? current.email);
  return { id: employeeId };
}
