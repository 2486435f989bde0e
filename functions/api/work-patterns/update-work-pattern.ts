import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { editPattern } from './pattern-routes.js';
import { PatternBodySchema } from './schemas.js';

/** Edit a work pattern; new times recompute the stored months in the background (`recompute`). */
export const handler = api(
  'update-work-pattern',
  {
    params: IdParamsSchema,
    body: PatternBodySchema,
    invalidMessage: MESSAGES.settingDefect,
    audit: 'work_pattern.update',
  },
  async ({ params, body, principal }) =>
    ok(await editPattern(principal.companyId, params.id, body, principal.timeZone)),
);
