import { MESSAGES } from '../../shared/messages.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { saveAssignment } from './pattern-routes.js';
import { AssignmentBodySchema } from './schemas.js';

/**
 * Save a default pattern version for a department × employment status pair or an employee from
 * `effective_from` (default today); refused into a closed period; recomputes in the background.
 */
export const handler = api(
  'update-work-pattern-assignment',
  { body: AssignmentBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'work_pattern.assign' },
  async ({ body, principal }) => ok(await saveAssignment(principal.companyId, body, principal.timeZone)),
);
