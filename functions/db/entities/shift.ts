import { createSchema } from 'electrodb';

/**
 * One employee's shift (シフト) on one date: a work pattern, or a day off. Stored in the employee's
 * partition next to the day (`c#<co>#e#<emp>`, sk `day#<date>#shift`, issue 19: the punch path reads
 * days and shifts with one Query); a company's shifts of one calendar month share a gsi1 partition
 * (`c#<companyId>#shifts#<YYYY-MM>`), sorted by employee then date: the admin grid reads a member's
 * month with one Query of the prefix `e#<id>#`. No item = no shift (the default pattern applies).
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
    // One employee's shifts live in the employee's own partition beside the days (sk day#<date>#shift
    // sorts right after day#<date>): the punch path reads recent days and shifts in one Query.
    byEmployee: {
      pk: {
        field: 'pk',
        composite: ['companyId', 'employeeId'],
        template: 'c#${companyId}#e#${employeeId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: ['date'], template: 'day#${date}#shift', casing: 'none' },
    },
    // A company's month (batch paths), sorted by employee id: a member's month is one Query of its
    // prefix (the admin grid's page, db/shifts.ts shiftsOfStaff).
    byMonth: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['companyId', 'yearMonth'],
        template: 'c#${companyId}#shifts#${yearMonth}',
        casing: 'none',
      },
      sk: { field: 'gsi1sk', composite: ['employeeId', 'date'], template: 'e#${employeeId}#${date}', casing: 'none' },
    },
  },
});
