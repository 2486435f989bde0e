import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { removePattern } from './pattern-routes.js';

/** Soft-delete a work pattern (kept for past days); 409 while a current or future assignment uses it. */
export const handler = api(
  'delete-work-pattern',
  { params: IdParamsSchema, audit: 'work_pattern.delete' },
  async ({ params, principal }) => ok(await removePattern(principal.companyId, params.id, principal.timeZone)),
);
