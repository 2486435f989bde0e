import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { RulePairQuerySchema, readRule } from '../working-times/rule-routes.js';

/** The break rule in force for ?department_id&employment_status_id on ?on= (default today), where it was set, and any legal warning. */
export const handler = api('get-break-time', { query: RulePairQuerySchema }, async ({ query, principal }) =>
  ok(await readRule('break', principal.companyId, query, principal.timeZone)),
);
