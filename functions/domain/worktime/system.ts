/**
 * Working-time systems (労働時間制度) — which law finds 法定外 for an employee on a date:
 *   - standard         通常の労働時間制 (32条: 8 h a day, 40 h a week)
 *   - monthly_variable 1か月単位の変形労働時間制 (32条の2)
 *   - yearly_variable  1年単位の変形労働時間制 (32条の4)
 *   - weekly_variable  1週間単位の非定型的変形労働時間制 (32条の5)
 *   - flex             フレックスタイム制 (32条の3; 清算期間 1–3 months)
 *   - manager          管理監督者 (41条2号: no 法定外 / 休日 figures; 深夜 and leave still count)
 *
 * A system is set per employment status (or company-wide, status '-') and per employee, each
 * effective-dated; in force on a date, in order: the employee's version > the status's version >
 * the company-wide version > 通常.
 *
 * The 変形期間 / 清算期間 (the "period") of a date: periods follow one another from the 起算日
 * (`periodStart`) every `periodMonths` months (weekly_variable: every 7 days); a date before the
 * 起算日 belongs to the period counted backwards. A new version starts a new run of periods from
 * its own 起算日.
 */
import { assignmentHistory, assignmentOn, type AssignedStaff } from '../staff-assignment.js';
import { addDays, daysInMonth } from '../time.js';
import { inForce, RULE_ANY } from './schedule.js';

export const WORK_SYSTEMS = [
  'standard',
  'monthly_variable',
  'yearly_variable',
  'weekly_variable',
  'flex',
  'manager',
] as const;
export type WorkSystemKind = (typeof WORK_SYSTEMS)[number];

export const WORK_SYSTEM_LABELS: Record<WorkSystemKind, string> = {
  standard: '通常の労働時間制',
  monthly_variable: '1か月単位の変形労働時間制',
  yearly_variable: '1年単位の変形労働時間制',
  weekly_variable: '1週間単位の非定型的変形労働時間制',
  flex: 'フレックスタイム制',
  manager: '管理監督者',
};

/** The variable systems: 法定外 found per day, per week and per period against the schedule. */
export const VARIABLE_SYSTEMS: readonly WorkSystemKind[] = ['monthly_variable', 'yearly_variable', 'weekly_variable'];

export interface FlexSettings {
  /** コアタイム, minutes from local midnight; null = no core time (遅刻・早退 never found). */
  coreStartMinute: number | null;
  coreEndMinute: number | null;
  /** フレキシブルタイム (the span in which work may start / end); null = none set. Shown, not enforced. */
  flexibleStartMinute: number | null;
  flexibleEndMinute: number | null;
  /**
   * 標準となる1日の労働時間: one day of paid leave counts this many minutes toward the period, and the
   * 所定総労働時間 of the period is this × the period's working days (calendar / shifts).
   */
  standardDailyMinutes: number;
  /**
   * 完全週休2日 with a 労使協定 (32条の3第3項): 総枠 = the period's scheduled working days × 8 h
   * instead of 40 h × calendar days ÷ 7.
   */
  fullTwoDaysOff: boolean;
}

export const DEFAULT_FLEX_SETTINGS: FlexSettings = {
  coreStartMinute: null,
  coreEndMinute: null,
  flexibleStartMinute: null,
  flexibleEndMinute: null,
  standardDailyMinutes: 480,
  fullTwoDaysOff: false,
};

/** The system in force for an employee on a date, as the engine uses it. */
export interface WorkSystem {
  kind: WorkSystemKind;
  /** 起算日 of the periods (YYYY-MM-DD); for standard and manager the version's effectiveFrom. */
  periodStart: string;
  /** Months per period: monthly_variable 1, yearly_variable 2–12, flex 1–3; weekly_variable/standard/manager 0. */
  periodMonths: number;
  /**
   * 44 h a week (特例措置対象事業場, 則25条の2): applies to standard and monthly_variable, and flex with a
   * one-month 清算期間; ignored for the others (the law allows 44 h only there).
   */
  special44: boolean;
  flex: FlexSettings;
  /** 特定期間 of a yearly_variable system (up to 12 consecutive working days there): inclusive dates, or null. */
  specialPeriod: { from: string; to: string } | null;
  /** Where it came from: the employee's own version, the status's, the company-wide one, or the default. */
  source: 'employee' | 'status' | 'company' | 'default';
  /** The stored version's effectiveFrom ('' for the default). */
  effectiveFrom: string;
}

export const STANDARD_SYSTEM: WorkSystem = {
  kind: 'standard',
  periodStart: '',
  periodMonths: 0,
  special44: false,
  flex: DEFAULT_FLEX_SETTINGS,
  specialPeriod: null,
  source: 'default',
  effectiveFrom: '',
};

/** date (YYYY-MM-DD) → the system in force. */
export type SystemOf = (date: string) => WorkSystem;

export const STANDARD_SYSTEM_OF: SystemOf = () => STANDARD_SYSTEM;

/** A stored version (db/entities/work-pattern.ts WorkSystemItem); extra fields are ignored. */
export interface WorkSystemRecord {
  scope: 'status' | 'employee';
  /** RULE_ANY ('-') = company-wide (status scope) or unused (employee scope). */
  employmentStatusId: string;
  /** RULE_ANY for status scope. */
  employeeId: string;
  effectiveFrom: string;
  system: WorkSystemKind;
  periodStart?: string | null | undefined;
  periodMonths?: number | null | undefined;
  special44?: boolean | null | undefined;
  coreStartMinute?: number | null | undefined;
  coreEndMinute?: number | null | undefined;
  flexibleStartMinute?: number | null | undefined;
  flexibleEndMinute?: number | null | undefined;
  standardDailyMinutes?: number | null | undefined;
  fullTwoDaysOff?: boolean | null | undefined;
  specialPeriodFrom?: string | null | undefined;
  specialPeriodTo?: string | null | undefined;
}

/** Months per period a system allows: [min, max] (0 = the system has no period of months). */
export const PERIOD_MONTHS: Record<WorkSystemKind, readonly [number, number]> = {
  standard: [0, 0],
  monthly_variable: [1, 1],
  yearly_variable: [2, 12],
  weekly_variable: [0, 0],
  flex: [1, 3],
  manager: [0, 0],
};

export function systemFromRecord(r: WorkSystemRecord, source: WorkSystem['source']): WorkSystem {
  const [min, max] = PERIOD_MONTHS[r.system];
  const months = Math.min(max, Math.max(min, r.periodMonths ?? min));
  return {
    kind: r.system,
    periodStart: r.periodStart || r.effectiveFrom,
    periodMonths: months,
    special44: Boolean(r.special44),
    flex: {
      coreStartMinute: r.coreStartMinute ?? null,
      coreEndMinute: r.coreEndMinute ?? null,
      flexibleStartMinute: r.flexibleStartMinute ?? null,
      flexibleEndMinute: r.flexibleEndMinute ?? null,
      standardDailyMinutes: r.standardDailyMinutes ?? DEFAULT_FLEX_SETTINGS.standardDailyMinutes,
      fullTwoDaysOff: Boolean(r.fullTwoDaysOff),
    },
    specialPeriod:
      r.specialPeriodFrom && r.specialPeriodTo ? { from: r.specialPeriodFrom, to: r.specialPeriodTo } : null,
    source,
    effectiveFrom: r.effectiveFrom,
  };
}

/** The system function of one employee from the company's stored versions. */
export function systemOf(
  employee: { employeeId: string } & AssignedStaff,
  records: readonly WorkSystemRecord[],
): SystemOf {
  if (!records.length) return STANDARD_SYSTEM_OF;
  const own = records.filter((r) => r.scope === 'employee' && r.employeeId === employee.employeeId);
  // The status versions of the employment status the member has on the day (a move applies from its date).
  const statusVersions = (status: string) =>
    status === RULE_ANY ? [] : records.filter((r) => r.scope === 'status' && r.employmentStatusId === status);
  const company = records.filter((r) => r.scope === 'status' && r.employmentStatusId === RULE_ANY);
  const statuses = new Set(assignmentHistory(employee).map((v) => v.employmentStatusId || RULE_ANY));
  if (!own.length && ![...statuses].some((s) => statusVersions(s).length) && !company.length) return STANDARD_SYSTEM_OF;
  const byStatus = new Map([...statuses].map((s) => [s, statusVersions(s)]));
  return (date) => {
    const mine = inForce(own, date);
    if (mine) return systemFromRecord(mine, 'employee');
    const s = inForce(byStatus.get(assignmentOn(employee, date).employmentStatusId || RULE_ANY) ?? [], date);
    if (s) return systemFromRecord(s, 'status');
    const c = inForce(company, date);
    if (c) return systemFromRecord(c, 'company');
    return STANDARD_SYSTEM;
  };
}

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const day = Math.min(d, daysInMonth(ny, nm));
  return `${ny}-${String(nm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whole days from a to b (b − a). */
function dayDiff(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * The period (変形期間 / 清算期間) of `system` that contains `date`, inclusive; null for standard and
 * manager. Periods of months run from the 起算日 (a 起算日 on the 31st runs to the day before the same
 * day of the next period, clamped to the month's end: 1/31 → 2/27, 2/28 → 3/30).
 */
export function periodOfSystem(system: WorkSystem, date: string): { from: string; to: string } | null {
  if (system.kind === 'standard' || system.kind === 'manager') return null;
  const start = system.periodStart;
  if (system.kind === 'weekly_variable') {
    const n = Math.floor(dayDiff(start, date) / 7);
    const from = addDays(start, n * 7);
    return { from, to: addDays(from, 6) };
  }
  const months = system.periodMonths;
  // The k-th period starts at addMonths(start, k × months); find the k whose period holds the date.
  let k = Math.floor(
    ((Number(date.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
      Number(date.slice(5, 7)) -
      Number(start.slice(5, 7))) /
      months,
  );
  while (addMonths(start, k * months) > date) k--;
  while (addMonths(start, (k + 1) * months) <= date) k++;
  return { from: addMonths(start, k * months), to: addDays(addMonths(start, (k + 1) * months), -1) };
}

/**
 * The earliest date whose record the engine needs to compute the days `first`–`last`: the start of a
 * period (of the system in force on each of its days) that ends inside the span, or that holds
 * `first` — its earlier days feed the period's totals. Returns `first` when no period reaches back.
 */
export function earliestNeeded(systemOf: SystemOf, first: string, last: string): string {
  let earliest = first;
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const p = periodOfSystem(systemOf(date), date);
    if (p && p.from < earliest) earliest = p.from;
  }
  return earliest;
}

/** Two systems are the same run of periods (same kind, 起算日, length and options). */
export function sameSystem(a: WorkSystem, b: WorkSystem): boolean {
  return (
    a === b ||
    (a.kind === b.kind &&
      a.periodStart === b.periodStart &&
      a.periodMonths === b.periodMonths &&
      a.special44 === b.special44 &&
      JSON.stringify(a.flex) === JSON.stringify(b.flex) &&
      JSON.stringify(a.specialPeriod) === JSON.stringify(b.specialPeriod))
  );
}

/**
 * フレックスタイム制: the 清算期間's state through a day (flex.ts sets it on every flex day; the month
 * totals carry the last day's): what the employee sees as 過不足 on the punch screen.
 */
export interface FlexPeriodState {
  /** The 清算期間, inclusive. */
  from: string;
  to: string;
  /** 法定労働時間の総枠: 40 h (44 h) × calendar days ÷ 7, or working days × 8 h with 完全週休2日. */
  totalFrameMinutes: number;
  /** 所定総労働時間 of the period: 標準となる1日の労働時間 × the period's working days. */
  requiredMinutes: number;
  /** Worked from the period's start through this day (法定休日労働 excluded), plus paid leave at the standard day. */
  workedToDateMinutes: number;
  /** 所定 from the period's start through this day (標準 × working days so far). */
  requiredToDateMinutes: number;
  /** 過不足 so far = workedToDate − requiredToDate (negative = 不足). */
  balanceMinutes: number;
  /** The day this state is of (本日までの過不足: the day the employee reads it on). */
  asOf: string;
  /** 実労働 from the period's start through this day (法定休日労働 excluded), without paid leave. */
  actualToDateMinutes: number;
  /**
   * The period's 実労働 projected to its end: actualToDate + 標準となる1日の労働時間 on each working day
   * after this day — and on this day too while its work is not yet recorded (today or later, not
   * punched out; less its paid leave). Leave still to come is not foreseen.
   */
  projectedMinutes: number;
  /**
   * The projection against the 総枠 (projected − totalFrame): above 0 is the 法定外 the period heads
   * for at settlement (32条の3; paid leave never counts toward the 総枠), below 0 the room left.
   */
  projectedOverFrameMinutes: number;
}
