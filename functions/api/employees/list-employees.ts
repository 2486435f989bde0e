import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { staffList } from '../../services/staff-service.js';

/** Staff list: active staff only (retired staff keep their records but leave the list), with this month's figures. */
export const handler = api('list-employees', {}, async ({ principal }) =>
  ok(await staffList(principal.companyId, today(principal.timeZone, clock.now()).slice(0, 7))),
);
