import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { listWorkSystems } from './system-routes.js';

/** Every working-time system version (company-wide, per employment status, per employee). */
export const handler = api('list-working-time-systems', {}, async ({ principal }) =>
  ok(await listWorkSystems(principal.companyId)),
);
