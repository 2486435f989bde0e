import { ok, withAudit } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../shared/schemas.js';
import { EditStaffSchema } from './staff-schemas.js';
import { staffDetail, updateStaff } from './staff-service.js';

/** Edit a staff member; a new e-mail or password also reaches Cognito. */
export const handler = api(
  'update-employee',
  { params: IdParamsSchema, body: EditStaffSchema, invalidMessage: MESSAGES.registrationDefect, audit: 'staff.update' },
  async ({ params, body, principal }) => {
    const before = await staffDetail(principal.companyId!, params.id);
    const after = await updateStaff(principal.companyId!, params.id, {
        lastName: body.last_name,
        firstName: body.first_name,
        email: body.email,
        password: body.password,
        departmentId: body.department_id,
        employmentStatusId: body.employment_status_id,
        hireDate: body.hire_date,
        pattern: body.working_pattern,
    });
    return withAudit(ok(after), { before, after });
  },
);
