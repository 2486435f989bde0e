import { createSchema } from 'electrodb';

/**
 * One employee's shift (シフト) on one date: a work pattern, or a day off. A company's shifts of one
 * calendar month share a partition (`c#<companyId>#shifts#<YYYY-MM>`): the admin grid reads a month
 * with one paginated Query; one employee's month is a Query with begins_with(sk, "e#<employeeId>#").
 * No item = no shift (the default pattern applies).
 */
export const Shift = createSchema({
  model: { entity: 'shift', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM of `date`. */
    yearMonth: { type: 'string', required: true, readOnly: true },
    employeeId: { type: 'string', required: true, readOnly: true },
    date: { type: 'string', required: true, readOnly: true },
    patternId: { type: 'string' },
    dayOff: { type: 'boolean' },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => new Date().toISOString(),
      set: () => new Date().toISOString(),
    },
  },
  indexes: {
    byMonth: {
      pk: {
        field: 'pk',
        composite: ['companyId', 'yearMonth'],
        template: 'c#${companyId}#shifts#${yearMonth}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['employeeId', 'date'], template: 'e#${employeeId}#${date}', casing: 'none' },
    },
  },
});
