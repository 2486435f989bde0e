import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { periodClosingsOf } from './period-closings-routes.js';
import { ClosingsQuerySchema } from './schemas.js';

/**
 * 締め処理: the current payroll period and the twelve before it with their closing status, and the
 * checklist of one period (`?period=`, default the last ended one) as of its digest's 集計日時
 * (`as_of`; `refreshing: true` while a build runs). Four requests whatever the company's size (the 締め日
 * versions, the closings, the period's pending requests and the checklist digest), five and the
 * worker's start when the digest is missing or stale (period-closings-routes.ts).
 */
export const handler = api('list-period-closings', { query: ClosingsQuerySchema }, async ({ principal, query }) =>
  ok(await periodClosingsOf(principal.companyId, principal.timeZone, query, false)),
);
