/**
 * One run of a leased background job (domain/job-lease.ts, issue 30 item 13), the same for every kind
 * of job: the worker takes the job under a new run id, calls `beat()` as its units of work go by (the
 * lease is renewed when a third of it has passed, one UpdateItem), and passes each of its own writes
 * (progress, result) through `held()`. As soon as one of them finds the job no longer names this run —
 * the lease ran out and another run took the job over, or 再実行 gave it back — the run throws
 * `LeaseLostError` and stops: the run that holds the job finishes it, once.
 *
 * The unit of work behind the interface (take → units → beat/held → result) is what issue 35's fan-out
 * will dispatch through a queue; nothing here assumes one process.
 */
import { renewalDue } from '../domain/job-lease.js';
import { clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';

/** The job belongs to another run now: stop without writing anything more. */
export class LeaseLostError extends Error {
  constructor() {
    super('the job is held by another run');
    this.name = 'LeaseLostError';
  }
}

export const isLeaseLost = (error: unknown): error is LeaseLostError => error instanceof LeaseLostError;

export interface JobRun {
  readonly runId: string;
  /** The unit of work is done (or starts): renews the lease when due; throws LeaseLostError once lost. */
  beat(): Promise<void>;
  /** A conditional write of this run (false = the job no longer names it): throws LeaseLostError then. */
  held(write: Promise<boolean>): Promise<void>;
}

/** How a kind of job is taken and its lease renewed (its db module's conditional writes). */
export interface JobLeaseStore {
  take: (runId: string, now: number) => Promise<boolean>;
  renew: (runId: string, now: number) => Promise<boolean>;
}

/** Takes the job for a new run, or null when another run holds it or it is over (nothing to do). */
export async function startRun(store: JobLeaseStore): Promise<JobRun | null> {
  const runId = newId();
  const takenAt = clock.now().getTime();
  if (!(await store.take(runId, takenAt))) return null;
  let renewedAt = takenAt;
  let lost = false;
  let renewing: Promise<void> | null = null;
  const renew = async (at: number) => {
    try {
      if (await store.renew(runId, at)) renewedAt = at;
      else lost = true;
    } catch (error) {
      // A renewal the table refused for now (throttled, a blip) is tried again at the next beat; the
      // run's own writes still hold while no other run has taken the job.
      logger.warn('job lease not renewed', { error: error as Error });
    } finally {
      renewing = null;
    }
  };
  return {
    runId,
    async beat() {
      if (lost) throw new LeaseLostError();
      const at = clock.now().getTime();
      if (renewalDue(renewedAt, at)) await (renewing ??= renew(at));
      if (lost) throw new LeaseLostError();
    },
    async held(write) {
      if (lost || !(await write)) {
        lost = true;
        throw new LeaseLostError();
      }
    },
  };
}
