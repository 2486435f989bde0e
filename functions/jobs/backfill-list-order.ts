/**
 * One-off migration for data stored before the staff list's 五十音 index (issue 19): every company's
 * staff without a `listOrder` get it (db/staff.ts backfillListOrder). Idempotent: a rerun writes
 * nothing. Run once after deploying onto an existing table, with the API's environment (TABLE_NAME,
 * AWS credentials and region):
 *
 *   TABLE_NAME=kintai-prod npx tsx functions/jobs/backfill-list-order.ts
 */
import { pathToFileURL } from 'node:url';
import { db } from '../db/service.js';
import { backfillListOrder } from '../db/staff.js';

export async function backfillAllCompanies(): Promise<{ companies: number; written: number }> {
  // Closed companies too: their retired staff are kept (and listed to the operator's exports).
  const { data } = await db()
    .entities.Company.query.byId({})
    .go({ pages: 'all', attributes: ['companyId'] });
  let written = 0;
  for (const { companyId } of data) written += await backfillListOrder(companyId);
  return { companies: data.length, written };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await backfillAllCompanies();
  console.log(`staff list order: ${result.written} staff written in ${result.companies} companies`);
}
