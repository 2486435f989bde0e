import { createSchema } from 'electrodb';

/**
 * One version of a company's 36協定 settings, keyed by the day it comes into force; all versions of a
 * company sit in one partition (`c#<companyId>#agreement`), read with one Query. Saving a version for
 * a day that already has one replaces it.
 */
export const OvertimeAgreement = createSchema({
  model: { entity: 'overtimeAgreement', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    effectiveFrom: { type: 'string', required: true, readOnly: true },
    startMonth: { type: 'number', required: true },
    variant: { type: ['standard', 'one_year_variable'] as const, required: true },
    monthlyLimitHours: { type: 'number', required: true },
    annualLimitHours: { type: 'number', required: true },
    specialClause: { type: 'boolean', required: true },
    specialMonthlyLimitHours: { type: 'number' },
    specialAnnualLimitHours: { type: 'number' },
    specialMonths: { type: 'number' },
    alertPercent: { type: 'number', required: true },
    /** The alert in whole hours, on a version carried over from the old company alert (see the domain type); absent otherwise. */
    alertHours: { type: 'number' },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => new Date().toISOString(),
      set: () => new Date().toISOString(),
    },
  },
  indexes: {
    byCompany: {
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#agreement', casing: 'none' },
      sk: { field: 'sk', composite: ['effectiveFrom'], template: 'agreement#${effectiveFrom}', casing: 'none' },
    },
  },
});
