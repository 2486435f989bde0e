import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { staffPaidLeave } from '../../services/paid-leave-service.js';

/** Every active staff member's balance, next expiry and five-day duty status (dashboard, register list). */
export const handler = api('list-paid-leave', {}, async ({ principal }) =>
  ok(await staffPaidLeave(principal.companyId, principal.timeZone)),
);
