import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { staffFields } from './staff-profile-schema.js';
import { NewStaffSchema } from './staff-schemas.js';
import { registerStaff, staffDeps } from '../../services/staff-service.js';
import { notify } from '../../services/notify.js';

/**
 * Register a staff member: Cognito user (temporary password) and profile, or neither, and the new
 * member's summaries of this and the previous payroll period (0s in 勤怠集計, not データなし). Then the
 * welcome mail with the sign-in URL and the temporary password the admin set (never logged).
 */
export const handler = api(
  'create-employee',
  { body: NewStaffSchema, invalidMessage: MESSAGES.registrationDefect, audit: 'staff.create' },
  async ({ body, principal }) => {
    const fields = staffFields(body);
    const view = await registerStaff(principal.companyId, fields, staffDeps, principal.timeZone);
    await notify({
      kind: 'welcome',
      companyId: principal.companyId,
      employeeId: view.id,
      email: fields.email,
      name: `${fields.lastName} ${fields.firstName}`,
      temporaryPassword: fields.password,
    });
    return created(view);
  },
);
