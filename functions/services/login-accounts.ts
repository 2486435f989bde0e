/**
 * The active accounts an e-mail signs in to on a company sign-in page (issue 30 item 3): the login
 * index's accounts (db/logins.ts, at most LOGIN_ACCOUNTS_PER_EMAIL) whose company and user are active,
 * with the names the sign-in's company choice and the password-reset mail show. Bounded: one Query and
 * two GetItems per account, whatever the size of the companies.
 */
import { findCompany, findCompanyAdmin } from '../db/companies.js';
import { loginAccounts, type LoginPool } from '../db/logins.js';
import { findEmployee } from '../db/staff.js';

export interface ActiveLoginAccount {
  companyId: string;
  companyName: string;
  userId: string;
  /** The Cognito username. */
  username: string;
  /** The user's name (姓 名 for staff, the admin's name). */
  name: string;
  /** The e-mail as stored on the user's record. */
  email: string;
  /** The company's IANA zone: the session opened for this account needs it (no second read). */
  timeZone: string;
}

export async function activeLoginAccounts(pool: LoginPool, email: string): Promise<ActiveLoginAccount[]> {
  const accounts = await loginAccounts(pool, email);
  const found = await Promise.all(
    accounts.map(async (a) => {
      const [company, user] = await Promise.all([
        findCompany(a.companyId),
        pool === 'employee' ? findEmployee(a.companyId, a.userId) : findCompanyAdmin(a.companyId, a.userId),
      ]);
      if (!company || company.status !== 'active' || !user || user.status !== 'active') return null;
      const name = 'lastName' in user ? `${user.lastName} ${user.firstName}` : user.name;
      return { ...a, companyName: company.name, name, email: user.email, timeZone: company.timeZone };
    }),
  );
  return found.filter((a): a is ActiveLoginAccount => a !== null);
}
