import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { ownPaidLeave } from '../../services/paid-leave-service.js';

/** The employee's own balance, pending days, next expiry and grant, and five-day duty (punch screen, leave form). */
export const handler = api('get-own-paid-leave', {}, async ({ principal }) =>
  ok(await ownPaidLeave(principal.companyId, principal.userId, principal.timeZone)),
);
