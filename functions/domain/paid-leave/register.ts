import { addDays } from '../time.js';
import { assertDate } from './dates.js';
import { balanceOn, expiryOf, type LeaveGrant, type LeaveTaking, sumDays } from './ledger.js';

/**
 * 年次有給休暇管理簿 (労働基準法施行規則 24条の7): per worker, the 基準日 (first and second base dates
 * included), the 日数 and the 時季 (dates) of the paid leave taken, kept while the leave runs and
 * five years after (transitionally three, 施行規則 72条). One row per statutory grant (基準日),
 * in date order. Rows partition time so each taking appears exactly once: a row runs from its base
 * date to the day before the next statutory grant — shorter than a year when a common grant date
 * brings the next grant forward, longer when a year's grant was withheld under the 80 % rule (the
 * five-day duty keeps its own one-year windows, see five-day-duty.ts). Takings dated before the
 * first statutory grant (drawn from company extras) get a leading row with a null base date.
 * Only takings dated on or before `asOf` are recorded: the register lists leave taken, not planned.
 */

export interface RegisterRow {
  /** 基準日; null for the row of takings before the first statutory grant. */
  baseDate: string | null;
  grantId: string | null;
  /** Days of this grant (0 for the leading row). */
  daysGranted: number;
  /** Company extras granted within the row's period. */
  extraDaysGranted: number;
  /** First day usable no more (null for the leading row). */
  expiresOn: string | null;
  periodFrom: string;
  /** Inclusive; null while open (no later statutory grant yet). */
  periodTo: string | null;
  /** 時季: each day, half day or hours taken in the period, in order (`hours` for 時間単位 only). */
  taken: { date: string; days: number; hours?: number }[];
  /** 日数 taken in the period: days and half days. */
  daysTaken: number;
  /** 時間単位年休 taken in the period, in hours (kept apart from the days, as the register shows them). */
  hoursTaken: number;
  /** 残日数 (all live grants) at the end of the period, or on `asOf` while it is open. */
  balance: number;
}

export function registerRows(
  grants: readonly LeaveGrant[],
  takings: readonly LeaveTaking[],
  asOf: string,
): RegisterRow[] {
  assertDate(asOf);
  const past = takings
    .filter((t) => t.date <= asOf)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  const statutory = grants
    .filter((g) => (g.kind ?? 'statutory') === 'statutory' && g.grantedOn <= asOf)
    .sort((a, b) => (a.grantedOn < b.grantedOn ? -1 : a.grantedOn > b.grantedOn ? 1 : 0));
  const extras = grants.filter((g) => g.kind === 'extra' && g.grantedOn <= asOf);

  const rows: RegisterRow[] = [];
  const firstBase = statutory[0]?.grantedOn;
  const before = past.filter((t) => !firstBase || t.date < firstBase);
  if (before.length > 0) {
    const earlyExtras = extras.filter((g) => !firstBase || g.grantedOn < firstBase).map((g) => g.grantedOn);
    const from = [before[0]!.date, ...earlyExtras].sort()[0]!;
    const to = firstBase ? addDays(firstBase, -1) : null;
    rows.push(row(null, null, 0, null, from, to));
  }
  statutory.forEach((g, i) => {
    const next = statutory[i + 1];
    rows.push(row(g.grantedOn, g.id, g.days, expiryOf(g), g.grantedOn, next ? addDays(next.grantedOn, -1) : null));
  });
  return rows;

  function row(
    baseDate: string | null,
    grantId: string | null,
    daysGranted: number,
    expiresOn: string | null,
    periodFrom: string,
    periodTo: string | null,
  ): RegisterRow {
    const inPeriod = (d: string) => periodFrom <= d && (periodTo === null || d <= periodTo);
    const taken = past
      .filter((t) => inPeriod(t.date))
      .map((t) =>
        t.hours === undefined ? { date: t.date, days: t.days } : { date: t.date, days: t.days, hours: t.hours },
      );
    const end = periodTo !== null && periodTo < asOf ? periodTo : asOf;
    return {
      baseDate,
      grantId,
      daysGranted,
      extraDaysGranted: sumDays(extras.filter((g) => inPeriod(g.grantedOn)).map((g) => g.days)),
      expiresOn,
      periodFrom,
      periodTo,
      taken,
      daysTaken: sumDays(taken.filter((t) => t.hours === undefined).map((t) => t.days)),
      hoursTaken: sumDays(taken.map((t) => t.hours ?? 0)),
      balance: balanceOn(grants, past, end).balance,
    };
  }
}
