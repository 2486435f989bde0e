import type { DaySchedule, PatternRecord } from '../../domain/worktime/schedule.js';
import type { RecomputeJobView } from '../../services/recompute.js';

/** Answers of GET / PUT /api/v1/shifts (the SPA imports the types). */

const hhmm = (minute: number) =>
  `${String(Math.floor((minute % 1440) / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A live pattern as the grid offers it: times "HH:MM", an end past midnight flagged crosses_midnight. */
export const shiftPatternView = (p: PatternRecord) => ({
  id: p.patternId,
  name: p.name,
  start_time: hhmm(p.startMinute),
  end_time: hhmm(p.endMinute),
  crosses_midnight: p.endMinute > 1440,
  breaks: (p.breakWindows ?? []).map((b) => ({ start_time: hhmm(b.startMinute), end_time: hhmm(b.endMinute) })),
});

/** A stored shift, in the shape PUT takes it. */
export interface ShiftEntryView {
  employee_id: string;
  date: string;
  pattern_id: string | null;
  day_off: boolean;
}

/**
 * A day's schedule as it resolves (shift > the employee's default > the (department, status)
 * default > none): `source` says which; a cell with source other than 'shift' shows the default.
 */
export interface ShiftDayView {
  date: string;
  kind: 'pattern' | 'day_off' | 'none';
  pattern_id: string | null;
  pattern_name: string | null;
  source: 'shift' | 'employee' | 'group' | null;
  /**
   * A day off by the company calendar (weekly day off, 祝日 the company closes on, company holiday):
   * a default pattern does not apply there (the engine treats it as unscheduled), only a shift does.
   */
  calendar_day_off: boolean;
}

/** A day as the engine will see it: `s` with the calendar applied (day.ts effectiveSchedule). */
export const dayView = (date: string, s: DaySchedule | null, calendarDayOff = false): ShiftDayView =>
  !s
    ? { date, kind: 'none', pattern_id: null, pattern_name: null, source: null, calendar_day_off: calendarDayOff }
    : s.kind === 'day_off'
      ? {
          date,
          kind: 'day_off',
          pattern_id: null,
          pattern_name: null,
          source: 'shift',
          calendar_day_off: calendarDayOff,
        }
      : {
          date,
          kind: 'pattern',
          pattern_id: s.pattern.id,
          pattern_name: s.pattern.name,
          source: s.source,
          calendar_day_off: calendarDayOff,
        };

export interface ShiftEmployeeView {
  id: string;
  name: string;
  last_name: string;
  first_name: string;
  department_id: string | null;
  department_name: string | null;
  employment_status_id: string | null;
  employment_status_name: string | null;
  status: 'active' | 'retired';
  /** Every day of the month, resolved. */
  days: ShiftDayView[];
}

/** `GET /api/v1/shifts`: a month, a page of staff (in 五十音 order), their shifts and resolved days. */
export interface ShiftMonthView {
  year: number;
  month: number;
  /** The company's week (0 = Sunday … 6 = Saturday): the calendar's week start in force on the month's 1st. */
  week_starts_on: number;
  patterns: ReturnType<typeof shiftPatternView>[];
  employees: ShiftEmployeeView[];
  entries: ShiftEntryView[];
  /** The next page of staff; null on the last page. */
  cursor: string | null;
}

/** `PUT /api/v1/shifts`. */
export interface ShiftSaveView {
  saved: number;
  /** The background recompute of the affected staff's months; null when none is stored yet. */
  recompute: RecomputeJobView | null;
}
