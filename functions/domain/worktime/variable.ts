/**
 * 変形労働時間制 (1か月単位 32条の2, 1年単位 32条の4, 1週間単位 32条の5): the week and period passes
 * and the checks of a period's schedule. CONTRACT STUB (issue 17): the engine helper fills it in.
 */
import type { DayResult } from './day.js';
import type { LimitContext } from './month.js';

/**
 * The 法定外 of the week and the period for one run of days under one variable system (date order;
 * computeDay has already found the daily 法定外 against the schedule). To be implemented.
 */
export function applyVariableLimits(days: readonly DayResult[], _ctx: LimitContext): DayResult[] {
  return [...days];
}
