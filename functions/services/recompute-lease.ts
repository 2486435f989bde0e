import { renewRecomputeJob, takeRecomputeJob } from '../db/recompute-jobs.js';
import type { JobLeaseStore } from './job-runs.js';

/** How a recompute job (a grant run, a company close) is taken and its lease renewed (services/job-runs.ts). */
export const recomputeLease = (companyId: string, jobId: string): JobLeaseStore => ({
  take: (runId, now) => takeRecomputeJob(companyId, jobId, runId, now),
  renew: (runId, now) => renewRecomputeJob(companyId, jobId, runId, now),
});
