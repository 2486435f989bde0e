import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { NewStaffSchema } from './staff-schemas.js';
import { registerStaff } from './staff-service.js';

/** Register a staff member: Cognito user (temporary password) and profile, or neither. */
export const handler = api('create-employee', { body: NewStaffSchema, invalidMessage: MESSAGES.registrationDefect, audit: 'staff.create' }, async ({ body, principal }) =>
  created(
    await registerStaff(principal.companyId!, {
      lastName: body.last_name,
      firstName: body.first_name,
      email: body.email,
      password: body.password,
      departmentId: body.department_id,
      employmentStatusId: body.employment_status_id,
      hireDate: body.hire_date,
      pattern: body.working_pattern,
    }),
  ),
);
