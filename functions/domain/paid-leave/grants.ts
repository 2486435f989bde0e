import { addDays } from '../time.js';
import { addMonthsLegal, addYearsLegal, assertDate, assertMonthDay, nextMonthDay } from './dates.js';
import { type Entitlement, statutoryEntitlement, type WorkingPattern } from './tables.js';

/**
 * The grant schedule of one employee (労働基準法 39条1項〜3項).
 *
 * Statutory dates (法定の基準日): the first grant falls on the day 6 months of service are complete
 * (hire 2026-04-01 → 2026-10-01; hire 2025-08-31 → 2026-03-01, see dates.ts), each later one on the
 * same day one year after the previous (1.5 y, 2.5 y, …). Each grant needs ≥ 80 % attendance of all
 * working days (全労働日) in its qualifying period: the 6 months before the first grant, the year
 * before each later one. A missed 80 % withholds only that year's grant; service keeps counting, so
 * the next year's grant is the next row of the table (39条2項 counts 継続勤務年数, not grants).
 *
 * Attendance (出勤率) is the caller's: it must count as attended the days 39条10項 deems attended
 * (業務上の傷病による休業, 育児・介護休業, 産前産後休業) and days of paid leave taken, and leave out
 * of 全労働日 the days the worker owed no work (使用者の責に帰すべき休業, 正当な争議行為 etc.,
 * 平25.7.10 基発0710第3号). A period the caller gives no figure for is assumed to meet the 80 %
 * (flagged `basis: 'not_provided'`) so that missing data never withholds a statutory grant; a
 * period with no scheduled working day at all has no ratio and is treated as met as well.
 *
 * Common grant date (斉一的付与). A company may grant everyone on one annual date (`monthDay`, e.g.
 * '04-01') as long as no worker is worse off than under the statute. 平6.1.4 基発1号 allows it on
 * two conditions, both built in here: (1) for the 80 % test, a period shortened by granting early
 * counts as fully attended; (2) once the first grant is brought forward, every later grant is
 * brought forward by at least as much. Implemented schemes (`firstGrant`):
 * - 'six_months': first grant on the statutory date (hire + 6 months), the second on the first
 *   common date after it (so the first and second base dates are less than a year apart unless the
 *   6-month point is itself a common date), then every common date.
 * - 'first_common_date': first grant on the first common date on or after the hire date when that
 *   is no later than hire + 6 months, otherwise on hire + 6 months; then every common date after it.
 * - 'hire_date': first grant on the hire date (入社時付与), then every common date after it.
 * In every scheme the k-th grant (k = 0, 1, …) is the statute's k-th row — 10, 11, 12, 14, 16, 18,
 * 20 days for the normal table — and falls on or before the statute's k-th date:
 * F₀ ≤ hire + 6 m by construction, and F₁ is the first common date after F₀, so F₁ ≤ F₀ + 1 y ≤
 * statutory₁; Fₖ = F₁ + (k−1) y ≤ statutory₁ + (k−1) y = statutoryₖ. Condition (2) holds because
 * F₁ − F₀ ≤ 1 y. Qualifying periods are [previous grant (or hire), grant): any shorter than the
 * statute's (6 months for the first, 1 year after) counts as fully attended per condition (1), so
 * no grant is withheld that the statute would have made. Each grant expires two years after its own
 * date; because every statutory grant is matched by an equal grant no later, the set of unexpired
 * grants at any date is never smaller than the statute's (its k-th grant is live on [Fₖ, Fₖ + 2 y),
 * and when the statute's k-th grant outlives it, the scheme's (k+2)-th ≥ it is already live).
 * Status (working pattern) is judged on each actual grant date.
 */

export interface DatedPattern {
  /** First day this pattern applies (the contract or change date). */
  from: string;
  pattern: WorkingPattern;
}

export interface LeaveEmployee {
  /** 雇入れの日: the first day of continuous service. */
  hireDate: string;
  /**
   * Working-pattern history. The grant on date D uses the last entry with `from ≤ D`; when every
   * entry starts after D, the earliest entry is taken as the pattern since hire.
   */
  patterns: readonly DatedPattern[];
  /** Last day of employment (退職日); grants after it are not made. */
  leftOn?: string | null;
}

export interface CommonGrantDate {
  /** `MM-DD`, e.g. '04-01'. */
  monthDay: string;
  firstGrant: 'six_months' | 'first_common_date' | 'hire_date';
}

/** 出勤率 for one qualifying period, keyed by the period's first day (`ScheduledGrant.period.from`). */
export type PeriodAttendance =
  { from: string; ratio: number } | { from: string; scheduledDays: number; attendedDays: number };

export interface GrantOptions {
  commonGrantDate?: CommonGrantDate | null;
  attendance?: readonly PeriodAttendance[];
}

export interface ScheduledGrant {
  grantDate: string;
  /** 0 = the first grant (6 months' service), 1 = 1 y 6 m, …; ≥ 6 uses the last column. */
  step: number;
  /** The date the statute requires this grant by (equal to `grantDate` without a common date). */
  statutoryDate: string;
  /** Qualifying period, inclusive; empty (`to` < `from`) when granted on the hire date. */
  period: { from: string; to: string };
  /** Shorter than the statute's period: counts as fully attended (平6.1.4 基発1号). */
  shortened: boolean;
}

export interface GrantDecision extends ScheduledGrant {
  pattern: WorkingPattern;
  attendance: {
    basis: 'measured' | 'shortened' | 'not_provided';
    /** attended ÷ scheduled, null when not measured or nothing was scheduled. */
    ratio: number | null;
    met: boolean;
  };
  table: Entitlement['table'];
  row: Entitlement['row'];
  /** Days granted: 0 when withheld. */
  days: number;
  outcome: 'granted' | 'below_80_percent' | 'no_entitlement';
  /** First day the grant can no longer be used (労働基準法 115条: two years from the grant date). */
  expiresOn: string;
}

/** The grant dates up to and including `until` (without attendance or days). */
export function grantSchedule(
  employee: LeaveEmployee,
  until: string,
  options: Pick<GrantOptions, 'commonGrantDate'> = {},
): ScheduledGrant[] {
  assertDate(employee.hireDate, 'hireDate');
  assertDate(until, 'until');
  const hire = employee.hireDate;
  const last = employee.leftOn && employee.leftOn < until ? employee.leftOn : until;
  const statutory = (step: number) => addMonthsLegal(hire, 6 + 12 * step);
  const dates = grantDates(hire, last, options.commonGrantDate ?? null);
  return dates.map((grantDate, step) => {
    const from = step === 0 ? hire : dates[step - 1]!;
    // Statutory periods are never "shortened", even the year 2027-03-01 … 2028-02-28 that a
    // 29 February 6-month date produces: the statute itself defines them.
    const fullEnd = step === 0 ? statutory(0) : addYearsLegal(from, 1);
    return {
      grantDate,
      step,
      statutoryDate: statutory(step),
      period: { from, to: addDays(grantDate, -1) },
      shortened: options.commonGrantDate ? grantDate < fullEnd : false,
    };
  });
}

function grantDates(hire: string, last: string, common: CommonGrantDate | null): string[] {
  const out: string[] = [];
  if (!common) {
    for (let step = 0; ; step++) {
      const d = addMonthsLegal(hire, 6 + 12 * step);
      if (d > last) return out;
      out.push(d);
    }
  }
  assertMonthDay(common.monthDay);
  const sixMonths = addMonthsLegal(hire, 6);
  let first: string;
  if (common.firstGrant === 'hire_date') first = hire;
  else if (common.firstGrant === 'six_months') first = sixMonths;
  else {
    const c = nextMonthDay(common.monthDay, hire);
    first = c <= sixMonths ? c : sixMonths;
  }
  if (first > last) return out;
  out.push(first);
  for (let d = nextMonthDay(common.monthDay, first, true); d <= last; d = addYearsLegal(d, 1)) out.push(d);
  return out;
}

export function patternOn(employee: LeaveEmployee, date: string): WorkingPattern {
  if (employee.patterns.length === 0) throw new RangeError('employee has no working pattern');
  const sorted = [...employee.patterns].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  let current = sorted[0]!;
  for (const p of sorted) if (p.from <= date) current = p;
  return current.pattern;
}

function attendanceFor(
  g: ScheduledGrant,
  records: readonly PeriodAttendance[] | undefined,
): GrantDecision['attendance'] {
  if (g.shortened) return { basis: 'shortened', ratio: null, met: true };
  const r = records?.find((a) => a.from === g.period.from);
  if (!r) return { basis: 'not_provided', ratio: null, met: true };
  if ('ratio' in r) {
    if (!(r.ratio >= 0 && r.ratio <= 1)) throw new RangeError(`attendance ratio must be 0–1: ${r.ratio}`);
    return { basis: 'measured', ratio: r.ratio, met: r.ratio >= 0.8 };
  }
  if (!(r.scheduledDays >= 0 && r.attendedDays >= 0 && r.attendedDays <= r.scheduledDays)) {
    throw new RangeError(`attended days must be 0–scheduled days: ${r.attendedDays}/${r.scheduledDays}`);
  }
  if (r.scheduledDays === 0) return { basis: 'measured', ratio: null, met: true };
  // 8 割以上 in exact arithmetic: attended / scheduled ≥ 4/5.
  return { basis: 'measured', ratio: r.attendedDays / r.scheduledDays, met: r.attendedDays * 5 >= r.scheduledDays * 4 };
}

/**
 * Every grant decision with a grant date on or before `asOf`: granted, withheld for attendance
 * below 80 %, or no entitlement (scheduled under 48 days a year). Withheld decisions are kept so
 * screens can explain the gap; only `outcome: 'granted'` decisions go into the ledger.
 */
export function grantsFor(employee: LeaveEmployee, asOf: string, options: GrantOptions = {}): GrantDecision[] {
  return grantSchedule(employee, asOf, options).map((g) => decide(employee, g, options.attendance));
}

/** The next grant after `asOf` as it would be made if attendance is met and the pattern stays as it is. */
export function nextGrant(employee: LeaveEmployee, asOf: string, options: GrantOptions = {}): GrantDecision | null {
  if (employee.leftOn && employee.leftOn <= asOf) return null;
  // Two years always contain at least one grant date; the earliest one after asOf is the next.
  const upcoming = grantSchedule(employee, addYearsLegal(asOf, 2), options).find((g) => g.grantDate > asOf);
  return upcoming ? decide(employee, upcoming, options.attendance) : null;
}

function decide(
  employee: LeaveEmployee,
  g: ScheduledGrant,
  records: readonly PeriodAttendance[] | undefined,
): GrantDecision {
  const pattern = patternOn(employee, g.grantDate);
  const entitlement = statutoryEntitlement(g.step, pattern);
  const attendance = attendanceFor(g, records);
  const outcome = entitlement.table === 'none' ? 'no_entitlement' : attendance.met ? 'granted' : 'below_80_percent';
  return {
    ...g,
    pattern,
    attendance,
    table: entitlement.table,
    row: entitlement.row,
    days: outcome === 'granted' ? entitlement.days : 0,
    outcome,
    expiresOn: addYearsLegal(g.grantDate, 2),
  };
}

/**
 * Whether a grant dated `grantedOn` falls outside the worker's employment (issue 30 item 8): before
 * the 入社日 or after the 退職日 (the last day employed). Unknown dates bound nothing.
 */
export function grantOutsideEmployment(
  grantedOn: string,
  employment: { hireDate?: string | undefined; leaveDate?: string | undefined },
): 'before_hire' | 'after_leave' | null {
  if (employment.hireDate && grantedOn < employment.hireDate) return 'before_hire';
  if (employment.leaveDate && grantedOn > employment.leaveDate) return 'after_leave';
  return null;
}
