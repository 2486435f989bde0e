import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { RulePairQuerySchema, readRule } from './rule-routes.js';

/** The working-time rule in force for ?department_id&employment_status_id on ?on= (default today), and where it was set. */
export const handler = api('get-working-time', { query: RulePairQuerySchema }, async ({ query, principal }) =>
  ok(await readRule('working', principal.companyId, query, principal.timeZone)),
);
