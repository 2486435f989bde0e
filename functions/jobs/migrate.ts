/**
 * The one-off migrations of issue 19, in one runner: run once after deploying onto a table that holds
 * data from before them, with the API's environment (TABLE_NAME, AWS credentials and region):
 *
 *   TABLE_NAME=kintai-prod npx tsx functions/jobs/migrate.ts
 *
 * For every company (closed ones too: their retired staff are kept and exported), each step writes
 * only what is missing, so a rerun writes nothing, or only what a write racing the run made a step
 * skip. Until a step has run, the product still answers correctly, reading the old way (bounded):
 * - `listOrder` and `nameKey` (db/staff.ts backfillListOrder): the staff list, 勤怠集計 and the staff
 *   pickers' フリガナ and 氏名 search find a member by these index keys;
 * - active-staff counts of departments and employment statuses (db/organisation.ts
 *   backfillOrgUnitCounts): until counted, deleting one reads the company's staff;
 * - the per-company e-mail unique items (db/staff.ts backfillEmailGuards): until then the bulk
 *   import's preview does not see those e-mails (the import worker and Cognito still refuse them);
 * - the paid-leave ledger on each member (db/paid-leave.ts backfillLeaveLedgers): until then 勤怠集計
 *   and 有給管理 read those members' grants and requests one by one (still bounded by the page);
 * - the closure mark of a company closed before issue 30 (db/companies.ts backfillClosureMark): until
 *   then the sessions its close has not yet ended are not refused by the mark (the close still ends them);
 * - a 36協定 version for every company that has none, carrying over its old company alert (issue 29 item
 *   19, db/overtime-agreements.ts backfillAgreementFromAlert): the アラート設定 form and its route are
 *   retired, so that alert can no longer be edited; until then the engine keeps judging by it;
 * - the company's 利用開始日 (db/companies.ts backfillUsageStart, issue 29 item 8): the date of its
 *   `createdAt`; until then the five-day paid-leave duty judges every day, as before (a grant year that
 *   ended before the company used the product can show 期限超過).
 * - the login index items of staff and admins stored before it (issue 30 item 3, db/logins.ts
 *   backfillLoginIndex): until then those users cannot sign in (sign-in finds accounts by the index).
 */
import { pathToFileURL } from 'node:url';
import { backfillClosureMark, backfillUsageStart } from '../db/companies.js';
import { backfillOrgUnitCounts } from '../db/organisation.js';
import { backfillAgreementFromAlert } from '../db/overtime-agreements.js';
import { backfillLeaveLedgers } from '../db/paid-leave.js';
import { db } from '../db/service.js';
import { backfillEmailGuards, backfillListOrder } from '../db/staff.js';
import { backfillLoginIndex } from '../db/logins.js';

/** The steps, in order, each per company: how many items it wrote. */
export const MIGRATIONS = [
  { name: 'staff index keys (listOrder, nameKey)', run: (companyId: string) => backfillListOrder(companyId) },
  { name: 'department and employment status counts', run: (companyId: string) => backfillOrgUnitCounts(companyId) },
  { name: 'staff e-mail unique items', run: (companyId: string) => backfillEmailGuards(companyId) },
  { name: 'paid-leave ledgers', run: (companyId: string) => backfillLeaveLedgers(companyId) },
  { name: 'closure marks of closed companies', run: (companyId: string) => backfillClosureMark(companyId) },
  {
    name: '36協定 version from the old company alert',
    run: (companyId: string) => backfillAgreementFromAlert(companyId),
  },
  { name: 'company first day of use', run: (companyId: string) => backfillUsageStart(companyId) },
  { name: 'login index items', run: (companyId: string) => backfillLoginIndex(companyId) },
] as const;

export interface MigrationResult {
  companies: number;
  /** Items written by each step, by the step's name, over every company. */
  written: Record<string, number>;
}

export async function migrateAllCompanies(): Promise<MigrationResult> {
  const { data } = await db()
    .entities.Company.query.byId({})
    .go({ pages: 'all', attributes: ['companyId'] });
  const written: Record<string, number> = Object.fromEntries(MIGRATIONS.map((m) => [m.name, 0]));
  for (const { companyId } of data) for (const m of MIGRATIONS) written[m.name]! += await m.run(companyId);
  return { companies: data.length, written };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await migrateAllCompanies();
  console.log(`${result.companies} companies`);
  for (const [name, n] of Object.entries(result.written)) console.log(`${name}: ${n} written`);
}
