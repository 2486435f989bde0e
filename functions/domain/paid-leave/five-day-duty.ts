import { addDays } from '../time.js';
import { addMonthsLegal, addYearsLegal, assertDate, daysBetween, monthLength, monthsCompleted } from './dates.js';
import type { LeaveGrant, LeaveTaking } from './ledger.js';
import { sumDays } from './ledger.js';

/**
 * The five-day duty (年5日の時季指定義務, 労働基準法 39条7項): for every grant of 10 days or more,
 * the employer must have the worker take 5 days within one year of its base date (基準日), by
 * designating dates if need be. Days the worker took by request or through planned leave (39条8項)
 * reduce the 5, half days as 0.5 (平30.12.28 基発1228第15号); hourly leave does not. Breaches are
 * fined up to ¥300,000 per worker (120条1号).
 *
 * - Which grants: a single `kind: 'statutory'` grant of ≥ 10 days (carried-over days and company
 *   extras do not count towards the 10). A grant brought forward by a common grant date starts its
 *   own year on the day it is made (施行規則 24条の5第1項, 第一基準日). Splitting a grant into parts
 *   under 10 days (24条の5第4項) is not modelled.
 * - Which takings: every paid-leave day dated inside the window, whichever grant it was drawn
 *   from. Takings dated after `asOf` are planned (approved or designated); they count towards the
 *   5 — pass only the ones that are firm.
 * - Overlapping years (重複期間): when a second grant of ≥ 10 days (第二基準日) comes less than a year
 *   after the first — the usual effect of a common grant date — two methods are legal:
 *   'per_grant' (39条7項本文): each grant keeps its own year and its own 5 days; a day taken in the
 *   overlap counts for both years. This is the default: it is always compliant.
 *   'proportional' (比例按分, 施行規則 24条の5第2項): one combined period (履行期間) from the first base
 *   date to the day before the second base date's first anniversary, with 5 × months ÷ 12 days.
 *   Months and rounding follow 厚生労働省「改正労働基準法に関するQ&A」3-9: whole months counted from
 *   the base date, the remaining days divided by the days of the final month, and any fraction of
 *   a day rounded up (18 months → 7.5 → 8 days). Only a pair is merged; a later grant starts its own
 *   window (the third grant of a common-date scheme falls on the day after the combined period).
 * - Pace: a window is 'behind' when the days taken or planned are fewer than the whole days an even
 *   pace would have reached by the months completed before today: floor(required × completed
 *   months ÷ window months) — equivalently, the days still missing exceed the remaining months'
 *   fair share, rounded in the worker's favour — and, in the window's final month, fewer than all
 *   of them. For a 12-month window: nothing expected in months 1–3 (floor(5 × 2 ÷ 12) = 0), then 1
 *   day once 3 months are over, 2 after 5, 3 after 8, 4 after 10, all 5 in the final month.
 * - Records (issue 29 item 8): the product only knows the days taken since its records of the worker
 *   begin (`recordsFrom`: the later of the hire date and the company's first day of use). A window
 *   that ended before that is not judged ('before_records': nobody can tell whether the 5 were taken).
 *   A window that began before it and runs on is judged on the days recorded plus the days the admin
 *   states were taken before the records began (`takenBeforeRecords`); until they state them, a window
 *   the recorded days do not already satisfy is 'unconfirmed' (要確認), never 'behind' or 'overdue'.
 */

export type FiveDayMethod = 'per_grant' | 'proportional';

export interface FiveDayWindow {
  method: FiveDayMethod;
  /** The grant(s) the window belongs to; two when merged by the proportional method. */
  grantIds: string[];
  /** 基準日 (and 第二基準日 when merged). */
  baseDates: string[];
  from: string;
  /** Last day to reach the required days (inclusive): base date + 1 year − 1 day, or of the second base date when merged. */
  deadline: string;
  requiredDays: number;
  /** Days taken inside the window on or before `asOf`. */
  takenDays: number;
  /** Days planned inside the window after `asOf`. */
  plannedDays: number;
  /** Dates taken or planned inside the window, in order. */
  takings: { date: string; days: number; planned: boolean }[];
  /** requiredDays − takenDays − plannedDays, never below 0: days the employer still has to secure (時季指定). */
  remainingDays: number;
  monthsElapsed: number;
  /** Days from `asOf` to the deadline inclusive (0 once it has passed). */
  daysLeft: number;
  /** The whole days an even pace reaches by now. */
  expectedByNow: number;
  status: 'upcoming' | 'met' | 'scheduled' | 'on_track' | 'behind' | 'overdue' | 'unconfirmed' | 'before_records';
  /** When the window began before the records (`recordsFrom`): the days stated as taken before them (null: not stated). */
  takenBeforeRecords: number | null;
  /** Whether the window began before the records of the worker (its days before them are unknown). */
  beforeRecords: boolean;
}

export interface FiveDayOptions {
  method?: FiveDayMethod;
  /**
   * The first day the product's records of the worker cover (the later of the hire date and the
   * company's first day of use); absent = every day (as before).
   */
  recordsFrom?: string | null | undefined;
  /** Paid-leave days the admin states the worker took before `recordsFrom` in the window running then. */
  takenBeforeRecords?: number | null | undefined;
}

const qualifies = (g: LeaveGrant) => (g.kind ?? 'statutory') === 'statutory' && g.days >= 10;

/** Every five-day window of the employee's qualifying grants, oldest first. */
export function fiveDayDuty(
  grants: readonly LeaveGrant[],
  takings: readonly LeaveTaking[],
  asOf: string,
  options: FiveDayOptions = {},
): FiveDayWindow[] {
  assertDate(asOf);
  const method = options.method ?? 'per_grant';
  const base = [...grants]
    .filter(qualifies)
    .sort((a, b) => (a.grantedOn < b.grantedOn ? -1 : a.grantedOn > b.grantedOn ? 1 : 0));
  const windows: FiveDayWindow[] = [];
  for (let i = 0; i < base.length; i++) {
    const first = base[i]!;
    const ownDeadline = addDays(addYearsLegal(first.grantedOn, 1), -1);
    const second = base[i + 1];
    if (method === 'proportional' && second && second.grantedOn > first.grantedOn && second.grantedOn <= ownDeadline) {
      const deadline = addDays(addYearsLegal(second.grantedOn, 1), -1);
      windows.push(
        window(
          method,
          [first, second],
          first.grantedOn,
          deadline,
          proratedDays(first.grantedOn, deadline),
          takings,
          asOf,
          options,
        ),
      );
      i++;
    } else {
      windows.push(window(method, [first], first.grantedOn, ownDeadline, 5, takings, asOf, options));
    }
  }
  return windows;
}

/** Windows whose period contains `asOf` — the ones a dashboard shows. */
export function currentFiveDayDuty(
  grants: readonly LeaveGrant[],
  takings: readonly LeaveTaking[],
  asOf: string,
  options: FiveDayOptions = {},
): FiveDayWindow[] {
  return fiveDayDuty(grants, takings, asOf, options).filter((w) => w.from <= asOf && asOf <= w.deadline);
}

/** 施行規則 24条の5第2項 with Q&A 3-9's counting: ceil(5 × months ÷ 12). */
export function proratedDays(from: string, deadline: string): number {
  const { whole, extraDays, finalMonthDays } = monthLength(from, deadline);
  // 5 × (whole + extra/final) / 12, rounded up, in integers.
  const num = 5 * (whole * finalMonthDays + extraDays);
  const den = 12 * finalMonthDays;
  return Math.ceil(num / den);
}

function window(
  method: FiveDayMethod,
  grants: LeaveGrant[],
  from: string,
  deadline: string,
  requiredDays: number,
  takings: readonly LeaveTaking[],
  asOf: string,
  options: FiveDayOptions = {},
): FiveDayWindow {
  const recordsFrom = options.recordsFrom ?? null;
  const beforeRecords = recordsFrom !== null && from < recordsFrom;
  // Ended before the records began: what was taken then is unknown, nothing to judge.
  const endedBefore = beforeRecords && deadline < recordsFrom;
  // The stated days are those of the window running when the records began (it straddles their start).
  const stated = beforeRecords && !endedBefore ? (options.takenBeforeRecords ?? null) : null;
  // Hourly leave (時間単位年休) does not count toward the five days (39条8項); half days do, as 0.5.
  // With days stated for the time before the records, the stated figure stands for that time (a
  // taking recorded there anyway is in it).
  const inside = takings
    .filter((t) => t.hours === undefined && from <= t.date && t.date <= deadline)
    .filter((t) => stated === null || t.date >= recordsFrom!)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((t) => ({ date: t.date, days: t.days, planned: t.date > asOf }));
  const takenDays = sumDays([...inside.filter((t) => !t.planned).map((t) => t.days), stated ?? 0]);
  const plannedDays = sumDays(inside.filter((t) => t.planned).map((t) => t.days));
  const remainingDays = Math.max(0, requiredDays - takenDays - plannedDays);

  const { whole, extraDays, finalMonthDays } = monthLength(from, deadline);
  // Months finished before today: on a month's last day the worker can still take that day.
  const monthsElapsed = Math.min(monthsCompleted(from, addDays(asOf, -1)), whole);
  const finalMonth = asOf >= addMonthsLegal(addDays(deadline, 1), -1);
  // floor(required × elapsed ÷ window months), window months = whole + extra/final; all of it in the final month.
  const expectedByNow = finalMonth
    ? requiredDays
    : Math.floor((requiredDays * monthsElapsed * finalMonthDays) / (whole * finalMonthDays + extraDays));

  let status: FiveDayWindow['status'];
  if (asOf < from) status = 'upcoming';
  else if (endedBefore) status = 'before_records';
  else if (takenDays >= requiredDays) status = 'met';
  else if (beforeRecords && stated === null && takenDays + plannedDays < requiredDays) status = 'unconfirmed';
  else if (asOf > deadline) status = 'overdue';
  else if (takenDays + plannedDays >= requiredDays) status = 'scheduled';
  else status = takenDays + plannedDays < expectedByNow ? 'behind' : 'on_track';

  return {
    method,
    grantIds: grants.map((g) => g.id),
    baseDates: grants.map((g) => g.grantedOn),
    from,
    deadline,
    requiredDays,
    takenDays,
    plannedDays,
    takings: inside,
    remainingDays,
    monthsElapsed,
    daysLeft: asOf > deadline ? 0 : daysBetween(asOf < from ? from : asOf, deadline) + 1,
    expectedByNow,
    status,
    takenBeforeRecords: stated,
    beforeRecords,
  };
}
