import { companyById } from '../../db/companies.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { approvalSettingsView } from './approval-settings.js';

/** 承認設定 (打刻修正の承認): one GetItem of the company. */
export const handler = api('get-approval-settings', {}, async ({ principal }) =>
  ok(approvalSettingsView(await companyById(principal.companyId))),
);
