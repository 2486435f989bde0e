/**
 * Job leases (issue 30 item 13): when a job counts as dead, and how a run renews its lease and stops
 * once another run holds the job (services/job-runs.ts with a store in memory, the domain clock moved
 * by hand).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_LEASE_MS, isStalled, leaseEnd, leaseFrom, renewalDue } from '../../functions/domain/job-lease.js';
import { LeaseLostError, startRun, type JobLeaseStore } from '../../functions/services/job-runs.js';
import { clock } from '../../functions/shared/clock.js';

const T0 = Date.parse('2026-11-25T01:00:00Z');
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});
const at = (ms: number) => {
  clock.now = () => new Date(T0 + ms);
};

describe('a lease', () => {
  it('runs two minutes from the moment it is taken or renewed', () => {
    expect(JOB_LEASE_MS).toBe(120_000);
    expect(leaseFrom(T0)).toBe(T0 + 120_000);
  });

  it('of an item from before leases ends a lease after its last word', () => {
    expect(leaseEnd({ heardAt: '2026-11-25T01:00:00.000Z' })).toBe(T0 + 120_000);
    expect(leaseEnd({ leaseUntil: T0 + 5, heardAt: '2026-11-25T09:00:00.000Z' })).toBe(T0 + 5);
    // Nothing known: long over.
    expect(leaseEnd({})).toBe(0);
  });

  it('has stalled a job under way only once it ran out; a finished job never stalls', () => {
    const lease = { leaseUntil: T0 + 120_000 };
    expect(isStalled(true, lease, T0 + 120_000)).toBe(false);
    expect(isStalled(true, lease, T0 + 120_001)).toBe(true);
    expect(isStalled(false, lease, T0 + 999_999)).toBe(false);
  });

  it('is renewed once a third of it has passed (40 s)', () => {
    expect(renewalDue(T0, T0 + 39_999)).toBe(false);
    expect(renewalDue(T0, T0 + 40_000)).toBe(true);
  });
});

/** A job's lease in memory, as its db module's conditional writes keep it. */
function memoryStore() {
  const job = { runId: undefined as string | undefined, leaseUntil: 0, renewals: 0 };
  const store: JobLeaseStore = {
    take: async (runId, now) => {
      if (job.runId !== undefined && job.leaseUntil >= now) return false;
      Object.assign(job, { runId, leaseUntil: leaseFrom(now) });
      return true;
    },
    renew: async (runId, now) => {
      if (job.runId !== runId) return false;
      job.leaseUntil = leaseFrom(now);
      job.renewals++;
      return true;
    },
  };
  return { job, store };
}

describe('a run of a job', () => {
  it('takes a job nobody holds, and not one whose lease still runs', async () => {
    const { store } = memoryStore();
    at(0);
    const first = await startRun(store);
    expect(first).not.toBeNull();
    at(120_000);
    expect(await startRun(store)).toBeNull();
    at(120_001);
    expect(await startRun(store)).not.toBeNull();
  });

  it('renews as its units go by only when a third of the lease has passed', async () => {
    const { job, store } = memoryStore();
    at(0);
    const run = (await startRun(store))!;
    at(39_000);
    await run.beat();
    expect(job.renewals).toBe(0);
    at(40_000);
    await run.beat();
    expect(job.renewals).toBe(1);
    expect(job.leaseUntil).toBe(T0 + 160_000);
    at(79_999);
    await run.beat();
    expect(job.renewals).toBe(1);
  });

  it('stops (LeaseLostError) at its next beat or write once another run took the job over', async () => {
    const { store } = memoryStore();
    at(0);
    const dead = (await startRun(store))!;
    // Not heard from for longer than its lease: another run takes the job.
    at(200_000);
    const next = (await startRun(store))!;
    expect(next.runId).not.toBe(dead.runId);
    await expect(dead.beat()).rejects.toBeInstanceOf(LeaseLostError);
    // Once lost, every later beat and write of the dead run stops too, without asking the store.
    await expect(dead.beat()).rejects.toBeInstanceOf(LeaseLostError);
    await expect(dead.held(Promise.resolve(true))).rejects.toBeInstanceOf(LeaseLostError);
    await expect(next.beat()).resolves.toBeUndefined();
  });

  it('stops when one of its own writes finds the job no longer names it', async () => {
    const { store } = memoryStore();
    at(0);
    const run = (await startRun(store))!;
    await expect(run.held(Promise.resolve(true))).resolves.toBeUndefined();
    await expect(run.held(Promise.resolve(false))).rejects.toBeInstanceOf(LeaseLostError);
    await expect(run.beat()).rejects.toBeInstanceOf(LeaseLostError);
  });

  it('keeps going when a renewal fails for a moment (the store throws), and renews at a later beat', async () => {
    const { job, store } = memoryStore();
    let fail = true;
    const flaky: JobLeaseStore = {
      take: store.take,
      renew: async (runId, now) => {
        if (fail) throw new Error('throttled');
        return store.renew(runId, now);
      },
    };
    at(0);
    const run = (await startRun(flaky))!;
    at(50_000);
    await expect(run.beat()).resolves.toBeUndefined();
    expect(job.renewals).toBe(0);
    fail = false;
    at(60_000);
    await run.beat();
    expect(job.renewals).toBe(1);
  });
});
