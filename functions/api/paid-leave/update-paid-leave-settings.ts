import { companyById, setLeaveCommonDate } from '../../db/companies.js';
import { ok, withAudit } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { LeaveSettingsSchema, leaveSettingsView } from './paid-leave-settings.js';

/**
 * 斉一的付与: grant every employee's paid leave on one annual date. Applies to grants from the next run;
 * grants already made stay as they are (the module never moves a grant later than the statute allows).
 */
export const handler = api(
  'update-paid-leave-settings',
  { body: LeaveSettingsSchema, invalidMessage: MESSAGES.settingDefect, audit: 'paid_leave.settings' },
  async ({ body, principal }) => {
    const companyId = principal.companyId;
    const before = leaveSettingsView(await companyById(companyId));
    const c = body.common_grant_date;
    await setLeaveCommonDate(companyId, c ? { monthDay: c.month_day, firstGrant: c.first_grant } : null);
    const after = { common_grant_date: c };
    return withAudit(ok(after), { before, after });
  },
);
