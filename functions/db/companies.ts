import { today } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { awsErrorName, ConflictError, NotFoundError } from '../shared/errors.js';
import { deleteLoginCommit, loginKey, putLoginCommit } from './logins.js';
import { db, type Db } from './service.js';

/** Company accounts (platform partition) and their admins: the operator's access patterns. */

export interface NewCompanyRecord {
  companyId: string;
  adminId: string;
  name: string;
  staffName: string;
  email: string;
  cell?: string | undefined;
  plan: number;
  hasOption: boolean;
  timeZone: string;
  /** Cognito username (sub) of the first admin. */
  adminSub: string;
  /** 利用開始日 (company-local YYYY-MM-DD): the day the account is opened. */
  usageStartedOn?: string | undefined;
}

export interface CompanyChanges {
  name: string;
  staffName: string;
  email: string;
  cell?: string | undefined;
  plan?: number | undefined;
  hasOption?: boolean | undefined;
  timeZone?: string | undefined;
}

/** Active companies, oldest first: one Query on the platform partition (closed ones are kept, not listed). */
export async function listActiveCompanies(service: Db = db()) {
  const { data } = await service.entities.Company.query.byId({}).go({ pages: 'all' });
  return data.filter((c) => c.status === 'active');
}

/** One company by id (GetItem), closed or not; 404 when there is none. */
export async function companyById(companyId: string, service: Db = db()) {
  const { data } = await service.entities.Company.get({ companyId }).go();
  if (!data) throw new NotFoundError();
  return data;
}

/** An active company (GetItem); a closed one is as good as gone for the operator's screens. */
export async function activeCompanyById(companyId: string, service: Db = db()) {
  const company = await companyById(companyId, service);
  if (company.status !== 'active') throw new NotFoundError();
  return company;
}

/** The company and its first admin in one transaction: both are written or neither. */
export async function insertCompanyWithAdmin(r: NewCompanyRecord, service: Db = db()) {
  const company = {
    companyId: r.companyId,
    name: r.name,
    staffName: r.staffName,
    email: r.email,
    plan: r.plan,
    hasOption: r.hasOption,
    timeZone: r.timeZone,
    primaryAdminId: r.adminId,
    ...(r.cell ? { cell: r.cell } : {}),
    ...(r.usageStartedOn ? { usageStartedOn: r.usageStartedOn } : {}),
  };
  const result = await service.transaction
    .write((entities) => [
      entities.Company.create(company).commit(),
      entities.CompanyAdmin.create({
        companyId: r.companyId,
        adminId: r.adminId,
        name: r.staffName,
        email: r.email,
        userSub: r.adminSub,
      }).commit(),
      // The login index (issue 30 item 3): sign-in finds the admin by the e-mail.
      putLoginCommit(entities, 'admin', r.email, { companyId: r.companyId, userId: r.adminId, username: r.adminSub }),
    ])
    .go();
  if (result.canceled) throw new ConflictError();
  return { ...company, cell: r.cell };
}

/**
 * The admin the operator manages for this company: the one created with it, or (for companies
 * created before that was recorded) the admin with the company's e-mail. One GetItem or one Query.
 */
export async function primaryAdmin(
  company: { companyId: string; email: string; primaryAdminId?: string | undefined },
  service: Db = db(),
) {
  if (company.primaryAdminId) {
    const { data } = await service.entities.CompanyAdmin.get({
      companyId: company.companyId,
      adminId: company.primaryAdminId,
    }).go();
    if (data) return data;
  }
  const { data } = await service.entities.CompanyAdmin.query
    .byCompany({ companyId: company.companyId })
    .go({ pages: 'all' });
  const admin = data.find((a) => a.email === company.email) ?? data[0];
  if (!admin) throw new NotFoundError();
  return admin;
}

/**
 * Company fields and the admin's name and e-mail, together (transaction, both must exist). With `login`
 * (the admin's e-mail as read and Cognito username), the admin's login index item moves to the new e-mail
 * in the same transaction (issue 30 item 3).
 */
export async function updateCompanyAndAdmin(
  companyId: string,
  adminId: string,
  c: CompanyChanges,
  login?: { email: string; username: string },
  service: Db = db(),
) {
  const set = {
    name: c.name,
    staffName: c.staffName,
    email: c.email,
    ...(c.plan !== undefined ? { plan: c.plan } : {}),
    ...(c.hasOption !== undefined ? { hasOption: c.hasOption } : {}),
    ...(c.timeZone !== undefined ? { timeZone: c.timeZone } : {}),
    ...(c.cell ? { cell: c.cell } : {}),
  };
  const result = await service.transaction
    .write((entities) => [
      c.cell
        ? entities.Company.patch({ companyId })
            .set(set)
            .where((a, { eq }) => eq(a.status, 'active'))
            .commit()
        : entities.Company.patch({ companyId })
            .set(set)
            .remove(['cell'])
            .where((a, { eq }) => eq(a.status, 'active'))
            .commit(),
      entities.CompanyAdmin.patch({ companyId, adminId }).set({ name: c.staffName, email: c.email }).commit(),
      ...(login && loginKey(login.email) !== loginKey(c.email)
        ? [
            deleteLoginCommit(entities, 'admin', login.email, { companyId, userId: adminId }),
            putLoginCommit(entities, 'admin', c.email, {
              companyId,
              userId: adminId,
              username: login.username,
            }),
          ]
        : []),
    ])
    .go();
  if (result.canceled) throw new NotFoundError();
}

/** The job a close records (services/company-close.ts runs it). */
export interface CompanyCloseJob {
  jobId: string;
  reason: string;
  fromMonth: string;
  toMonth: string;
  timeZone: string;
  /** The lease its first run must take it within (domain/job-lease.ts); without, its creation counts. */
  leaseUntil?: number;
  expiresAt: number;
}

/**
 * Marks the company closed (sign-in already refuses users of a company that is not active) and
 * records the close's job, in one transaction: a closed company always names its job. A repeat on a
 * closed company keeps its closedAt and only records the new job. One TransactWriteItems.
 */
export async function markCompanyClosed(
  companyId: string,
  job: CompanyCloseJob,
  alreadyClosed: boolean,
  service: Db = db(),
) {
  const closedAt = clock.now().toISOString();
  const result = await service.transaction
    .write(({ Company, CompanyClosure, RecomputeJob }) => [
      Company.patch({ companyId })
        .set(alreadyClosed ? { closeJobId: job.jobId } : { status: 'closed', closedAt, closeJobId: job.jobId })
        .commit(),
      // The sessions' check reads this mark (db/sessions.ts); a repeat keeps the first close's.
      ...(alreadyClosed ? [] : [CompanyClosure.put({ companyId, closedAt }).commit()]),
      RecomputeJob.create({ companyId, status: 'pending', done: 0, failed: 0, ...job }).commit(),
    ])
    .go();
  if (result.canceled) throw new ConflictError();
}

export type CompanyUserKind = 'admin' | 'employee';

/** A company user as the close needs it: its Cognito username, and the admin's id and status. */
export interface CompanyUser {
  kind: CompanyUserKind;
  sub: string | undefined;
  adminId?: string | undefined;
  disabled: boolean;
}

/** One Query page of the company's admins or staff (`limit` items), and the cursor of the next. */
export async function companyUserPage(
  companyId: string,
  kind: CompanyUserKind,
  cursor: string | null,
  limit: number,
  service: Db = db(),
): Promise<{ users: CompanyUser[]; cursor: string | null }> {
  if (kind === 'admin') {
    const page = await service.entities.CompanyAdmin.query
      .byCompany({ companyId })
      .go({ cursor, limit, attributes: ['adminId', 'userSub', 'status'] });
    return {
      users: page.data.map((a) => ({ kind, sub: a.userSub, adminId: a.adminId, disabled: a.status === 'disabled' })),
      cursor: page.cursor,
    };
  }
  const page = await service.entities.Employee.query
    .byCompany({ companyId })
    .go({ cursor, limit, attributes: ['employeeId', 'userSub'] });
  return { users: page.data.map((e) => ({ kind, sub: e.userSub, disabled: false })), cursor: page.cursor };
}

export async function markAdminDisabled(companyId: string, adminId: string, service: Db = db()) {
  await service.entities.CompanyAdmin.patch({ companyId, adminId }).set({ status: 'disabled' }).go();
}

/** One company by id (GetItem), or null: for reads that fall back to defaults. */
export async function findCompany(companyId: string, service: Db = db()) {
  const { data } = await service.entities.Company.get({ companyId }).go();
  return data;
}

/**
 * The closure mark of a company closed before the marks existed (issue 30 item 4), from its stored
 * close: 1 when written, 0 for an open company or one that has its mark. Migration step.
 */
export async function backfillClosureMark(companyId: string, service: Db = db()): Promise<number> {
  const company = await findCompany(companyId, service);
  if (company?.status !== 'closed') return 0;
  try {
    await service.entities.CompanyClosure.create({
      companyId,
      closedAt: company.closedAt ?? clock.now().toISOString(),
    }).go();
    return 1;
  } catch (error) {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') return 0;
    throw error;
  }
}

/** One company admin by id (GetItem), or null: sign-in checks the admin is still active. */
export async function findCompanyAdmin(companyId: string, adminId: string, service: Db = db()) {
  const { data } = await service.entities.CompanyAdmin.get({ companyId, adminId }).go();
  return data;
}

/** The common paid-leave grant date (斉一的付与), or none when null (UpdateItem on the company). */
export async function setLeaveCommonDate(
  companyId: string,
  c: { monthDay: string; firstGrant: 'six_months' | 'first_common_date' | 'hire_date' } | null,
  service: Db = db(),
): Promise<void> {
  const patch = service.entities.Company.patch({ companyId });
  await (
    c
      ? patch.set({ leaveCommonDate: c.monthDay, leaveFirstGrant: c.firstGrant })
      : patch.remove(['leaveCommonDate', 'leaveFirstGrant'])
  ).go({ response: 'none' });
}

/** 打刻修正の承認 on or off, and the company's default language when given (one UpdateItem on the company). */
export async function setCorrectionApproval(
  companyId: string,
  on: boolean,
  language?: string,
  service: Db = db(),
): Promise<void> {
  await service.entities.Company.patch({ companyId })
    .set({ correctionApproval: on, ...(language ? { language } : {}) })
    .go({ response: 'none' });
}

/**
 * Gives a company opened before the first day of use was kept its 利用開始日 (`usageStartedOn`): the
 * company-local date of its `createdAt`, when the account was opened. A company that has one is left
 * alone, so a rerun writes nothing. Returns how many were written (0 or 1). For the one-off migration
 * (functions/jobs/migrate.ts).
 */
export async function backfillUsageStart(companyId: string, service: Db = db()): Promise<number> {
  const { data } = await service.entities.Company.get({ companyId }).go();
  if (!data || data.usageStartedOn) return 0;
  const usageStartedOn = today(data.timeZone, new Date(data.createdAt));
  await service.entities.Company.patch({ companyId })
    .set({ usageStartedOn })
    .where((a, { notExists }) => notExists(a.usageStartedOn))
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (awsErrorName(error) !== 'ConditionalCheckFailedException') throw error;
    });
  return 1;
}
