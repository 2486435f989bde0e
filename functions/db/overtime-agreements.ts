/** 36協定 settings versions (see domain/worktime/agreement-settings.ts). */
import { today } from '../domain/time.js';
import { versionFromCompanyAlert, type AgreementVersion } from '../domain/worktime/agreement-settings.js';
import { awsErrorName } from '../shared/errors.js';
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
      alertHours: v.alertHours ?? null,
      updatedAt: v.updatedAt,
    }))
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/** Saves the version of its effectiveFrom day (a put: replaces one saved for the same day). */
export async function putAgreementVersion(companyId: string, v: AgreementVersion, service: Db = db()): Promise<void> {
  // A version from a day of a closed payroll period would change that period's findings: 409, unsaved.
  await assertEffectiveFromOpen(companyId, v.effectiveFrom, 'effective_from', service);
  await service.entities.OvertimeAgreement.put(agreementItem(companyId, v)).go({ response: 'none' });
}

/** The stored item of a version: null limits and alert hours are left out (absent = none). */
function agreementItem(companyId: string, v: AgreementVersion) {
  const {
    updatedAt: _ignored,
    specialMonthlyLimitHours,
    specialAnnualLimitHours,
    specialMonths,
    alertHours,
    ...rest
  } = v;
  return {
    companyId,
    ...rest,
    ...(specialMonthlyLimitHours === null ? {} : { specialMonthlyLimitHours }),
    ...(specialAnnualLimitHours === null ? {} : { specialAnnualLimitHours }),
    ...(specialMonths === null ? {} : { specialMonths }),
    ...(typeof alertHours === 'number' ? { alertHours } : {}),
  };
}

/**
 * The migration step (jobs/migrate.ts) that retires the old company alert (アラート設定): a company with
 * no 36協定 version gets one from its first day (its registration, in its zone) that judges exactly as
 * its old alert and clause did (versionFromCompanyAlert). Days before that keep reading the company's
 * alert, which says the same. Not refused in a closed period: the version changes no figure. One Query
 * and one GetItem per company; a conditional PutItem, so a version an admin saved for the same day in
 * the meantime stays. Answers how many items it wrote (0 or 1).
 */
export async function backfillAgreementFromAlert(companyId: string, service: Db = db()): Promise<number> {
  const { data: saved } = await service.entities.OvertimeAgreement.query.byCompany({ companyId }).go({ limit: 1 });
  if (saved.length) return 0;
  const { data: company } = await service.entities.Company.get({ companyId }).go();
  if (!company) return 0;
  const version = versionFromCompanyAlert(today(company.timeZone, new Date(company.createdAt)), company);
  try {
    await service.entities.OvertimeAgreement.create(agreementItem(companyId, version)).go({ response: 'none' });
    return 1;
  } catch (err) {
    if (awsErrorName(err) === 'ConditionalCheckFailedException') return 0;
    throw err;
  }
}
