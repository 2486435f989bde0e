import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { deleteLayout } from './payroll-layout-routes.js';

/** Delete one of the company's payroll CSV layouts (404 when it has none of that id). */
export const handler = api(
  'delete-payroll-layout',
  { params: IdParamsSchema, audit: 'payroll_layout.delete' },
  async ({ params, principal }) => ok(await deleteLayout(principal.companyId, params.id)),
);
