import type {
  OwnPaidLeave,
  PaidLeaveSummary as PaidLeaveSummaryView,
} from '../../../../functions/services/paid-leave-service';
import { api } from '../../lib/api';
import { fmt, t } from '../../i18n';
import { formatDateOnly } from '../time';

/** One employee's paid leave today (`GET /api/v1/paid_leave`, each row of the admin list): the backend's own type. */
export type PaidLeaveSummary = PaidLeaveSummaryView;

/** Five-day duty window (年5日の取得義務) of that answer. */
export type FiveDayWindow = PaidLeaveSummaryView['five_day'][number];

/** The employee's own summary, with whether the company allows 時間単位年休 today. */
export const getOwnPaidLeave = () => api.get<OwnPaidLeave>('/api/v1/paid_leave');

/** `{n}日`, half days as 0.5. */
export const days = (n: number) => fmt(t.paidLeave.days, { n: String(n) });

/** `{days, hours}` → `8日と4時間` (時間単位年休), `8日` or `8.5日` without hours. */
export const daysHours = (v: { days: number; hours: number }) =>
  v.hours ? fmt(t.paidLeave.daysHours, { n: String(v.days), h: String(v.hours) }) : days(v.days);

/** Pending days and hours: `0.5日`, `2時間`, `1日と3時間`. */
export const pendingText = (s: { pending_days: number; pending_hours: number }) =>
  s.pending_hours && !s.pending_days
    ? fmt(t.paidLeave.hours, { h: String(s.pending_hours) })
    : daysHours({ days: s.pending_days, hours: s.pending_hours });

/** `2026-04-01` → `2026年4月1日` (no weekday: these dates sit in dense tables and sentences). */
export const jaDate = (date: string) => formatDateOnly(date);

export const isBehind = (s: { five_day_status: FiveDayWindow['status'] | null }) =>
  s.five_day_status === 'behind' || s.five_day_status === 'overdue';
