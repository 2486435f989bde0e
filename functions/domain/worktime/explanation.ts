/**
 * The engine's explanation lines as codes with parameters (issue 31): the domain states what it found,
 * never a sentence. Each code's wording, per language, is in functions/shared/i18n/catalogues/
 * engine.<lang>.ts; the API renders a line in the caller's language (api/explanation-view.ts), whose
 * typecheck fails if a code below has no text in a catalogue.
 *
 * A parameter is a number (minutes, days, hours, counts), a string (an ISO date, a clock time such as
 * "09:00", a name from the user's data, or a `select` choice), `{ hm }` (minutes shown as h:mm at
 * render time), another line (a nested code: a label, a clause) or `{ list, sep }` (items joined with
 * the separator code's text).
 */
import { addDays } from '../time.js';
import { hm } from './format.js';
import type { RuleSource } from './rules.js';
import type { LeaveUnit } from './schedule.js';
import type { SegmentKind, LeaveType } from './day.js';
import type { WorkSystemKind } from './system.js';

export type ExplanationParam =
  string | number | { hm: number } | ExplanationLine | { list: ExplanationParam[]; sep: ExplanationCode };

export interface ExplanationLine {
  code: ExplanationCode;
  params?: Record<string, ExplanationParam>;
}

/** Every code of the engine's lines; its text per language lives in catalogues/engine.<lang>.ts. */
export type ExplanationCode =
  // Building blocks: a clock time relative to the work date, a range, separators, labels.
  | 'engine.clock'
  | 'engine.range'
  | 'engine.sep_dot'
  | 'engine.sep_comma'
  | 'engine.sep_plus'
  | 'engine.leave_paid'
  | 'engine.leave_compensatory'
  | 'engine.leave_substitute'
  | `engine.leave_unit_${LeaveUnit}`
  | `engine.rule_level_${RuleSource}`
  | `engine.system_${WorkSystemKind}`
  | `engine.segment_${SegmentKind}`
  | 'engine.holiday_name'
  | 'engine.judged_manager'
  | 'engine.judged_flex'
  | 'engine.judged_variable'
  | 'engine.judged_standard'
  // The day (day.ts).
  | 'day.before_hire'
  | 'day.after_leave'
  | 'day.transfer_working'
  | 'day.transfer_day_off'
  | 'day.legal_holiday'
  | 'day.legal_holiday_manager'
  | 'day.day_off'
  | 'day.shift_working'
  | 'day.shift_day_off'
  | 'day.leave'
  | 'day.leave_unit_hours'
  | 'day.leave_unit_half'
  | 'day.leave_unit_days'
  | 'day.system_manager'
  | 'day.system_weekly'
  | 'day.system_flex'
  | 'day.system_variable'
  | 'day.no_punch'
  | 'day.incomplete'
  | 'day.incomplete_no_in'
  | 'day.incomplete_no_out'
  | 'day.incomplete_out_before_in'
  | 'day.working_rule'
  | 'day.working_rule_threshold'
  | 'day.pattern_scheduled'
  | 'day.restraint'
  | 'day.break_by_pattern'
  | 'day.break_by_rule'
  | 'day.break_terms_tier'
  | 'day.break_terms_windows'
  | 'day.break_terms_none'
  | 'day.break_recorded_none'
  | 'day.break_punched'
  | 'day.break_punched_ranges'
  | 'day.break_zero'
  | 'day.break_zero_rule'
  | 'day.break_deemed'
  | 'day.break_block'
  | 'day.break_block_after_four_hours'
  | 'day.break_block_before_out'
  | 'day.break_windows'
  | 'day.unpunched_none'
  | 'day.unpunched_rule'
  | 'day.manager_break'
  | 'day.segment'
  | 'day.weekly_over'
  | 'day.worked'
  | 'day.worked_split'
  | 'day.worked_part_regular'
  | 'day.worked_part_scheduled'
  | 'day.worked_part_statutory'
  | 'day.worked_part_holiday'
  | 'day.warn_unapproved_overtime'
  | 'day.warn_unapproved_holiday_work'
  | 'day.warn_worked_on_leave'
  | 'day.warn_over_threshold'
  | 'day.warn_break_below_legal'
  | 'day.warn_break_open'
  // The schedule (day.ts attendanceOf).
  | 'day.core_time'
  | 'day.scheduled'
  | 'day.scheduled_breaks'
  | 'day.leave_full_day'
  | 'day.absent'
  | 'day.absent_core'
  | 'day.am_off'
  | 'day.pm_off'
  | 'day.tardy'
  | 'day.tardy_covered'
  | 'day.tardy_all_covered'
  | 'day.tardy_within_grace'
  | 'day.tardy_covered_within_grace'
  | 'day.shift_off'
  | 'day.interval_short'
  | 'day.interval_ok'
  | 'day.leave_scheduled'
  | 'day.leave_hours'
  // 変形労働時間制 (variable.ts).
  | 'variable.daily_over_schedule'
  | 'variable.daily_within_limit'
  | 'variable.weekly'
  | 'variable.weekly_part'
  | 'variable.week_over_schedule'
  | 'variable.week_within_base'
  | 'variable.period'
  | 'variable.period_pending'
  | 'variable.kind_own_span'
  | 'variable.kind_period'
  | 'variable.note_own_span'
  | 'variable.note_system_ends'
  // フレックスタイム制 (flex.ts).
  | 'flex.basis_two_days_off'
  | 'flex.basis_week'
  | 'flex.today_part'
  | 'flex.monthly_cap'
  | 'flex.settled_over'
  | 'flex.settled_deducted'
  | 'flex.settled_inner'
  | 'flex.with_leave';

/** A line (or a nested clause) with its parameters. */
export const line = (code: ExplanationCode, params?: Record<string, ExplanationParam>): ExplanationLine =>
  params ? { code, params } : { code };

/** Minutes shown as h:mm (480 → 8:00) when the line is rendered. */
export const hmParam = (minutes: number): { hm: number } => ({ hm: minutes });

/** Items joined with the separator's text (・ / 、 / + in Japanese). */
export const listParam = (list: ExplanationParam[], sep: ExplanationCode = 'engine.sep_dot') => ({ list, sep });

/** Nothing (an optional clause left out). */
export const EMPTY = '';

/** The label of a leave type (0 有給, 1 代休, 2 振替休日). */
export const LEAVE_CODES = {
  0: 'engine.leave_paid',
  1: 'engine.leave_compensatory',
  2: 'engine.leave_substitute',
} as const satisfies Record<LeaveType, ExplanationCode>;

export type ClockDay = 'same' | 'next' | 'after_next' | 'previous';

/** A clock time on `date` relative to the work date (翌 / 翌々 / 前日 in Japanese). */
export function clockParam(time: string, date: string, workDate: string): ExplanationLine {
  const day: ClockDay =
    date > workDate ? (date > addDays(workDate, 1) ? 'after_next' : 'next') : date < workDate ? 'previous' : 'same';
  return line('engine.clock', { time, day });
}

/** A range of two clock times or other values, e.g. 9:00–18:00. */
export const rangeParam = (from: ExplanationParam, to: ExplanationParam): ExplanationLine =>
  line('engine.range', { from, to });

/** A pattern's clock minute (past 24:00 = the next day), e.g. 翌7:00. */
export const patternClockParam = (minute: number): ExplanationLine =>
  minute >= 24 * 60
    ? line('engine.clock', { time: hm(minute - 24 * 60), day: 'next' })
    : line('engine.clock', { time: hm(minute), day: 'same' });
