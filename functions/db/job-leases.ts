/**
 * The conditions every leased job item is written under (domain/job-lease.ts says what a lease is): the
 * job entities (recompute-jobs.ts, export-jobs.ts, staff-imports.ts, period-closings.ts) use these in
 * their named writes, so the rules are the same for every kind:
 *
 * - a run takes a job only while it waits for its first run (no run id) or its lease ran out;
 * - a run's later writes (progress, renewal, result) hold only while the job still names that run;
 * - a job is given back for another run (再実行) only when it failed or its lease ran out.
 */
import { JOB_LEASE_MS } from '../domain/job-lease.js';
import { awsErrorName } from '../shared/errors.js';

// ElectroDB types each entity's where callback with its own attributes; these builders serve every job
// entity, so the callers pass them `as never` (the same as db/staff.ts asRead).
type Attr = never;
type Ops = {
  eq: (attr: Attr, value: unknown) => string;
  lt: (attr: Attr, value: unknown) => string;
  notExists: (attr: Attr) => string;
};

const anyOf = (eq: Ops['eq'], attr: Attr, statuses: readonly string[]) =>
  `(${statuses.map((s) => eq(attr, s)).join(' OR ')})`;

/** Waiting for its first run, or its run's lease ran out (epoch ms `now`): a new run may take it. */
export const takeable =
  (active: readonly string[], now: number) =>
  (a: Record<'status' | 'runId' | 'leaseUntil', Attr>, { eq, lt, notExists }: Ops) =>
    `${anyOf(eq, a.status, active)} AND (${notExists(a.runId)} OR ${lt(a.leaseUntil, now)})`;

/** The job still names this run: nobody took it over (and no 再実行 gave it back) since. */
export const heldBy =
  (runId: string) =>
  (a: Record<'runId', Attr>, { eq }: Ops) =>
    eq(a.runId, runId);

/**
 * The job may be given back for 再実行: it ended in `again` (failed), or it should be under way
 * (`active`) and its lease ran out — an item from before leases counts from its attribute `heard`
 * (its creation or last update, ISO) plus a lease.
 */
export const retryable =
  <H extends string>(active: readonly string[], again: readonly string[], now: number, heard: H) =>
  (a: Record<'status' | 'leaseUntil' | H, Attr>, { eq, lt, notExists }: Ops) =>
    `${anyOf(eq, a.status, again)} OR (${anyOf(eq, a.status, active)} AND (${lt(a.leaseUntil, now)} OR (${notExists(
      a.leaseUntil,
    )} AND ${lt(a[heard], new Date(now - JOB_LEASE_MS).toISOString())})))`;

/** A conditional write: false when its condition failed (nothing written), the error otherwise. */
export async function conditionHeld(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (awsErrorName(error) === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
