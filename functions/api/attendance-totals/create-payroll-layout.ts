import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { createLayout } from './payroll-layout-routes.js';
import { PayrollLayoutBodySchema } from './payroll-layout-schemas.js';

/** A new payroll CSV layout of the company (409 on a taken name or past the limit). */
export const handler = api(
  'create-payroll-layout',
  { body: PayrollLayoutBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'payroll_layout.create' },
  async ({ body, principal }) => created(await createLayout(principal.companyId, body)),
);
