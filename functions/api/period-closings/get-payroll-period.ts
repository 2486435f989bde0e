import { payrollVersions } from '../../db/period-closings.js';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { PayrollPeriodQuerySchema } from './schemas.js';
import { payrollPeriodView } from './views.js';

/** The 締め日 in force on `?on=` (default today), its payroll period, and every version: one Query. */
export const handler = api('get-payroll-period', { query: PayrollPeriodQuerySchema }, async ({ principal, query }) =>
  ok(payrollPeriodView(await payrollVersions(principal.companyId), query.on ?? today(principal.timeZone, clock.now()))),
);
