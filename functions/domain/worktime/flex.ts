/**
 * フレックスタイム制 (32条の3): the 清算期間 settlement, the monthly 50 h/week cap of periods over a
 * month, and the running 過不足. CONTRACT STUB (issue 17): the engine helper fills it in.
 */
import type { DayResult } from './day.js';
import type { LimitContext } from './month.js';

/** The settlement of one run of days under one flex system (date order). To be implemented. */
export function applyFlexSettlement(days: readonly DayResult[], _ctx: LimitContext): DayResult[] {
  return [...days];
}
