import { companyById } from '../../db/companies.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { leaveSettingsView } from './paid-leave-settings.js';

export const handler = api('get-paid-leave-settings', {}, async ({ principal }) =>
  ok(leaveSettingsView(await companyById(principal.companyId))),
);
