import { addYearsLegal, assertDate } from './dates.js';

/**
 * Balances from a ledger of grants and takings. The balance is always derived, never stored: the
 * same grants and takings give the same answer, so approving, rejecting or deleting a request only
 * adds or removes a taking and the balance follows exactly once.
 *
 * - Expiry (労働基準法 115条): the right to take a day lapses two years after it could first be
 *   taken, i.e. a grant made on D is usable on D … D + 2 y − 1 day and gone from `expiresOn` =
 *   D + 2 y (民法 143条 counting, see dates.ts). A grant may carry a later `expiresOn` when the
 *   company keeps days longer than the law requires.
 * - Consumption order: the law is silent; we use the order that is best for the worker and the
 *   usual rule in work regulations — the day that would lapse first goes first (FIFO: earliest
 *   `expiresOn`, then oldest grant, then id). With standard two-year grants that is simply the oldest
 *   unexpired grant. Takings are applied in date order (then id), each from the grants live on its
 *   date, so a later-dated taking never changes what an earlier one consumed.
 * - Units: a day (1) or a half day (0.5, 半日単位年休 as agreed with the worker; 平7.7.27 基監発33号),
 *   or hours (時間単位年休, 39条4項): `hours` ÷ `dayHours` of a day, `dayHours` being the day's
 *   scheduled hours rounded up (units.ts). Days and half days add exactly in binary floating point;
 *   hour fractions (1/6, 1/7 …) may not, so amounts below DAY_EPSILON count as zero.
 */

export interface LeaveGrant {
  id: string;
  grantedOn: string;
  /** Days granted: a positive multiple of 0.5. */
  days: number;
  /** First day no longer usable; default `grantedOn` + 2 years. */
  expiresOn?: string;
  /**
   * 'statutory' for the 39条 grant (including one brought forward by a common grant date);
   * 'extra' for days the company adds on top (法定外), which are spent like the rest but do not
   * trigger the five-day duty and are not base dates of the register.
   */
  kind?: 'statutory' | 'extra';
}

export interface LeaveTaking {
  id: string;
  date: string;
  /** 1 (full day) or 0.5 (half day), or hours ÷ dayHours for hourly leave. */
  days: number;
  /** 時間単位 only: whole hours taken (below dayHours). */
  hours?: number | undefined;
  /** 時間単位 only: a day's worth in hours (the day's scheduled hours rounded up, 1–24). */
  dayHours?: number | undefined;
}

export interface Allocation {
  grantId: string;
  days: number;
}

export interface GrantState {
  id: string;
  grantedOn: string;
  expiresOn: string;
  kind: 'statutory' | 'extra';
  days: number;
  /** Consumed by takings dated on or before the ledger's `date`. */
  used: number;
  /** Consumed by takings dated after `date` (booked, not yet taken). */
  booked: number;
  /** days − used − booked. */
  remaining: number;
}

export interface TakingState extends LeaveTaking {
  allocations: Allocation[];
  /** Days no live grant could cover (only for inconsistent data: canTake refuses such takings). */
  shortfall: number;
}

export interface Ledger {
  grants: GrantState[];
  takings: TakingState[];
}

/** Below this a remaining amount is zero (hour fractions do not add up exactly in binary). */
export const DAY_EPSILON = 1e-9;
const zeroed = (x: number) => (Math.abs(x) < DAY_EPSILON ? 0 : x);

export const expiryOf = (g: LeaveGrant) => g.expiresOn ?? addYearsLegal(g.grantedOn, 2);
const isHalfStep = (n: number) => Number.isFinite(n) && Number.isInteger(n * 2);

function validate(grants: readonly LeaveGrant[], takings: readonly LeaveTaking[]): void {
  for (const g of grants) {
    assertDate(g.grantedOn, `grant ${g.id} grantedOn`);
    if (g.expiresOn) assertDate(g.expiresOn, `grant ${g.id} expiresOn`);
    if (!(isHalfStep(g.days) && g.days > 0))
      throw new RangeError(`grant ${g.id}: days must be a positive multiple of 0.5`);
  }
  for (const t of takings) {
    assertDate(t.date, `taking ${t.id} date`);
    if (t.hours !== undefined || t.dayHours !== undefined) {
      const { hours = 0, dayHours = 0 } = t;
      if (!(Number.isInteger(hours) && Number.isInteger(dayHours) && hours >= 1 && hours < dayHours && dayHours <= 24))
        throw new RangeError(`taking ${t.id}: hours must be whole, 1 ≤ hours < dayHours ≤ 24`);
      if (Math.abs(t.days - hours / dayHours) > DAY_EPSILON)
        throw new RangeError(`taking ${t.id}: days must be hours ÷ dayHours`);
    } else if (t.days !== 1 && t.days !== 0.5) throw new RangeError(`taking ${t.id}: days must be 1 or 0.5`);
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether the ledger can count a stored grant: calendar dates of four-digit years, an expiry after the
 * grant day, a positive multiple of half a day (issue 30 item 8). A version of the product without
 * bounds stored grants dated 9999-12-31 (expiring "10001-12-31"), which made every balance read throw;
 * the readers leave such a grant out of the balance and show it for an admin to delete.
 */
export function isReadableGrant(g: LeaveGrant): boolean {
  try {
    validate([g], []);
  } catch {
    return false;
  }
  return expiryOf(g) > g.grantedOn;
}

/**
 * Applies every taking (in date order) to the grants. `date` only splits consumption into `used`
 * (takings on or before it) and `booked` (after it); allocations do not depend on it.
 */
export function computeLedger(grants: readonly LeaveGrant[], takings: readonly LeaveTaking[], date?: string): Ledger {
  validate(grants, takings);
  const states: GrantState[] = [...grants]
    .map((g) => ({
      id: g.id,
      grantedOn: g.grantedOn,
      expiresOn: expiryOf(g),
      kind: g.kind ?? 'statutory',
      days: g.days,
      used: 0,
      booked: 0,
      remaining: g.days,
    }))
    .sort((a, b) => cmp(a.expiresOn, b.expiresOn) || cmp(a.grantedOn, b.grantedOn) || cmp(a.id, b.id));
  const ordered = [...takings].sort((a, b) => cmp(a.date, b.date) || cmp(a.id, b.id));
  const out: TakingState[] = [];
  for (const t of ordered) {
    let need = t.days;
    const allocations: Allocation[] = [];
    for (const g of states) {
      if (need === 0) break;
      if (g.grantedOn > t.date || g.expiresOn <= t.date || g.remaining === 0) continue;
      const take = Math.min(need, g.remaining);
      g.remaining = zeroed(g.remaining - take);
      if (date !== undefined && t.date > date) g.booked += take;
      else g.used += take;
      allocations.push({ grantId: g.id, days: take });
      need = zeroed(need - take);
    }
    out.push({ ...t, allocations, shortfall: need });
  }
  states.sort((a, b) => cmp(a.grantedOn, b.grantedOn) || cmp(a.id, b.id));
  return { grants: states, takings: out };
}

export interface Balance {
  date: string;
  /** Days left on `date` in grants live that day, after takings dated on or before it. */
  balance: number;
  /** Of those, days already booked by takings dated after `date`. */
  booked: number;
  /** balance − booked: what is free to request without touching booked leave. */
  free: number;
  /** Live grants on `date`, oldest first, with their state. */
  grants: GrantState[];
  /** The next expiry among live grants with days left, for "X 日が YYYY-MM-DD に失効" notices. */
  nextExpiry: { expiresOn: string; days: number } | null;
}

/** 残日数 on `date`. */
export function balanceOn(grants: readonly LeaveGrant[], takings: readonly LeaveTaking[], date: string): Balance {
  assertDate(date);
  const live = computeLedger(grants, takings, date).grants.filter((g) => g.grantedOn <= date && date < g.expiresOn);
  const balance = sumDays(live.map((g) => g.days - g.used));
  const booked = sumDays(live.map((g) => g.booked));
  const expiring = [...live]
    .filter((g) => g.days - g.used - g.booked > 0)
    .sort((a, b) => cmp(a.expiresOn, b.expiresOn))[0];
  return {
    date,
    balance,
    booked,
    free: balance - booked,
    grants: live,
    nextExpiry: expiring
      ? { expiresOn: expiring.expiresOn, days: expiring.days - expiring.used - expiring.booked }
      : null,
  };
}

export type CanTakeResult =
  | { ok: true; allocations: Allocation[]; available: number }
  | {
      ok: false;
      /** 'insufficient_balance': the request itself cannot be covered; 'conflicts_with_booked': it could, but would leave an already booked later taking uncovered. */
      reason: 'insufficient_balance' | 'conflicts_with_booked';
      /** The most that can be taken on that date without uncovering any booked taking. */
      available: number;
    };

/**
 * Whether `days` (1 or 0.5) can be taken on `date` on top of `takings` (pass the approved ones, and
 * the pending ones too if pending requests should hold their days). Refuses anything beyond the
 * balance, and anything that would take days a later booked taking relies on (possible when a grant
 * expires between the two dates).
 */
export function canTake(
  grants: readonly LeaveGrant[],
  takings: readonly LeaveTaking[],
  request: { date: string; days: number; hours?: number | undefined; dayHours?: number | undefined },
): CanTakeResult {
  const candidateId = '\u0000candidate';
  const before = new Map(computeLedger(grants, takings).takings.map((t) => [t.id, t.shortfall]));
  const trial = (days: number) => {
    const ledger = computeLedger(grants, [
      ...takings,
      { id: candidateId, date: request.date, days, hours: request.hours, dayHours: request.dayHours },
    ]);
    const candidate = ledger.takings.find((t) => t.id === candidateId)!;
    const uncovered = ledger.takings.some((t) => t.id !== candidateId && t.shortfall > (before.get(t.id) ?? 0));
    return { candidate, uncovered };
  };
  const available = maxTakeable(grants, takings, request.date, before, request.dayHours);
  const { candidate, uncovered } = trial(request.days);
  if (candidate.shortfall === 0 && !uncovered) return { ok: true, allocations: candidate.allocations, available };
  return { ok: false, reason: candidate.shortfall > 0 ? 'insufficient_balance' : 'conflicts_with_booked', available };
}

/**
 * The largest multiple of 0.5 (of 1 ÷ dayHours when `dayHours` is given, for hourly leave) that can
 * be taken on `date` without uncovering any existing taking.
 */
function maxTakeable(
  grants: readonly LeaveGrant[],
  takings: readonly LeaveTaking[],
  date: string,
  before: Map<string, number>,
  dayHours?: number | undefined,
): number {
  const perDay = dayHours ?? 2;
  const upper = Math.floor(balanceOn(grants, takings, date).balance * perDay + DAY_EPSILON);
  // Feasibility is monotone in the amount, so walk down from the balance in steps.
  for (let n = upper; n > 0; n--) {
    const halves = Array.from({ length: n }, (_, i) => ({
      id: `\u0000probe${String(i).padStart(4, '0')}`,
      date,
      days: 1 / perDay,
      ...(dayHours === undefined ? {} : { hours: 1, dayHours }),
    }));
    const ledger = computeLedger(grants, [...takings, ...halves]);
    const ok = ledger.takings.every(
      (t) => t.shortfall <= (t.id.startsWith('\u0000probe') ? 0 : (before.get(t.id) ?? 0)),
    );
    if (ok) return n / perDay;
  }
  return 0;
}

export interface Restoration {
  /** Days going back to grants still live on `asOf`. */
  restored: Allocation[];
  /** Days whose grant has expired by `asOf`: lost (115条), not restored. */
  forfeited: Allocation[];
  restoredDays: number;
  forfeitedDays: number;
}

/**
 * What cancelling (rejecting after approval, deleting) the taking `takingId` gives back on `asOf`:
 * exactly the days it consumed, to the grants it consumed them from, except from grants expired by
 * then. This is the per-grant effect for callers that keep counters; the derived balance
 * (`balanceOn` without the taking) agrees with it or, when a later taking can now move to an older
 * grant, is more favourable, and is the figure to show.
 */
export function cancellationRestore(
  grants: readonly LeaveGrant[],
  takings: readonly LeaveTaking[],
  takingId: string,
  asOf: string,
): Restoration {
  assertDate(asOf);
  const ledger = computeLedger(grants, takings);
  const taking = ledger.takings.find((t) => t.id === takingId);
  if (!taking) throw new RangeError(`no taking ${takingId}`);
  const expiry = new Map(ledger.grants.map((g) => [g.id, g.expiresOn]));
  const restored = taking.allocations.filter((a) => asOf < expiry.get(a.grantId)!);
  const forfeited = taking.allocations.filter((a) => asOf >= expiry.get(a.grantId)!);
  return {
    restored,
    forfeited,
    restoredDays: sumDays(restored.map((a) => a.days)),
    forfeitedDays: sumDays(forfeited.map((a) => a.days)),
  };
}

export const sumDays = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
