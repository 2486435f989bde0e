/**
 * 本日までの法定付与を実行 as the screen does it: start the run (201, its job), then ask for the job
 * until the worker has gone through the staff.
 */
import { expect } from 'vitest';
import type { HttpClient } from './http-client.js';
import { pollUntil } from './poll.js';

export interface GrantRunJob {
  id: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  total: number | null;
  done: number;
  granted: number | null;
}

export async function grantRunDone(client: HttpClient): Promise<GrantRunJob> {
  const started = await client.post('/api/v1/paid_leave/grant_runs', {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return pollUntil(
    async () => (await client.get(`/api/v1/recompute_jobs/${started.body.data.id}`)).body.data as GrantRunJob,
    (job) => job.status === 'done' || job.status === 'failed',
  );
}

/** Waits for a background recompute job a save answered (`recompute`, or null when none started). */
export async function jobFinished(client: HttpClient, job: { id: string } | null | undefined): Promise<void> {
  if (!job) return;
  await pollUntil(
    async () => (await client.get(`/api/v1/recompute_jobs/${job.id}`)).body.data as GrantRunJob,
    (j) => j.status === 'done' || j.status === 'failed',
  );
}
