import { daysBetween } from '../db/attendance.js';
import { MISSED_PUNCH_LOOKBACK_DAYS, currentShift, missedPunches, statusOf, type Shift } from '../domain/punch.js';
import { addDays, today } from '../domain/time.js';
import type { EmployeePrincipal } from '../shared/auth/session.js';

/** The punch screen's data: the current shift, its status, and missed punch-outs. */
export interface PunchView {
  work_date: string | null;
  punch_in_at: string | null;
  punch_out_at: string | null;
  /** The 出勤 memo (for records older than the 退勤 memo: their single memo). */
  note: string | null;
  /** The 退勤 memo. */
  punch_out_note: string | null;
  status: ReturnType<typeof statusOf>;
  missed_punches: { date: string }[];
}

export function punchView(days: readonly Shift[], todayDate: string, now: Date): PunchView {
  const shift = currentShift(days, todayDate, now);
  return {
    work_date: shift?.workDate ?? null,
    punch_in_at: shift?.punchInAt ?? null,
    punch_out_at: shift?.punchOutAt ?? null,
    note: shift?.note ?? null,
    punch_out_note: shift?.punchOutNote ?? null,
    status: statusOf(shift),
    missed_punches: missedPunches(days, todayDate, now).map((date) => ({ date })),
  };
}

/** One Query covers today, a night shift from yesterday and the missed-punch look-back. */
export async function recentShifts(principal: EmployeePrincipal, now: Date) {
  const todayDate = today(principal.timeZone, now);
  const who = { companyId: principal.companyId, employeeId: principal.userId };
  const days = await daysBetween(who, addDays(todayDate, -MISSED_PUNCH_LOOKBACK_DAYS), todayDate);
  return { todayDate, who, days };
}
