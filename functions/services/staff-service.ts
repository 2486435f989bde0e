/**
 * Staff registration, edit and retirement across the employee Cognito pool and DynamoDB, so that a
 * failure of either leaves no half-made staff member behind. Dependencies are default parameters:
 * tests pass failing ones to prove the compensation.
 */
import { summarySystemView } from './work-figures.js';
import { assertOrgRefs, findOrgUnit, listOrgUnits, type OrgUnit } from '../db/organisation.js';
import { patternOf } from '../db/paid-leave.js';
import { endSessions } from '../db/sessions.js';
import { summariesOf } from '../db/summaries.js';
import { payrollVersions } from '../db/period-closings.js';
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
import {
  disablePoolUser,
  poolUserByEmail,
  poolUsernameByEmail,
  updatePoolUserEmail,
  type NewPoolUser,
  type PoolUserFound,
} from '../shared/pool-users.js';
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
  usernameByEmail: (email: string) => Promise<string | null>;
  /** The pool user of an e-mail with its tenant ids (a bulk import finds the user its dead run made). */
  userByEmail: (email: string) => Promise<PoolUserFound | null>;
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
  usernameByEmail: (email) => poolUsernameByEmail('employee', email),
  userByEmail: (email) => poolUserByEmail('employee', email),
  resetPassword: (username, password) => resetToTemporaryPassword('employee', username, password),
  endSessions: (sub) => endSessions(sub),
  insertStaff,
  patchStaff,
};

/** Cognito refuses a second user with the same e-mail: say so in words the admin can act on. */
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
/** The identity attributes a form's 社員番号, フリガナ and 退職日 become (undefined keeps the stored value). */
function identityAttributes(f: StaffFields, current: Partial<StaffMember> = {}): Partial<StaffMember> {
  const keep = <K extends 'employeeNumber' | 'nameKana' | 'leaveDate'>(k: K) =>
    f[k] === undefined ? current[k] : (f[k] ?? undefined);
  return { employeeNumber: keep('employeeNumber'), nameKana: keep('nameKana'), leaveDate: keep('leaveDate') };
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

/** The staff row of spec §7 (list, detail and the answers of create/update). */
export function staffView(m: StaffMember, department: OrgUnit | null | undefined, status: OrgUnit | null | undefined) {
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
  const rows = staff.map((m) => {
    const view = staffView(
      m,
      m.departmentId ? dept.get(m.departmentId) : null,
      m.employmentStatusId ? stat.get(m.employmentStatusId) : null,
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

/** One active staff member with names (a department deleted since shows as none). */
export async function staffDetail(companyId: string, employeeId: string): Promise<StaffView> {
  const m = await activeStaffMember(companyId, employeeId);
  const [department, status] = await Promise.all([
    m.departmentId ? findOrgUnit('department', companyId, m.departmentId) : null,
    m.employmentStatusId ? findOrgUnit('employmentStatus', companyId, m.employmentStatusId) : null,
  ]);
  return staffView(m, department, status);
}

/**
 * Register: the Cognito user first (temporary password, not permanent, so the first sign-in asks
 * for a new one; tenant ids as immutable attributes), then the profile with a conditional create.
 * If the profile write fails the Cognito user is deleted again.
 */
export async function registerStaff(
  companyId: string,
  input: StaffFields & { password: string },
  deps: StaffDeps = staffDeps,
): Promise<StaffView> {
  assertLeaveAfterHire(input);
  const { department, employmentStatus } = await assertOrgRefs(companyId, input, MESSAGES.registrationDefect);
  const employeeId = newId();
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
  const {
    password: _password,
    hireDate: _hireDate,
    pattern: _pattern,
    employeeNumber: _number,
    nameKana: _kana,
    leaveDate: _leave,
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

/**
 * Edit: a new e-mail goes to Cognito first (it refuses one in use) and is put back if the profile
 * write fails; a new password is temporary and ends the member's sessions. Not refused in a closed
 * payroll period: a new department or employment status rewrites no day and recomputes no summary
 * (the next change of an open day does), and a closed period keeps the figures stored at closing.
 */
export async function updateStaff(
  companyId: string,
  employeeId: string,
  input: StaffFields & { password: string | null },
  deps: StaffDeps = staffDeps,
): Promise<StaffView> {
  const current = await activeStaffMember(companyId, employeeId);
  assertLeaveAfterHire(input, current);
  const { department, employmentStatus } = await assertOrgRefs(companyId, input, MESSAGES.registrationDefect);
  const username = current.userSub ?? current.email;
  const emailChanged = input.email !== current.email;
  if (emailChanged) {
    const holder = await deps.usernameByEmail(input.email);
    if (holder && holder !== username) throw new ConflictError(MESSAGES.emailTaken);
    await deps.updateEmail(username, input.email).catch(emailTaken);
  }
  try {
    await deps.patchStaff(companyId, employeeId, input, current);
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
    ...fields
  } = input;
  const updated: StaffMember = {
    ...current,
    ...fields,
    ...leaveAttributes(input, current),
    ...identityAttributes(input, current),
    departmentId: input.departmentId ?? undefined,
    employmentStatusId: input.employmentStatusId ?? undefined,
  };
  return staffView(updated, department, employmentStatus);
}

/**
 * Retire: the profile is marked retired (kept with its attendance: five-year retention), then the
 * member's sessions end and the Cognito user is disabled. Sign-in already refuses a retired profile,
 * so access is cut even if the Cognito call fails.
 */
export async function retireStaff(
  companyId: string,
  employeeId: string,
  deps: StaffDeps = staffDeps,
): Promise<{ id: string }> {
  const current = await activeStaffMember(companyId, employeeId);
  await markRetired(companyId, employeeId, current);
  if (current.userSub) await deps.endSessions(current.userSub);
  await deps.disableUser(current.userSub ?? current.email);
  return { id: employeeId };
}
