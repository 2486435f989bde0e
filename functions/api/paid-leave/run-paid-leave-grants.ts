import { created } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { GrantRunBodySchema } from './paid-leave-schemas.js';
import { enqueueGrantRun } from '../../services/recompute.js';

/**
 * 本日までの法定付与を実行: records a grant run for the admin's company and starts the worker (the daily
 * job does the same for every company). Two requests whatever the staff count; the answer is the job
 * (201), which the screen polls at `GET /api/v1/recompute_jobs/{id}` until it is done, with the grants
 * it made (`granted`).
 */
export const handler = api(
  'run-paid-leave-grants',
  { body: GrantRunBodySchema, audit: 'paid_leave.grant_run' },
  async ({ principal }) => created(await enqueueGrantRun(principal.companyId, principal.timeZone)),
);
