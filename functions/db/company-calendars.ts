/** Company calendar versions (see domain/worktime/calendar.ts). */
import type { CalendarVersion } from '../domain/worktime/calendar.js';
import type { WeekStart } from '../domain/worktime/week.js';
import { db, type Db } from './service.js';

/** Every version of the company's calendar, oldest first: one Query. */
export async function calendarVersions(companyId: string, service: Db = db()): Promise<CalendarVersion[]> {
  const { data } = await service.entities.CompanyCalendar.query.byCompany({ companyId }).go({ pages: 'all' });
  return calendarVersionsOf(data);
}

type CalendarItem = Awaited<
  ReturnType<ReturnType<Db['entities']['CompanyCalendar']['query']['byCompany']>['go']>
>['data'][number];

/** The stored calendar items as versions, oldest first (also read with the settings partition, db/schedules.ts). */
export function calendarVersionsOf(data: readonly CalendarItem[]): CalendarVersion[] {
  return data
    .map((v) => ({
      effectiveFrom: v.effectiveFrom,
      weekStartsOn: v.weekStartsOn as WeekStart,
      legalHoliday: v.legalHolidayMode === 'latest' ? ('latest' as const) : (v.legalHolidayWeekday ?? 0),
      weeklyDaysOff: [...v.weeklyDaysOff],
      publicHolidaysOff: v.publicHolidaysOff,
      companyDaysOff: v.companyDaysOff.map((d) => ({ date: d.date, name: d.name })),
      extraWorkingDays: v.extraWorkingDays.map((d) => ({ date: d.date, name: d.name })),
      special44hWeek: v.special44hWeek,
      updatedAt: v.updatedAt,
    }))
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/** Saves the version of its effectiveFrom day (a put: replaces one saved for the same day). */
export async function putCalendarVersion(companyId: string, v: CalendarVersion, service: Db = db()): Promise<void> {
  const { updatedAt: _ignored, legalHoliday, ...rest } = v;
  await service.entities.CompanyCalendar.put({
    companyId,
    ...rest,
    legalHolidayMode: legalHoliday === 'latest' ? 'latest' : 'fixed',
    ...(legalHoliday === 'latest' ? {} : { legalHolidayWeekday: legalHoliday }),
  }).go({ response: 'none' });
}
