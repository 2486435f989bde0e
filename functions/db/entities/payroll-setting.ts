import { createSchema } from 'electrodb';

/**
 * One version of a company's 締め日 (domain/payroll-period.ts), keyed by the day it comes into force; all
 * versions of a company sit in one partition (`c#<companyId>#payroll`), read with one Query. Saving a
 * version for a day that already has one replaces it.
 */
export const PayrollSetting = createSchema({
  model: { entity: 'payrollSetting', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    effectiveFrom: { type: 'string', required: true, readOnly: true },
    /** 0 = 末日; 1–28 = that day. */
    closingDay: { type: 'number', required: true },
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
      collection: 'schedule',
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#sched', casing: 'none' },
      sk: { field: 'sk', composite: ['effectiveFrom'], template: 'payroll#${effectiveFrom}', casing: 'none' },
    },
  },
});
