import { pendingCount } from '../../db/requests.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import type { PendingCountView } from './views.js';

/** The side menu's badge shows up to this many, then "99+". */
const CAP = 99;

/** How many requests wait for a decision: one Query page of at most CAP + 1 keys, whatever the backlog. */
export const handler = api('count-pending-requests', {}, async ({ principal }) => {
  const n = await pendingCount(principal.companyId, CAP + 1);
  const view: PendingCountView = { count: Math.min(n, CAP), more: n > CAP };
  return ok(view);
});
