import { calendarVersions } from '../../db/company-calendars.js';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { CalendarQuerySchema } from './calendar-schemas.js';
import { calendarView } from './calendar-view.js';

/**
 * The company calendar in force on `?on=` (default today), every version (`history`) and, with
 * `?year&month`, that month's dates with their kind (the admin screen's preview): one Query.
 */
export const handler = api('get-company-calendar', { query: CalendarQuerySchema }, async ({ principal, query }) => {
  const versions = await calendarVersions(principal.companyId);
  const on = query.on ?? today(principal.timeZone, clock.now());
  const month =
    query.year !== undefined && query.month !== undefined ? { year: query.year, month: query.month } : undefined;
  return ok(calendarView(versions, on, month));
});
