/**
 * Punch rules (pure). A work day is the company-local date of its punch-in; a shift that crosses
 * midnight stays open on the day it started, so the next punch closes it there.
 */
export interface Shift {
  workDate: string;
  punchInAt?: string | undefined;
  punchOutAt?: string | undefined;
  /** 出勤 memo (also the single memo of records older than the 退勤 memo). */
  note?: string | undefined;
  /** 退勤 memo. */
  punchOutNote?: string | undefined;
}

export type PunchStatus = 'not_punched_in' | 'at_work' | 'left_work';

/** An open shift older than this is a missed punch-out, not today's shift (no shift lasts a whole day). */
export const OPEN_SHIFT_LIMIT_MS = 24 * 60 * 60 * 1000;

/**
 * A night shift closed after midnight stays on screen as 退勤済み for a while, so the employee sees the
 * punch they just made; after this it gives way to a fresh day.
 */
export const CLOSED_NIGHT_SHIFT_DISPLAY_MS = 5 * 60 * 60 * 1000;

/**
 * A second press this soon after a punch-in is the same press (a double tap, or two tabs): it changes
 * nothing. Nobody works a shift shorter than a minute.
 */
export const DOUBLE_PRESS_MS = 60 * 1000;

/** How far back the punch screen looks for missed punch-outs. */
export const MISSED_PUNCH_LOOKBACK_DAYS = 31;

const isOpen = (s: Shift) => Boolean(s.punchInAt) && !s.punchOutAt;

/**
 * The shift the punch screen is about: today's; else an earlier shift still open (a night shift, under
 * 24 h old); else an earlier shift closed in the last few hours (a night shift just ended).
 */
export function currentShift(days: readonly Shift[], today: string, now: Date): Shift | null {
  const todays = days.find((d) => d.workDate === today);
  if (todays?.punchInAt) return todays;
  const earlier = days
    .filter((d) => d.workDate < today && d.punchInAt)
    .sort((a, b) => b.workDate.localeCompare(a.workDate));
  const open = earlier.find((d) => isOpen(d) && now.getTime() - Date.parse(d.punchInAt!) < OPEN_SHIFT_LIMIT_MS);
  if (open) return open;
  const latest = earlier[0];
  if (latest?.punchOutAt && now.getTime() - Date.parse(latest.punchOutAt) < CLOSED_NIGHT_SHIFT_DISPLAY_MS)
    return latest;
  return todays ?? null;
}

export function statusOf(shift: Shift | null): PunchStatus {
  if (!shift?.punchInAt) return 'not_punched_in';
  return shift.punchOutAt ? 'left_work' : 'at_work';
}

export type PunchAction =
  | { type: 'in'; workDate: string }
  | { type: 'out'; workDate: string }
  | { type: 'done'; workDate: string }
  | { type: 'repeat'; workDate: string };

/** What a press of the punch button does now. */
export function nextAction(days: readonly Shift[], today: string, now: Date): PunchAction {
  const shift = currentShift(days, today, now);
  switch (statusOf(shift)) {
    case 'not_punched_in':
      return { type: 'in', workDate: today };
    case 'at_work':
      if (now.getTime() - Date.parse(shift!.punchInAt!) < DOUBLE_PRESS_MS)
        return { type: 'repeat', workDate: shift!.workDate };
      return { type: 'out', workDate: shift!.workDate };
    case 'left_work':
      return { type: 'done', workDate: shift!.workDate };
  }
}

/** Past days with a punch-in and no punch-out (other than the shift still running). */
export function missedPunches(days: readonly Shift[], today: string, now: Date): string[] {
  const current = currentShift(days, today, now);
  return days
    .filter((d) => d.workDate < today && isOpen(d) && d.workDate !== current?.workDate)
    .map((d) => d.workDate)
    .sort((a, b) => b.localeCompare(a));
}
