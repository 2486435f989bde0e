import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { listPatterns } from './pattern-routes.js';

/** The company's live work patterns (deleted ones left out), earliest start first: one Query. */
export const handler = api('list-work-patterns', {}, async ({ principal }) =>
  ok(await listPatterns(principal.companyId)),
);
