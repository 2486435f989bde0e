import {
  activeCompanyById,
  companyById,
  companyUsers,
  insertCompanyWithAdmin,
  markAdminDisabled,
  markCompanyClosed,
  primaryAdmin,
  updateCompanyAndAdmin,
} from '../db/companies.js';
import { endSessions } from '../db/sessions.js';
import type { Role } from '../routes.js';
import { pools } from '../shared/auth/pools.js';
import { ConflictError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';
import { MESSAGES } from '../shared/messages.js';
import {
  createPoolUser,
  deletePoolUser,
  disablePoolUser,
  resetPoolUserPassword,
  updatePoolUserEmail,
} from '../shared/pool-users.js';
import { assertPasswordPolicy } from './sessions/sign-in.js';
import type { NewCompanyInput, UpdateCompanyInput } from '../domain/company-schema.js';

/**
 * Company accounts span two stores: the admin user in the admin Cognito pool and the company and
 * admin items in DynamoDB. There is no transaction across them, so each operation orders its steps
 * and compensates: whatever fails, neither a company without its admin nor an orphan sign-in remains.
 */
export interface AccountDeps {
  createUser: typeof createPoolUser;
  deleteUser: typeof deletePoolUser;
  disableUser: typeof disablePoolUser;
  updateEmail: typeof updatePoolUserEmail;
  resetPassword: typeof resetPoolUserPassword;
  saveNewCompany: typeof insertCompanyWithAdmin;
  saveChanges: typeof updateCompanyAndAdmin;
  endSessions: (sub: string) => Promise<unknown>;
  adminEmailInUse: (email: string) => Promise<boolean>;
}

/**
 * Whether an admin already signs in with this e-mail. AWS refuses a taken e-mail on update
 * (AliasExistsException) but cognito-local does not, so the update path asks first.
 */
async function adminEmailInUse(email: string): Promise<boolean> {
  try {
    // Loaded on use (as in pool-users.ts): listing and reading companies never call Cognito.
    const { AdminGetUserCommand, cognito } = await import('../shared/clients/cognito-admin.js');
    await cognito().send(new AdminGetUserCommand({ UserPoolId: pools().admin.poolId, Username: email }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
}

export const defaultAccountDeps: AccountDeps = {
  createUser: createPoolUser,
  deleteUser: deletePoolUser,
  disableUser: disablePoolUser,
  updateEmail: updatePoolUserEmail,
  resetPassword: resetPoolUserPassword,
  saveNewCompany: insertCompanyWithAdmin,
  saveChanges: updateCompanyAndAdmin,
  endSessions: (sub) => endSessions(sub),
  adminEmailInUse,
};

/** A company form body as the records take it (plan, option and time zone may be absent on an edit). */
const companyFields = <I extends NewCompanyInput | UpdateCompanyInput>(
  input: I,
): {
  name: string;
  staffName: string;
  email: string;
  cell: I['cell'];
  plan: I['plan'];
  hasOption: I['has_option'];
  timeZone: I['time_zone'];
} => ({
  name: input.name,
  staffName: input.staff_name,
  email: input.email,
  cell: input.cell,
  plan: input.plan,
  hasOption: input.has_option,
  timeZone: input.time_zone,
});

const emailTaken = (error: unknown): never => {
  if (error instanceof ConflictError) throw new ConflictError(MESSAGES.companyEmailTaken);
  throw error;
};

/**
 * Cognito first (it owns e-mail uniqueness across the pool), then the company and its admin in one
 * DynamoDB transaction. If that write fails the Cognito user is deleted again. The given password
 * is temporary: the admin chooses their own at the first sign-in (/companies/new_password).
 */
export async function openCompanyAccount(input: NewCompanyInput, deps: AccountDeps = defaultAccountDeps) {
  assertPasswordPolicy(input.password);
  const companyId = newId();
  const adminId = newId();
  const adminSub = await deps
    .createUser({
      role: 'admin',
      email: input.email,
      attributes: { company_id: companyId, admin_id: adminId },
      temporaryPassword: input.password,
    })
    .catch(emailTaken);
  try {
    return await deps.saveNewCompany({ companyId, adminId, adminSub, ...companyFields(input) });
  } catch (error) {
    await deps.deleteUser('admin', adminSub).catch((cleanup: unknown) =>
      // The admin cannot sign in anyway (no company record), but the e-mail stays taken until removed.
      logger.error('company creation: could not remove the admin user again', { adminSub, error: cleanup as Error }),
    );
    throw error;
  }
}

/**
 * E-mail first in Cognito (refused there if another admin has it), then the records; a failed
 * record write puts the old e-mail back. A new password is temporary and ends the admin's sessions.
 */
export async function editCompanyAccount(
  companyId: string,
  input: UpdateCompanyInput,
  deps: AccountDeps = defaultAccountDeps,
) {
  if (input.password) assertPasswordPolicy(input.password);
  const company = await activeCompanyById(companyId);
  const admin = await primaryAdmin(company);
  const emailChanged = input.email !== company.email;
  if (emailChanged && (await deps.adminEmailInUse(input.email))) throw new ConflictError(MESSAGES.companyEmailTaken);
  if (emailChanged && admin.userSub) await deps.updateEmail('admin', admin.userSub, input.email).catch(emailTaken);
  const changes = companyFields(input);
  try {
    await deps.saveChanges(companyId, admin.adminId, changes);
  } catch (error) {
    if (emailChanged && admin.userSub) {
      await deps
        .updateEmail('admin', admin.userSub, company.email)
        .catch((cleanup: unknown) =>
          logger.error('company edit: could not restore the admin e-mail', { companyId, error: cleanup as Error }),
        );
    }
    throw error;
  }
  if (input.password && admin.userSub) {
    await deps.resetPassword('admin', admin.userSub, input.password);
    await deps.endSessions(admin.userSub);
  }
  return {
    ...company,
    ...changes,
    plan: changes.plan ?? company.plan,
    hasOption: changes.hasOption ?? company.hasOption,
    timeZone: changes.timeZone ?? company.timeZone,
  };
}

const BATCH = 10;

/**
 * Closing, not deleting: attendance records must be kept (labour law), so the company is marked
 * closed, which stops every sign-in at once, then each admin and staff member is disabled in Cognito
 * and their sessions end. Repeating it finishes a close that failed half-way.
 */
export async function closeCompanyAccount(companyId: string, deps: AccountDeps = defaultAccountDeps) {
  const company = await companyById(companyId);
  if (company.status === 'active') await markCompanyClosed(companyId);
  const { admins, employees } = await companyUsers(companyId);
  const users: { role: Role; sub: string }[] = [
    ...admins.flatMap((a) => (a.userSub ? [{ role: 'admin' as const, sub: a.userSub }] : [])),
    ...employees.flatMap((e) => (e.userSub ? [{ role: 'employee' as const, sub: e.userSub }] : [])),
  ];
  for (let i = 0; i < users.length; i += BATCH) {
    await Promise.all(
      users.slice(i, i + BATCH).map(async ({ role, sub }) => {
        await deps.disableUser(role, sub).catch((error: unknown) => {
          if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
        });
        await deps.endSessions(sub);
      }),
    );
  }
  await Promise.all(admins.filter((a) => a.status !== 'disabled').map((a) => markAdminDisabled(companyId, a.adminId)));
  return { id: companyId };
}
