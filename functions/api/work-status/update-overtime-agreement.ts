import { agreementVersions, putAgreementVersion } from '../../db/overtime-agreements.js';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { AgreementBodySchema } from './agreement-schemas.js';
import { agreementView } from './views.js';

/**
 * Saves one version of the 36協定 settings from `effective_from` (default today in the company's zone);
 * a version already saved for that day is replaced, the others stay as history. Answers like the GET
 * on the version's first day.
 */
export const handler = api(
  'update-overtime-agreement',
  { body: AgreementBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'settings.overtime_agreement' },
  async ({ body, principal }) => {
    const effectiveFrom = body.effective_from ?? today(principal.timeZone, clock.now());
    await putAgreementVersion(principal.companyId, {
      effectiveFrom,
      startMonth: body.start_month,
      variant: body.variant,
      monthlyLimitHours: body.monthly_limit_hours,
      annualLimitHours: body.annual_limit_hours,
      specialClause: body.special_clause,
      specialMonthlyLimitHours: body.special_clause ? (body.special_monthly_limit_hours ?? null) : null,
      specialAnnualLimitHours: body.special_clause ? (body.special_annual_limit_hours ?? null) : null,
      specialMonths: body.special_clause ? (body.special_months ?? null) : null,
      alertPercent: body.alert_percent,
    });
    return ok(agreementView(await agreementVersions(principal.companyId), effectiveFrom));
  },
);
