import type { PaidLeaveSummary as PaidLeaveSummaryView } from '../../../../functions/services/paid-leave-service';
import { api } from '../../lib/api';
import { t } from '../../i18n';

/** One employee's paid leave today (`GET /api/v1/paid_leave`, each row of the admin list): the backend's own type. */
export type PaidLeaveSummary = PaidLeaveSummaryView;

/** Five-day duty window (年5日の取得義務) of that answer. */
export type FiveDayWindow = PaidLeaveSummaryView['five_day'][number];

export const getOwnPaidLeave = () => api.get<PaidLeaveSummary>('/api/v1/paid_leave');

/** `{n}日`, half days as 0.5. */
export const days = (n: number) => t.paidLeave.days.replace('{n}', String(n));

/** `2026-04-01` → `2026年4月1日` (no weekday: these dates sit in dense tables and sentences). */
export const jaDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}${t.common.year}${m}${t.common.month}${d}${t.common.day}`;
};

export const isBehind = (s: { five_day_status: FiveDayWindow['status'] | null }) =>
  s.five_day_status === 'behind' || s.five_day_status === 'overdue';
