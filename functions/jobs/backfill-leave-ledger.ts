/**
 * One-off migration for data stored before the paid-leave ledger on the employee item (issue 19):
 * every company's staff without a current ledger get one built from their grants and leave requests
 * (db/paid-leave.ts backfillLeaveLedgers). Until then 勤怠集計 and 有給管理 read those members' grants
 * and requests one by one (still bounded by the page). Idempotent: a rerun writes nothing new. Run
 * once after deploying onto an existing table, with the API's environment:
 *
 *   TABLE_NAME=kintai-prod npx tsx functions/jobs/backfill-leave-ledger.ts
 */
import { pathToFileURL } from 'node:url';
import { db } from '../db/service.js';
import { backfillLeaveLedgers } from '../db/paid-leave.js';

export async function backfillAllLedgers(): Promise<{ companies: number; written: number }> {
  const { data } = await db()
    .entities.Company.query.byId({})
    .go({ pages: 'all', attributes: ['companyId'] });
  let written = 0;
  for (const { companyId } of data) written += await backfillLeaveLedgers(companyId);
  return { companies: data.length, written };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await backfillAllLedgers();
  console.log(`paid-leave ledgers: ${result.written} staff written in ${result.companies} companies`);
}
