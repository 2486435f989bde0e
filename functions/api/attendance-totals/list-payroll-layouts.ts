import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { listLayouts } from './payroll-layout-routes.js';

/** The payroll CSV presets (with their sources), the company's own layouts and the fields a column can show. */
export const handler = api('list-payroll-layouts', {}, async ({ principal }) =>
  ok(await listLayouts(principal.companyId)),
);
