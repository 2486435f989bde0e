import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { createPattern } from './pattern-routes.js';
import { PatternBodySchema } from './schemas.js';

/** A new work pattern (勤務パターン); no figure changes until it is assigned. */
export const handler = api(
  'create-work-pattern',
  { body: PatternBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'work_pattern.create' },
  async ({ body, principal }) => created(await createPattern(principal.companyId, body)),
);
