/**
 * One-off migration for data stored before issue 19's bounded reads, run once after deploying onto an
 * existing table: every company's staff without a `listOrder` or a `nameKey` get them (db/staff.ts
 * backfillListOrder: until then the staff pickers do not find them by their 氏名),
 * and every department and employment status without an active-staff count is counted
 * (db/organisation.ts backfillOrgUnitCounts: until then deleting one reads the company's staff), and
 * every member without an e-mail unique item gets one (db/staff.ts backfillEmailGuards: until then the
 * bulk import's preview does not see their e-mail; the import worker and Cognito still refuse it).
 * Idempotent: a rerun writes nothing, or only what a staff edit racing the run made it skip. With the
 * API's environment (TABLE_NAME, AWS credentials and region):
 *
 *   TABLE_NAME=kintai-prod npx tsx functions/jobs/backfill-list-order.ts
 */
import { pathToFileURL } from 'node:url';
import { backfillOrgUnitCounts } from '../db/organisation.js';
import { db } from '../db/service.js';
import { backfillEmailGuards, backfillListOrder } from '../db/staff.js';

export async function backfillAllCompanies(): Promise<{
  companies: number;
  written: number;
  counted: number;
  emails: number;
}> {
  // Closed companies too: their retired staff are kept (and listed to the operator's exports).
  const { data } = await db()
    .entities.Company.query.byId({})
    .go({ pages: 'all', attributes: ['companyId'] });
  let written = 0;
  let counted = 0;
  let emails = 0;
  for (const { companyId } of data) {
    written += await backfillListOrder(companyId);
    counted += await backfillOrgUnitCounts(companyId);
    emails += await backfillEmailGuards(companyId);
  }
  return { companies: data.length, written, counted, emails };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await backfillAllCompanies();
  console.log(`staff list order: ${result.written} staff written in ${result.companies} companies`);
  console.log(`departments and employment statuses counted: ${result.counted}`);
  console.log(`staff e-mail unique items written: ${result.emails}`);
}
