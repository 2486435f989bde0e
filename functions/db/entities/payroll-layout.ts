import { createSchema } from 'electrodb';

/**
 * A company's own payroll CSV layouts (exports/payroll-layouts.ts), all in one item
 * (`c#<companyId>#playout`, `layouts`): a handful of small layouts, read with one GetItem, and every
 * change a conditional write on `revision`, so two admins saving at once never lose a layout or
 * create two with one name (the later write answers 409).
 */
export const PayrollLayoutSet = createSchema({
  model: { entity: 'payrollLayoutSet', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    /** StoredPayrollLayout[] (db/payroll-layouts.ts). */
    layouts: { type: 'any', required: true },
    revision: { type: 'number', required: true },
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
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#playout', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'layouts', casing: 'none' },
    },
  },
});
