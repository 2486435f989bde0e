import type { CalendarBody } from '../../../../functions/api/work-status/calendar-schemas';
import type { CalendarVersionView, CompanyCalendarView } from '../../../../functions/api/work-status/calendar-view';
import { api } from '../../lib/api';
import type { RecomputeJob } from '../rules/rules-api';

/** The answer of GET/PUT /api/v1/company_calendar and what PUT takes: the backend's own types. */
export type { CompanyCalendarView as CompanyCalendar, CalendarVersionView as CalendarVersion, CalendarBody };

export const getCompanyCalendar = () => api.get<CompanyCalendarView>('/api/v1/company_calendar');
export const saveCompanyCalendar = (body: CalendarBody) =>
  api.put<CompanyCalendarView & { recompute: RecomputeJob | null }>('/api/v1/company_calendar', body);
