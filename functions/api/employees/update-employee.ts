import { ok, withAudit } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { staffFields } from './staff-profile-schema.js';
import { EditStaffSchema } from './staff-schemas.js';
import { staffDetail, updateStaff } from '../../services/staff-service.js';

/** Edit a staff member; a new e-mail or password also reaches Cognito. */
export const handler = api(
  'update-employee',
  { params: IdParamsSchema, body: EditStaffSchema, invalidMessage: MESSAGES.registrationDefect, audit: 'staff.update' },
  async ({ params, body, principal }) => {
    const before = await staffDetail(principal.companyId, params.id);
    const after = await updateStaff(principal.companyId, params.id, staffFields(body));
    return withAudit(ok(after), { before, after });
  },
);
