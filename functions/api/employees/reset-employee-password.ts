import * as z from 'zod/mini';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { resetStaffPassword } from '../../services/staff-password-reset.js';

/** パスワードを再設定: a new temporary password, mailed to the staff member; their sessions end. */
export const handler = api(
  'reset-employee-password',
  { params: IdParamsSchema, body: z.strictObject({}), audit: 'staff.password_reset' },
  async ({ params, principal }) => resetStaffPassword(principal.companyId, params.id),
);
