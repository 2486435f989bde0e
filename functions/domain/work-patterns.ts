/**
 * Work patterns (勤務パターン) as people write them ("HH:MM" on the clock, 夜勤 ending 翌7:00) and as
 * they are stored (minutes from the work date's local midnight, domain/worktime/schedule.ts
 * WorkPattern). Pure.
 *
 * The clock form: `start_time` and `end_time` are "HH:MM" (00:00–23:59). Without `crosses_midnight`
 * the end is later the same day (end > start). With it the end is on the next day (end ≤ start, at
 * most 24 hours: 22:00–07:00 is 22:00–翌7:00 = 1320–1860). A break time earlier than the pattern's
 * start is on the next day when the pattern crosses midnight (夜勤 22:00–翌7:00, 休憩 02:00–03:00 =
 * 翌2:00–翌3:00 = 1560–1620); a break ending at 00:00 after a start before midnight ends at 24:00.
 */
import type { PatternBreak } from './worktime/schedule.js';

/** Most break windows a pattern may have (as the break rule's windows). */
export const MAX_PATTERN_BREAKS = 4;
/** Longest pattern name. */
export const PATTERN_NAME_MAX = 30;

export const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** "HH:MM" → minutes from midnight (0–1439). */
export function clockMinute(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Minutes from the work date's midnight → "HH:MM" on the clock (1860 → "07:00"). */
export function clockTime(minute: number): string {
  const m = ((minute % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The clock form of a pattern (the API's body and answer). */
export interface PatternClock {
  start_time: string;
  end_time: string;
  crosses_midnight: boolean;
  breaks: { start_time: string; end_time: string }[];
}

export interface PatternMinutes {
  startMinute: number;
  endMinute: number;
  breakWindows: PatternBreak[];
}

/** The pattern's end in minutes from the work date's midnight. */
export const endMinuteOf = (p: Pick<PatternClock, 'start_time' | 'end_time' | 'crosses_midnight'>) =>
  clockMinute(p.end_time) + (p.crosses_midnight ? 1440 : 0);

/**
 * A break's minutes: on a pattern that crosses midnight a clock time before the pattern's start is
 * the next day's (22:00–翌7:00: 02:00 = 1560, and 23:30–00:30 = 1410–1470).
 */
export function breakMinutes(startMinute: number, crosses: boolean, b: { start_time: string; end_time: string }) {
  const at = (hhmm: string) => {
    const m = clockMinute(hhmm);
    return crosses && m < startMinute ? m + 1440 : m;
  };
  return { startMinute: at(b.start_time), endMinute: at(b.end_time) };
}

/** The stored minutes of a pattern in clock form (breaks sorted). Assumes it passed patternProblems. */
export function patternMinutes(p: PatternClock): PatternMinutes {
  const startMinute = clockMinute(p.start_time);
  return {
    startMinute,
    endMinute: endMinuteOf(p),
    breakWindows: p.breaks
      .map((b) => breakMinutes(startMinute, p.crosses_midnight, b))
      .sort((a, b) => a.startMinute - b.startMinute),
  };
}

/** The clock form of stored minutes. */
export function patternClock(p: {
  startMinute: number;
  endMinute: number;
  breakWindows?: readonly PatternBreak[] | null | undefined;
}): PatternClock {
  return {
    start_time: clockTime(p.startMinute),
    end_time: clockTime(p.endMinute),
    crosses_midnight: p.endMinute >= 1440,
    breaks: [...(p.breakWindows ?? [])]
      .sort((a, b) => a.startMinute - b.startMinute)
      .map((b) => ({ start_time: clockTime(b.startMinute), end_time: clockTime(b.endMinute) })),
  };
}

/** Scheduled minutes minus the break windows (所定労働時間 of the pattern). */
export function patternWorkMinutes(p: {
  startMinute: number;
  endMinute: number;
  breakWindows?: readonly PatternBreak[] | null | undefined;
}): number {
  const breaks = (p.breakWindows ?? []).reduce((n, b) => n + (b.endMinute - b.startMinute), 0);
  return p.endMinute - p.startMinute - breaks;
}

export const PATTERN_MESSAGES = {
  time: '時刻を「09:00」の形式で入力してください',
  // Names the form's own words: 終業時刻, 始業時刻 and the box 「終業は翌日」 (issue 29 item 23).
  endAfterStart: '終業時刻は始業時刻より後にしてください（日をまたぐ場合は「終業は翌日」を選択してください）',
  crossingTooLong: '日をまたぐ勤務パターンの終了時刻は翌日の開始時刻以前にしてください（24時間以内）',
  breakOutside: '休憩時間は勤務時間の中に入れてください',
  breakOrder: '休憩の終了時刻は開始時刻より後にしてください',
  breaksOverlap: '休憩時間が重なっています',
  tooManyBreaks: `休憩は${MAX_PATTERN_BREAKS}つまでです`,
  noWork: '休憩を除いた勤務時間がありません',
  nameTaken: '同じ名前の勤務パターンがすでにあります',
} as const;

/**
 * Field errors of a pattern in clock form whose times are well-formed "HH:MM" (keys as the body's:
 * `end_time`, `breaks.1.end_time`, `breaks`); empty when it is valid.
 */
export function patternProblems(p: PatternClock): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const start = clockMinute(p.start_time);
  const end = endMinuteOf(p);
  if (!p.crosses_midnight && end <= start) errors.end_time = [PATTERN_MESSAGES.endAfterStart];
  if (p.crosses_midnight && end - start > 1440) errors.end_time = [PATTERN_MESSAGES.crossingTooLong];
  if (errors.end_time) return errors;
  const windows = p.breaks.map((b, i) => {
    const w = breakMinutes(start, p.crosses_midnight, b);
    if (w.endMinute <= w.startMinute) errors[`breaks.${i}.end_time`] = [PATTERN_MESSAGES.breakOrder];
    else if (w.startMinute < start || w.endMinute > end)
      errors[`breaks.${i}.start_time`] = [PATTERN_MESSAGES.breakOutside];
    return w;
  });
  if (Object.keys(errors).length) return errors;
  const sorted = [...windows].sort((a, b) => a.startMinute - b.startMinute);
  if (sorted.some((w, i) => i > 0 && w.startMinute < sorted[i - 1]!.endMinute)) {
    errors.breaks = [PATTERN_MESSAGES.breaksOverlap];
    return errors;
  }
  if (patternWorkMinutes({ startMinute: start, endMinute: end, breakWindows: windows }) <= 0)
    errors.breaks = [PATTERN_MESSAGES.noWork];
  return errors;
}
