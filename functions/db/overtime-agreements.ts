/** 36協定 settings versions (see domain/worktime/agreement-settings.ts). */
import type { AgreementVersion } from '../domain/worktime/agreement-settings.js';
import { assertEffectiveFromOpen } from './period-closings.js';
import { db, type Db } from './service.js';

/** Every version of the company's 36協定 settings, oldest first: one Query. */
export async function agreementVersions(companyId: string, service: Db = db()): Promise<AgreementVersion[]> {
  const { data } = await service.entities.OvertimeAgreement.query.byCompany({ companyId }).go({ pages: 'all' });
  return data
    .map((v) => ({
      effectiveFrom: v.effectiveFrom,
      startMonth: v.startMonth,
      variant: v.variant,
      monthlyLimitHours: v.monthlyLimitHours,
      annualLimitHours: v.annualLimitHours,
      specialClause: v.specialClause,
      specialMonthlyLimitHours: v.specialMonthlyLimitHours ?? null,
      specialAnnualLimitHours: v.specialAnnualLimitHours ?? null,
      specialMonths: v.specialMonths ?? null,
      alertPercent: v.alertPercent,
      updatedAt: v.updatedAt,
    }))
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/** Saves the version of its effectiveFrom day (a put: replaces one saved for the same day). */
export async function putAgreementVersion(companyId: string, v: AgreementVersion, service: Db = db()): Promise<void> {
  // A version from a day of a closed payroll period would change that period's findings: 409, unsaved.
  await assertEffectiveFromOpen(companyId, v.effectiveFrom, 'effective_from', service);
  const { updatedAt: _ignored, specialMonthlyLimitHours, specialAnnualLimitHours, specialMonths, ...rest } = v;
  await service.entities.OvertimeAgreement.put({
    companyId,
    ...rest,
    ...(specialMonthlyLimitHours === null ? {} : { specialMonthlyLimitHours }),
    ...(specialAnnualLimitHours === null ? {} : { specialAnnualLimitHours }),
    ...(specialMonths === null ? {} : { specialMonths }),
  }).go({ response: 'none' });
}
