import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { NewStaffSchema, staffFields } from './staff-schemas.js';
import { registerStaff } from '../../services/staff-service.js';

/** Register a staff member: Cognito user (temporary password) and profile, or neither. */
export const handler = api(
  'create-employee',
  { body: NewStaffSchema, invalidMessage: MESSAGES.registrationDefect, audit: 'staff.create' },
  async ({ body, principal }) => created(await registerStaff(principal.companyId, staffFields(body))),
);
