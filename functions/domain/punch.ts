import { addDays } from './time.js';
import type { PunchedBreak } from './worktime/schedule.js';

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
  /** Breaks as punched (休憩開始 / 休憩終了), in order; the last one has no endAt while it runs. */
  breaks?: readonly PunchedBreak[] | null | undefined;
}

export type PunchStatus = 'not_punched_in' | 'at_work' | 'on_break' | 'left_work';

/** The state as the punch screen names it. */
export const PUNCH_STATUS_LABELS: Record<PunchStatus, string> = {
  not_punched_in: '未出勤',
  at_work: '勤務中',
  on_break: '休憩中',
  left_work: '退勤済み',
};

/** What a press asks for: 出勤, 退勤, 休憩開始, 休憩終了. Without a kind a press is 出勤 or 退勤, whichever is next. */
export const PUNCH_KINDS = ['in', 'out', 'break_start', 'break_end'] as const;
export type PunchKind = (typeof PUNCH_KINDS)[number];

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

/** The break still running (the last one, without an end), if any. */
export function openBreak(shift: Shift | null): PunchedBreak | null {
  const last = shift?.breaks?.at(-1);
  return last && !last.endAt ? last : null;
}

export function statusOf(shift: Shift | null): PunchStatus {
  if (!shift?.punchInAt) return 'not_punched_in';
  if (shift.punchOutAt) return 'left_work';
  return openBreak(shift) ? 'on_break' : 'at_work';
}

/**
 * Why a press changed nothing although it was accepted (200 with the state as it is): it repeats the
 * press that made the current state (a double tap, a second tab, a retry without its key).
 */
export type IgnoredReason =
  'too_soon_after_punch_in' | 'already_punched_in' | 'already_on_break' | 'break_already_ended' | 'already_punched_out';

/** Why a press is refused (409, nothing written): it makes no sense in the current state. */
export type RefusedReason = 'left_work' | 'not_punched_in' | 'not_on_break';

export type PunchAction =
  | { type: 'in' | 'out' | 'break_start' | 'break_end'; workDate: string }
  /** A press without a kind after 退勤 (kept from before kinds: 409 本日は退勤済みです。). */
  | { type: 'done'; workDate: string }
  /** 退勤 within a minute of 出勤: the same press as the 出勤. */
  | { type: 'repeat'; workDate: string }
  | { type: 'ignored'; workDate: string; reason: Exclude<IgnoredReason, 'too_soon_after_punch_in'> }
  | { type: 'refused'; workDate: string; reason: RefusedReason };

/**
 * What a press does now. Without a kind: 出勤 or 退勤, whichever is next (退勤 also during a break).
 * With a kind, by state (→ write; "ignored" = 200 with the state, nothing written; "refused" = 409):
 *
 *   | state \ kind | in                | break_start       | break_end                   | out                 |
 *   | 未出勤         | write             | refused           | refused                     | refused             |
 *   | 勤務中         | ignored           | write             | ignored after a break, else refused | write        |
 *   | 休憩中         | ignored           | ignored           | write                       | write, break left open |
 *   | 退勤済み       | refused (in today after a night shift) | refused | refused        | ignored             |
 *
 * 退勤 within a minute of 出勤 is a double tap of the 出勤 (repeat), with or without a kind.
 */
export function nextAction(
  days: readonly Shift[],
  today: string,
  now: Date,
  kind?: PunchKind,
  /** The work date a punch-in belongs to (punchInDate); today unless a night shift from yesterday is due. */
  inDate: string = today,
): PunchAction {
  const shift = currentShift(days, today, now);
  const status = statusOf(shift);
  const workDate = shift?.workDate ?? today;
  const tooSoon = () => now.getTime() - Date.parse(shift!.punchInAt!) < DOUBLE_PRESS_MS;
  if (!kind) {
    switch (status) {
      case 'not_punched_in':
        return { type: 'in', workDate: inDate };
      case 'at_work':
      case 'on_break':
        return tooSoon() ? { type: 'repeat', workDate } : { type: 'out', workDate };
      case 'left_work':
        return { type: 'done', workDate };
    }
  }
  if (status === 'not_punched_in')
    return kind === 'in' ? { type: 'in', workDate: inDate } : { type: 'refused', workDate, reason: 'not_punched_in' };
  if (status === 'left_work') {
    if (kind === 'out') return { type: 'ignored', workDate, reason: 'already_punched_out' };
    // A night shift that ended earlier today is still on screen; 出勤 starts today's shift.
    if (kind === 'in' && workDate < today && !days.some((d) => d.workDate === today && d.punchInAt))
      return { type: 'in', workDate: today };
    return { type: 'refused', workDate, reason: 'left_work' };
  }
  const onBreak = status === 'on_break';
  switch (kind) {
    case 'in':
      return { type: 'ignored', workDate, reason: 'already_punched_in' };
    case 'break_start':
      return onBreak ? { type: 'ignored', workDate, reason: 'already_on_break' } : { type: 'break_start', workDate };
    case 'break_end':
      if (onBreak) return { type: 'break_end', workDate };
      return shift?.breaks?.length
        ? { type: 'ignored', workDate, reason: 'break_already_ended' }
        : { type: 'refused', workDate, reason: 'not_on_break' };
    case 'out':
      return tooSoon() ? { type: 'repeat', workDate } : { type: 'out', workDate };
  }
}

/**
 * The work date of a punch-in at `now`: yesterday when yesterday's schedule is a night pattern that
 * crosses midnight (夜勤, e.g. 22:00–翌7:00), yesterday has no punch-in yet and its scheduled end has not
 * passed — a 夜勤 worker coming in at 0:30 is 150 minutes late for yesterday's shift (昭63.1.1 基発1号:
 * one 勤務 belongs to the day it started), not at work on a day without a schedule while yesterday's
 * shift shows 欠勤. Otherwise today. `night` is yesterday's scheduled span when it crosses midnight.
 */
export function punchInDate(
  days: readonly Shift[],
  today: string,
  now: Date,
  night: { startAt: string; endAt: string } | null,
): string {
  if (!night) return today;
  const yesterday = addDays(today, -1);
  if (days.some((d) => d.workDate === yesterday && d.punchInAt)) return today;
  return now.getTime() < Date.parse(night.endAt) ? yesterday : today;
}

/**
 * The breaks after a press at `at`: 休憩開始 appends a running break; 休憩終了 ends the running one
 * there. Null when the press leaves them as they are — 退勤 included: 退勤 during a break leaves the
 * break open (no end), never ended at the punch-out time. A forgotten 休憩終了 ended at 退勤 would
 * make the whole afternoon a break and under-pay the day; left open, the engine counts its minutes
 * as worked and flags the day break_open until a correction gives the break its end.
 */
export function breaksAfter(
  shift: Shift | null,
  type: 'in' | 'out' | 'break_start' | 'break_end',
  at: string,
): PunchedBreak[] | null {
  const breaks = [...(shift?.breaks ?? [])].map((b) => ({
    startAt: b.startAt,
    ...(b.endAt ? { endAt: b.endAt } : {}),
  }));
  if (type === 'break_start') return [...breaks, { startAt: at }];
  if (type === 'break_end' && openBreak(shift)) {
    breaks[breaks.length - 1] = { startAt: breaks.at(-1)!.startAt, endAt: at };
    return breaks;
  }
  return null;
}

/** Minutes of the breaks that have ended, each from its start minute to its end minute (as the engine counts). */
export function breakMinutes(breaks: readonly PunchedBreak[] | null | undefined): number {
  const minute = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
  let total = 0;
  for (const b of breaks ?? []) if (b.endAt) total += Math.max(0, minute(b.endAt) - minute(b.startAt));
  return total;
}

/** Past days with a punch-in and no punch-out (other than the shift still running). */
export function missedPunches(days: readonly Shift[], today: string, now: Date): string[] {
  const current = currentShift(days, today, now);
  return days
    .filter((d) => d.workDate < today && isOpen(d) && d.workDate !== current?.workDate)
    .map((d) => d.workDate)
    .sort((a, b) => b.localeCompare(a));
}

/** A day's breaks set by a correction: at most this many (as many as a work pattern may have). */
export const MAX_CORRECTION_BREAKS = 4;

export const BREAK_CORRECTION_MESSAGES = {
  tooMany: `休憩は${MAX_CORRECTION_BREAKS}件まで入力できます`,
  list: '休憩の形式が正しくありません',
  startRequired: '休憩の開始時刻を入力してください',
  endRequired: '休憩の終了時刻を入力してください（修正では終了時刻も必要です）',
  instant: '休憩の時刻の形式が正しくありません',
  endAfterStart: '休憩の終了は開始より後の時刻にしてください',
  needsShift: '休憩を設定するには、出勤と退勤の時刻が必要です',
  insideShift: '休憩は出勤から退勤までの間に入力してください',
  ordered: '休憩は時刻の早い順に、重ならないように入力してください',
} as const;

/**
 * Problems of the breaks a correction sets on a day whose punches (after the correction) are
 * punchInAt…punchOutAt, keyed by field path (`breaks`, `breaks.1.end_at`): each break ends after it
 * starts, lies inside the shift, and starts at or after the previous one's end (sorted, disjoint). A
 * correction always gives both ends (the schema requires them): a break with no end is what a
 * correction is there to mend. Breaks need both punches; none (an empty list) is always fine.
 */
export function correctionBreakProblems(
  breaks: readonly { startAt: string; endAt: string }[],
  punchInAt: string | undefined,
  punchOutAt: string | undefined,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (path: string, message: string) => (problems[path] ??= []).push(message);
  if (!breaks.length) return problems;
  if (!punchInAt || !punchOutAt) {
    add('breaks', BREAK_CORRECTION_MESSAGES.needsShift);
    return problems;
  }
  const [shiftIn, shiftOut] = [Date.parse(punchInAt), Date.parse(punchOutAt)];
  let previousEnd = -Infinity;
  breaks.forEach((b, i) => {
    const [start, end] = [Date.parse(b.startAt), Date.parse(b.endAt)];
    if (end <= start) add(`breaks.${i}.end_at`, BREAK_CORRECTION_MESSAGES.endAfterStart);
    else if (start < shiftIn || end > shiftOut) add(`breaks.${i}.start_at`, BREAK_CORRECTION_MESSAGES.insideShift);
    else if (start < previousEnd) add(`breaks.${i}.start_at`, BREAK_CORRECTION_MESSAGES.ordered);
    previousEnd = Math.max(previousEnd, end);
  });
  return problems;
}
