import { assertEffectiveFromOpen, payrollVersions, putPayrollVersion } from '../../db/period-closings.js';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { enqueueRecompute } from '../../services/recompute.js';
import { PayrollPeriodBodySchema } from './schemas.js';
import { payrollPeriodView } from './views.js';

/**
 * Saves one version of the 締め日 from `effective_from` (default today in the company's zone); a version
 * already saved for that day is replaced, the others stay as history. Refused (409, nothing written)
 * when `effective_from` is on or before the last day of a closed period: it would change that period.
 * Answers like the GET on the version's first day, plus `recompute`: the background job that stores the
 * figures again under the new periods from the version's month (null for a version starting after
 * this month).
 */
export const handler = api(
  'update-payroll-period',
  { body: PayrollPeriodBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'settings.payroll_period' },
  async ({ body, principal }) => {
    const effectiveFrom = body.effective_from ?? today(principal.timeZone, clock.now());
    await assertEffectiveFromOpen(principal.companyId, effectiveFrom);
    await putPayrollVersion(principal.companyId, { effectiveFrom, closingDay: body.closing_day });
    const recompute = await enqueueRecompute(principal.companyId, effectiveFrom, 'payroll_period', principal.timeZone);
    return ok({ ...payrollPeriodView(await payrollVersions(principal.companyId), effectiveFrom), recompute });
  },
);
