import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { updateLayout } from './payroll-layout-routes.js';
import { PayrollLayoutBodySchema } from './payroll-layout-schemas.js';

/** Replace one of the company's payroll CSV layouts (404 when it has none of that id). */
export const handler = api(
  'update-payroll-layout',
  {
    params: IdParamsSchema,
    body: PayrollLayoutBodySchema,
    invalidMessage: MESSAGES.settingDefect,
    audit: 'payroll_layout.update',
  },
  async ({ params, body, principal }) => ok(await updateLayout(principal.companyId, params.id, body)),
);
