import { MESSAGES } from '../../shared/messages.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { removeWorkSystem } from './system-routes.js';
import { WorkSystemKeyParamsSchema } from './schemas.js';

/** Delete one working-time system version; 409 while it is in force on a day of a closed period. */
export const handler = api(
  'delete-working-time-system',
  { params: WorkSystemKeyParamsSchema, invalidMessage: MESSAGES.settingDefect, audit: 'work_system.delete' },
  async ({ params, principal }) => ok(await removeWorkSystem(principal.companyId, params, principal.timeZone)),
);
