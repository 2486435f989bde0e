import { api } from '../../lib/api';
import { t } from '../../i18n';

/** Five-day duty window (年5日の取得義務) as the paid-leave routes return it. */
export interface FiveDayWindow {
  base_dates: string[];
  from: string;
  deadline: string;
  required_days: number;
  taken_days: number;
  planned_days: number;
  remaining_days: number;
  expected_by_now: number;
  days_left: number;
  status: 'upcoming' | 'met' | 'scheduled' | 'on_track' | 'behind' | 'overdue';
}

/** One employee's paid leave today: `GET /api/v1/paid_leave` and each row of the admin list. */
export interface PaidLeaveSummary {
  employee_id: string;
  name: string;
  hire_date: string | null;
  /** False for staff without a hire date or grant (入社日未登録): their leave is not counted. */
  managed: boolean;
  as_of: string;
  remaining_days: number;
  pending_days: number;
  requestable_days: number;
  next_expiry: { expires_on: string; days: number } | null;
  next_grant: { grant_date: string; days: number } | null;
  five_day: FiveDayWindow[];
  five_day_status: FiveDayWindow['status'] | null;
}

export const getOwnPaidLeave = () => api.get<PaidLeaveSummary>('/api/v1/paid_leave');

/** `{n}日`, half days as 0.5. */
export const days = (n: number) => t.paidLeave.days.replace('{n}', String(n));

/** `2026-04-01` → `2026年4月1日` (no weekday: these dates sit in dense tables and sentences). */
export const jaDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}${t.common.year}${m}${t.common.month}${d}${t.common.day}`;
};

export const isBehind = (s: { five_day_status: FiveDayWindow['status'] | null }) => s.five_day_status === 'behind' || s.five_day_status === 'overdue';
