/**
 * The login index (db/entities/login-name.ts, issue 30 item 3): the accounts an e-mail signs in to, per
 * pool. The writes are commits for the transactions that write the user's record (db/staff.ts,
 * db/companies.ts); the reads are bounded by LOGIN_ACCOUNTS_PER_EMAIL.
 */
import { awsErrorName, ConflictError } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';
import type { TransactionEntities } from './organisation.js';
import { db, type Db } from './service.js';

export type LoginPool = 'employee' | 'admin';

/**
 * The most accounts one e-mail may have in one pool. A sign-in tries the password against each active
 * one (one Cognito call each), so the number must stay small; a person working for more than ten client
 * companies at once under one address is not a case the product meets. The eleventh registration is
 * refused with a message that names no other company (MESSAGES.emailAccountLimit).
 */
export const LOGIN_ACCOUNTS_PER_EMAIL = 10;

/** An e-mail as the index keys it: trimmed, lower case. */
export const loginKey = (email: string) => email.trim().toLowerCase();

export interface LoginAccount {
  companyId: string;
  userId: string;
  username: string;
}

/** The item of one user under one e-mail. */
const loginItem = (pool: LoginPool, email: string, a: LoginAccount) => ({
  pool,
  email: loginKey(email),
  companyId: a.companyId,
  userId: a.userId,
  username: a.username,
});

/** The commit that adds the user's index item (a transaction item: with the user's record). */
export const putLoginCommit = (
  { LoginName }: Pick<TransactionEntities, 'LoginName'>,
  pool: LoginPool,
  email: string,
  a: LoginAccount,
) => LoginName.put(loginItem(pool, email, a)).commit();

/** The commit that removes the user's item under an e-mail (none there is no failure). */
export const deleteLoginCommit = (
  { LoginName }: Pick<TransactionEntities, 'LoginName'>,
  pool: LoginPool,
  email: string,
  a: Pick<LoginAccount, 'companyId' | 'userId'>,
) => LoginName.delete({ pool, email: loginKey(email), companyId: a.companyId, userId: a.userId }).commit();

/** The accounts of an e-mail in a pool (one Query, at most LOGIN_ACCOUNTS_PER_EMAIL of them). */
export async function loginAccounts(pool: LoginPool, email: string, service: Db = db()): Promise<LoginAccount[]> {
  const { data } = await service.entities.LoginName.query
    .byEmail({ pool, email: loginKey(email) })
    .go({ limit: LOGIN_ACCOUNTS_PER_EMAIL, consistent: true });
  return data.map((d) => ({ companyId: d.companyId, userId: d.userId, username: d.username }));
}

/**
 * Refuses a new account for an e-mail that has LOGIN_ACCOUNTS_PER_EMAIL already (one Query, before the
 * user is made). The user's own company's accounts do not count against it twice: `companyId`'s item
 * under the e-mail is being replaced, not added. Two registrations racing on the tenth place could both
 * pass; sign-in then reads the first ten, so the bound on its work holds either way.
 */
export async function assertLoginRoom(
  pool: LoginPool,
  email: string,
  companyId: string,
  field = 'email',
  service: Db = db(),
): Promise<void> {
  const accounts = await loginAccounts(pool, email, service);
  const others = accounts.filter((a) => a.companyId !== companyId);
  if (others.length >= LOGIN_ACCOUNTS_PER_EMAIL) {
    throw new ConflictError(MESSAGES.emailAccountLimit, { [field]: [MESSAGES.emailAccountLimit] });
  }
}

/** Creates the item unless it is there; true when it wrote it. */
async function createLogin(item: ReturnType<typeof loginItem>, service: Db): Promise<boolean> {
  return service.entities.LoginName.create(item)
    .go({ response: 'none' })
    .then(() => true)
    .catch((error: unknown) => {
      if (awsErrorName(error) === 'ConditionalCheckFailedException') return false;
      throw error;
    });
}

/**
 * Gives the staff and admins of a company stored before the login index their items (functions/jobs/
 * migrate.ts runs it for every company): a page of members at a time, one conditional PutItem each, so a
 * rerun writes nothing. The username is the one their record keeps (`userSub`), else the e-mail (the
 * oldest members, created when the e-mail was the pool's sign-in alias). Until then such a user cannot
 * sign in: sign-in finds accounts through the index only.
 */
export async function backfillLoginIndex(companyId: string, service: Db = db()): Promise<number> {
  let written = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { employeeId: string; email: string; userSub?: string | undefined }[]; cursor: string | null } =
      await service.entities.Employee.query
        .byCompany({ companyId })
        .go({ cursor, attributes: ['employeeId', 'email', 'userSub'] });
    for (const m of page.data) {
      const account = { companyId, userId: m.employeeId, username: m.userSub ?? m.email };
      if (await createLogin(loginItem('employee', m.email, account), service)) written++;
    }
    cursor = page.cursor;
  } while (cursor);
  const { data: admins } = await service.entities.CompanyAdmin.query.byCompany({ companyId }).go({ pages: 'all' });
  for (const a of admins) {
    const account = { companyId, userId: a.adminId, username: a.userSub ?? a.email };
    if (await createLogin(loginItem('admin', a.email, account), service)) written++;
  }
  return written;
}
