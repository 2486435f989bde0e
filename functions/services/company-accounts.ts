import {
  activeCompanyById,
  companyById,
  insertCompanyWithAdmin,
  markCompanyClosed,
  primaryAdmin,
  updateCompanyAndAdmin,
} from '../db/companies.js';
import { assertLoginRoom } from '../db/logins.js';
import { COMPANY_CLOSE_REASON, findRecomputeJob } from '../db/recompute-jobs.js';
import { endSessions } from '../db/sessions.js';
import { leaseFrom } from '../domain/job-lease.js';
import { today } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { ConflictError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';
import { MESSAGES } from '../shared/messages.js';
import { updatePoolUserEmail } from '../shared/pool-users.js';
import {
  createUserWithTemporaryPassword,
  deleteUserAndTemporaryPassword,
  resetToTemporaryPassword,
} from './temporary-passwords.js';
import { jobStalled, startWorker } from './recompute.js';
import { assertPasswordPolicy } from './sessions/sign-in.js';
import type { NewCompanyInput, UpdateCompanyInput } from '../domain/company-schema.js';

/**
 * Company accounts span two stores: the admin user in the admin Cognito pool and the company and
 * admin items in DynamoDB. There is no transaction across them, so each operation orders its steps
 * and compensates: whatever fails, neither a company without its admin nor an orphan sign-in remains.
 */
export interface AccountDeps {
  createUser: typeof createUserWithTemporaryPassword;
  deleteUser: typeof deleteUserAndTemporaryPassword;
  updateEmail: typeof updatePoolUserEmail;
  resetPassword: typeof resetToTemporaryPassword;
  saveNewCompany: typeof insertCompanyWithAdmin;
  saveChanges: typeof updateCompanyAndAdmin;
  endSessions: (sub: string) => Promise<unknown>;
}

export const defaultAccountDeps: AccountDeps = {
  createUser: createUserWithTemporaryPassword,
  deleteUser: deleteUserAndTemporaryPassword,
  updateEmail: updatePoolUserEmail,
  resetPassword: resetToTemporaryPassword,
  saveNewCompany: insertCompanyWithAdmin,
  saveChanges: updateCompanyAndAdmin,
  endSessions: (sub) => endSessions(sub),
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
 * Cognito first, then the company, its admin and the admin's login index item in one DynamoDB
 * transaction. If that write fails the Cognito user is deleted again. The given password is temporary:
 * the admin chooses their own at the first sign-in (/companies/new_password). The e-mail may be an
 * admin's of another company too (issue 30 item 3): the Cognito username is the product's id, and
 * sign-in asks which company when the password opens both.
 */
export async function openCompanyAccount(input: NewCompanyInput, deps: AccountDeps = defaultAccountDeps) {
  assertPasswordPolicy(input.password);
  const companyId = newId();
  const adminId = newId();
  await assertLoginRoom('admin', input.email, companyId);
  const adminSub = await deps
    .createUser({
      role: 'admin',
      email: input.email,
      attributes: { company_id: companyId, admin_id: adminId },
      temporaryPassword: input.password,
    })
    .catch(emailTaken);
  try {
    // 利用開始日: the records of every worker begin no earlier than today (the five-day duty).
    const usageStartedOn = today(input.time_zone, clock.now());
    return await deps.saveNewCompany({ companyId, adminId, adminSub, ...companyFields(input), usageStartedOn });
  } catch (error) {
    await deps.deleteUser('admin', adminSub).catch((cleanup: unknown) =>
      // The admin cannot sign in anyway (no company record), but the e-mail stays taken until removed.
      logger.error('company creation: could not remove the admin user again', { adminSub, error: cleanup as Error }),
    );
    throw error;
  }
}

/**
 * E-mail first in Cognito (a plain attribute: another company's admin may have it too, issue 30 item 3),
 * then the records with the login index item moved; a failed record write puts the old e-mail back. A
 * new password is temporary and ends the admin's sessions.
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
  if (emailChanged) await assertLoginRoom('admin', input.email, companyId);
  if (emailChanged && admin.userSub) await deps.updateEmail('admin', admin.userSub, input.email).catch(emailTaken);
  const changes = companyFields(input);
  try {
    await deps.saveChanges(
      companyId,
      admin.adminId,
      changes,
      admin.userSub ? { email: admin.email, username: admin.userSub } : undefined,
    );
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

const CLOSE_JOB_TTL_SECONDS = 7 * 24 * 60 * 60;

type CloseJobRecord = {
  jobId: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  total?: number | undefined;
  done: number;
  failed: number;
  createdAt: string;
  finishedAt?: string | undefined;
  leaseUntil?: number | undefined;
};

const closeJobView = (job: CloseJobRecord) => ({
  id: job.jobId,
  /** A close whose worker died reads `failed` (with `stalled`): closing again finishes it (a new job). */
  status: jobStalled(job) ? ('failed' as const) : job.status,
  /** The worker was not heard from within its lease (issue 30 item 13). */
  stalled: jobStalled(job),
  /** Admins and staff to disable; null until the worker has counted them. */
  total: job.total ?? null,
  done: job.done,
  failed: job.failed,
  created_at: job.createdAt,
  finished_at: job.finishedAt ?? null,
});

/** The progress of a company close (`GET /api/v1/companies/{id}/closing`; the SPA imports the type). */
export type CompanyCloseJobView = ReturnType<typeof closeJobView>;

/**
 * Closing, not deleting: attendance records must be kept (labour law), so the company is marked
 * closed, which stops every sign-in at once, and a job is recorded in the same transaction; the
 * recompute worker then disables each admin and staff member in Cognito and ends their sessions
 * (services/company-close.ts), however many there are. Three requests whatever the staff count
 * (GetItem, TransactWriteItems, Invoke). Repeating it records a new job that finishes a close that
 * failed half-way. The answer is the company id and the job the operator's screen polls.
 */
export async function closeCompanyAccount(companyId: string) {
  const company = await companyById(companyId);
  const month = today(company.timeZone, clock.now()).slice(0, 7);
  const job = {
    jobId: newId(),
    reason: COMPANY_CLOSE_REASON,
    fromMonth: month,
    toMonth: month,
    timeZone: company.timeZone,
    leaseUntil: leaseFrom(clock.now().getTime()),
    expiresAt: Math.floor(clock.now().getTime() / 1000) + CLOSE_JOB_TTL_SECONDS,
  };
  await markCompanyClosed(companyId, job, company.status !== 'active');
  await startWorker({ kind: 'company-close', companyId, jobId: job.jobId });
  return {
    id: companyId,
    close_job: closeJobView({ ...job, status: 'pending', done: 0, failed: 0, createdAt: clock.now().toISOString() }),
  };
}

/**
 * The last close of a company (GetItem on the company, GetItem on its job): null for a company never
 * closed (or whose job has expired, a week after); 404 for an unknown company.
 */
export async function companyCloseStatus(companyId: string): Promise<CompanyCloseJobView | null> {
  const company = await companyById(companyId);
  const job = company.closeJobId ? await findRecomputeJob(companyId, company.closeJobId) : null;
  return job ? closeJobView(job) : null;
}
