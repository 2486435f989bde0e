import { ok, withAudit } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { staffFields } from './staff-profile-schema.js';
import { EditStaffSchema } from './staff-schemas.js';
import { staffDetail, staffDeps, unitNamesFromView, updateStaff } from '../../services/staff-service.js';

/**
 * Edit a staff member; a new e-mail or password also reaches Cognito. A new department or employment
 * status applies from `assignment_from` (default today; 409 on or before a closed period's last day);
 * the answer's `recompute` is the background job refreshing the member's stored figures, if any.
 */
export const handler = api(
  'update-employee',
  { params: IdParamsSchema, body: EditStaffSchema, invalidMessage: MESSAGES.registrationDefect, audit: 'staff.update' },
  async ({ params, body, principal }) => {
    const before = await staffDetail(principal.companyId, params.id);
    const { recompute, ...after } = await updateStaff(
      principal.companyId,
      params.id,
      { ...staffFields(body), assignmentFrom: body.assignment_from },
      staffDeps,
      principal.timeZone,
      unitNamesFromView(before),
    );
    return withAudit(ok({ ...after, recompute }), { before, after });
  },
);
