import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../shared/schemas.js';
import { EditStaffSchema } from './staff-schemas.js';
import { updateStaff } from './staff-service.js';

/** Edit a staff member; a new e-mail or password also reaches Cognito. */
export const handler = api(
  'update-employee',
  { params: IdParamsSchema, body: EditStaffSchema, invalidMessage: MESSAGES.registrationDefect },
  async ({ params, body, principal }) =>
    ok(
      await updateStaff(principal.companyId!, params.id, {
        lastName: body.last_name,
        firstName: body.first_name,
        email: body.email,
        password: body.password,
        departmentId: body.department_id,
        employmentStatusId: body.employment_status_id,
      }),
    ),
);
