import { api } from '../../lib/api';
import type { MonthAttendance } from '../../shared/month-table';

/** The signed-in employee's month: one row per calendar day. */
export const getMonth = (year: number, month: number) =>
  api.get<MonthAttendance>('/api/v1/timestamps', { year, month });
