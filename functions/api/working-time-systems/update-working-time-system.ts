import { MESSAGES } from '../../shared/messages.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { saveWorkSystem } from './system-routes.js';
import { WorkSystemBodySchema } from './schemas.js';

/**
 * Save a working-time system version (per employment status, company-wide or per employee) from
 * `effective_from` (default today); refused into a closed period; recomputes in the background.
 */
export const handler = api(
  'update-working-time-system',
  { body: WorkSystemBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'work_system.save' },
  async ({ body, principal }) => ok(await saveWorkSystem(principal.companyId, body, principal.timeZone)),
);
