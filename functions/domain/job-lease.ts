/**
 * Leases of background jobs (issue 30 item 13): recompute, grant run, company close, CSV export, period
 * closing and スタッフ一括登録. A worker that takes a job writes a run id and a lease (`leaseUntil`,
 * epoch milliseconds) on it and renews the lease as its units of work go by; every write of the run is
 * conditioned on its run id. A job whose lease ran out was not heard from in that time: its worker died
 * (killed, timed out, its machine gone). Such a job is shown as failed (`stalled`) with 再実行, and
 * the next worker run given it — a retried invocation or 再実行 — takes it over under a new run id and
 * finishes it, each unit being idempotent; the old run, should it wake up, finds its id gone and stops.
 *
 * Pure: the callers pass "now".
 */

/** How long a run may go unheard before its job counts as dead. A unit of work takes seconds. */
export const JOB_LEASE_MS = 2 * 60_000;

/** A run renews its lease once this much of it has passed (so a lease is renewed about every 40 s). */
export const JOB_LEASE_RENEW_MS = JOB_LEASE_MS / 3;

/** What a job item says about its lease. */
export interface LeaseState {
  /** Epoch milliseconds; absent on items written before leases (then `heardAt` counts). */
  leaseUntil?: number | undefined;
  /** When the job was last written before leases existed: its creation (or last update), ISO. */
  heardAt?: string | undefined;
}

/** The instant a job's lease runs out: its lease, or for an item from before leases its last word plus a lease. */
export function leaseEnd({ leaseUntil, heardAt }: LeaseState): number {
  if (typeof leaseUntil === 'number') return leaseUntil;
  const heard = heardAt ? Date.parse(heardAt) : NaN;
  return Number.isNaN(heard) ? 0 : heard + JOB_LEASE_MS;
}

/**
 * Whether a job that should be under way (`active`: pending or running, a period `closing`) has not
 * been heard from within its lease: its worker is gone.
 */
export function isStalled(active: boolean, lease: LeaseState, now: number): boolean {
  return active && leaseEnd(lease) < now;
}

/** The lease a job gets now: a new job must be taken by a worker within it, a run renews it. */
export const leaseFrom = (now: number): number => now + JOB_LEASE_MS;

/** Whether a run that renewed its lease at `renewedAt` should renew it again at `now`. */
export const renewalDue = (renewedAt: number, now: number): boolean => now - renewedAt >= JOB_LEASE_RENEW_MS;
