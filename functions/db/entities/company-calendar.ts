import { clock } from '../../shared/clock.js';
import { createSchema } from 'electrodb';

const listedDates = {
  type: 'list',
  items: {
    type: 'map',
    properties: { date: { type: 'string', required: true }, name: { type: 'string', required: true } },
  },
} as const;

/**
 * One version of a company's calendar (domain/worktime/calendar.ts `CalendarVersion`), keyed by the
 * day it comes into force; all versions of a company sit in one partition (`c#<companyId>#calendar`),
 * read with one Query. Saving a version for a day that already has one replaces it.
 * `legalHolidayWeekday` is absent in 'latest' mode (the rules fix no 法定休日 weekday).
 */
export const CompanyCalendar = createSchema({
  model: { entity: 'companyCalendar', version: '1', service: 'kintai' },
  attributes: {
    companyId: { type: 'string', required: true, readOnly: true },
    effectiveFrom: { type: 'string', required: true, readOnly: true },
    weekStartsOn: { type: 'number', required: true },
    legalHolidayMode: { type: ['fixed', 'latest'] as const, required: true },
    legalHolidayWeekday: { type: 'number' },
    weeklyDaysOff: { type: 'list', items: { type: 'number' }, required: true },
    publicHolidaysOff: { type: 'boolean', required: true },
    companyDaysOff: { ...listedDates, required: true },
    extraWorkingDays: { ...listedDates, required: true },
    special44hWeek: { type: 'boolean', required: true },
    updatedAt: {
      type: 'string',
      required: true,
      watch: '*',
      default: () => clock.now().toISOString(),
      set: () => clock.now().toISOString(),
    },
  },
  indexes: {
    byCompany: {
      collection: 'schedule',
      pk: { field: 'pk', composite: ['companyId'], template: 'c#${companyId}#sched', casing: 'none' },
      sk: { field: 'sk', composite: ['effectiveFrom'], template: 'calendar#${effectiveFrom}', casing: 'none' },
    },
  },
});
