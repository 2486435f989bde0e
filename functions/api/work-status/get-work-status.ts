import { PeriodQuerySchema } from '../schemas.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { workStatusOf } from './work-status-routes.js';

/**
 * Work status (spec §3) for a payroll period (`?year&month` = 〇月度, the period whose 締め日 falls in
 * that month; without them the period holding today), as of its digest's 集計日時 (`as_of`): staff
 * count, totals and averages, the 36協定 alerts and the findings of the agreement year, the staff with
 * the most overtime and the schedule findings, 12 months of overtime. Two requests whatever the
 * company's size (the 締め日 versions and the digest), three and the worker's start when the digest is
 * missing or older than five minutes (`refreshing: true` until the build stores it).
 */
export const handler = api('get-work-status', { query: PeriodQuerySchema }, async ({ query, principal }) =>
  ok(await workStatusOf(principal.companyId, principal.timeZone, query, false)),
);
