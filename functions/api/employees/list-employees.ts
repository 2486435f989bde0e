import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { staffList } from '../../services/staff-service.js';

/**
 * Staff list: active staff only (retired staff keep their records but leave the list), with the
 * figures of the payroll period holding today (this month under 末日締め).
 */
export const handler = api('list-employees', {}, async ({ principal }) =>
  ok(await staffList(principal.companyId, today(principal.timeZone, clock.now()))),
);
