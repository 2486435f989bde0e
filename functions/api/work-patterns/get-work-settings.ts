import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { readSettings } from './pattern-routes.js';
import { OnQuerySchema } from './schemas.js';

/** The work settings (勤務設定) in force on `?on=` (default today) and every version. */
export const handler = api('get-work-settings', { query: OnQuerySchema }, async ({ principal, query }) =>
  ok(await readSettings(principal.companyId, query.on ?? today(principal.timeZone, clock.now()))),
);
