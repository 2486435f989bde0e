import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { GrantRunBodySchema } from './paid-leave-schemas.js';
import { runDueGrants } from '../../services/paid-leave-service.js';

/** Applies the statutory grants due today for the admin's company (the daily job does the same for every company). */
export const handler = api(
  'run-paid-leave-grants',
  { body: GrantRunBodySchema, audit: 'paid_leave.grant_run' },
  async ({ principal }) => ok(await runDueGrants(principal.companyId)),
);
