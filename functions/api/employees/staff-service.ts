/**
 * Staff registration, edit and retirement across the employee Cognito pool and DynamoDB, so that a
 * failure of either leaves no half-made staff member behind. Dependencies are default parameters:
 * tests pass failing ones to prove the compensation.
 */
import { assertOrgRefs, findOrgUnit, listOrgUnits, type OrgUnit } from '../../db/organisation.js';
import { endSessions } from '../../db/sessions.js';
import { activeStaff, activeStaffMember, insertStaff, markRetired, patchStaff, type StaffFields, type StaffMember } from '../../db/staff.js';
import { ConflictError } from '../../shared/errors.js';
import { newId } from '../../shared/ids.js';
import { logger } from '../../shared/logger.js';
import { MESSAGES } from '../../shared/messages.js';
import {
  createPoolUser,
  deletePoolUser,
  disablePoolUser,
  poolUsernameByEmail,
  resetPoolUserPassword,
  updatePoolUserEmail,
  type NewPoolUser,
} from '../../shared/pool-users.js';

export interface StaffDeps {
  createUser: (user: NewPoolUser) => Promise<string>;
  deleteUser: (username: string) => Promise<void>;
  disableUser: (username: string) => Promise<void>;
  updateEmail: (username: string, email: string) => Promise<void>;
  usernameByEmail: (email: string) => Promise<string | null>;
  resetPassword: (username: string, temporaryPassword: string) => Promise<void>;
  endSessions: (sub: string) => Promise<number>;
  insertStaff: typeof insertStaff;
  patchStaff: typeof patchStaff;
}

export const staffDeps: StaffDeps = {
  createUser: createPoolUser,
  deleteUser: (username) => deletePoolUser('employee', username),
  disableUser: (username) => disablePoolUser('employee', username),
  updateEmail: (username, email) => updatePoolUserEmail('employee', username, email),
  usernameByEmail: (email) => poolUsernameByEmail('employee', email),
  resetPassword: (username, password) => resetPoolUserPassword('employee', username, password),
  endSessions: (sub) => endSessions(sub),
  insertStaff,
  patchStaff,
};

/** Cognito refuses a second user with the same e-mail: say so in words the admin can act on. */
const emailTaken = (error: unknown): never => {
  if (error instanceof ConflictError) throw new ConflictError(MESSAGES.emailTaken);
  throw error;
};

/** The staff row of spec §7 (list, detail and the answers of create/update). */
export function staffView(m: StaffMember, department: OrgUnit | null | undefined, status: OrgUnit | null | undefined) {
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
    // Filled by the calculation engine (a later issue); null means "not calculated".
    monthly_working_minutes: null,
    overtime_minutes: null,
    over_legal_limit_minutes: null,
  };
}
export type StaffView = ReturnType<typeof staffView>;

/** Active staff with department and status names: three Queries in parallel. */
export async function staffList(companyId: string): Promise<StaffView[]> {
  const [staff, departments, statuses] = await Promise.all([
    activeStaff(companyId),
    listOrgUnits('department', companyId),
    listOrgUnits('employmentStatus', companyId),
  ]);
  const dept = new Map(departments.map((d) => [d.id, d]));
  const stat = new Map(statuses.map((s) => [s.id, s]));
  return staff
    .map((m) => staffView(m, m.departmentId ? dept.get(m.departmentId) : null, m.employmentStatusId ? stat.get(m.employmentStatusId) : null))
    .sort((a, b) => a.name.localeCompare(b.name, 'ja'));
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
export async function registerStaff(companyId: string, input: StaffFields & { password: string }, deps: StaffDeps = staffDeps): Promise<StaffView> {
  const { department, employmentStatus } = await assertOrgRefs(companyId, input, MESSAGES.registrationDefect);
  const employeeId = newId();
  const userSub = await deps
    .createUser({ role: 'employee', email: input.email, attributes: { company_id: companyId, employee_id: employeeId }, temporaryPassword: input.password })
    .catch(emailTaken);
  try {
    await deps.insertStaff(companyId, employeeId, userSub, input);
  } catch (error) {
    await deps.deleteUser(userSub).catch((cleanup: unknown) => logger.error('staff compensation failed', { userSub, error: cleanup as Error }));
    throw error;
  }
  const { password: _password, ...fields } = input;
  return staffView({ ...fields, employeeId, userSub, status: 'active', departmentId: input.departmentId ?? undefined, employmentStatusId: input.employmentStatusId ?? undefined }, department, employmentStatus);
}

/**
 * Edit: a new e-mail goes to Cognito first (it refuses one in use) and is put back if the profile
 * write fails; a new password is temporary and ends the member's sessions.
 */
export async function updateStaff(
  companyId: string,
  employeeId: string,
  input: StaffFields & { password: string | null },
  deps: StaffDeps = staffDeps,
): Promise<StaffView> {
  const current = await activeStaffMember(companyId, employeeId);
  const { department, employmentStatus } = await assertOrgRefs(companyId, input, MESSAGES.registrationDefect);
  const username = current.userSub ?? current.email;
  const emailChanged = input.email !== current.email;
  if (emailChanged) {
    const holder = await deps.usernameByEmail(input.email);
    if (holder && holder !== username) throw new ConflictError(MESSAGES.emailTaken);
    await deps.updateEmail(username, input.email).catch(emailTaken);
  }
  try {
    await deps.patchStaff(companyId, employeeId, input);
  } catch (error) {
    if (emailChanged) {
      await deps.updateEmail(username, current.email).catch((cleanup: unknown) => logger.error('staff e-mail rollback failed', { employeeId, error: cleanup as Error }));
    }
    throw error;
  }
  if (input.password) {
    await deps.resetPassword(username, input.password);
    if (current.userSub) await deps.endSessions(current.userSub);
  }
  const { password: _password, ...fields } = input;
  const updated: StaffMember = {
    ...current,
    ...fields,
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
export async function retireStaff(companyId: string, employeeId: string, deps: StaffDeps = staffDeps): Promise<{ id: string }> {
  const current = await activeStaffMember(companyId, employeeId);
  await markRetired(companyId, employeeId);
  if (current.userSub) await deps.endSessions(current.userSub);
  await deps.disableUser(current.userSub ?? current.email);
  return { id: employeeId };
}
