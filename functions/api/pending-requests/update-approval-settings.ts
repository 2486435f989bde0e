import { companyById, setCorrectionApproval } from '../../db/companies.js';
import { ok, withAudit } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { ApprovalSettingsSchema, approvalSettingsView } from './approval-settings.js';

/** Turn 打刻修正の承認 on or off (and set the company's default language); corrections filed from then on follow it (waiting requests stay to be decided). */
export const handler = api(
  'update-approval-settings',
  { body: ApprovalSettingsSchema, invalidMessage: MESSAGES.settingDefect, audit: 'settings.approval' },
  async ({ body, principal }) => {
    const before = approvalSettingsView(await companyById(principal.companyId));
    await setCorrectionApproval(principal.companyId, body.correction_approval, body.language);
    const after = approvalSettingsView({
      correctionApproval: body.correction_approval,
      language: body.language ?? before.language,
    });
    return withAudit(ok(after), { before, after });
  },
);
