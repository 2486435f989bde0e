import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { readAssignments } from './pattern-routes.js';
import { OnQuerySchema } from './schemas.js';

/** Default pattern assignments in force on `?on=` (default today), every version and the live patterns. */
export const handler = api('get-work-pattern-assignments', { query: OnQuerySchema }, async ({ principal, query }) =>
  ok(await readAssignments(principal.companyId, query.on ?? today(principal.timeZone, clock.now()))),
);
