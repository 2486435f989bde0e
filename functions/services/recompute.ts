/**
 * Background recompute of stored monthly summaries after a settings version changes figures from a
 * day on (a rule version today; the company calendar and the 36協定 later). The request only records a
 * job and starts the worker (an asynchronous Lambda invocation on AWS, an in-process task locally), so
 * its work does not grow with the staff count; the screen polls the job for 再計算中 n/m.
 */
import { companyById } from '../db/companies.js';
import {
  COMPANY_CLOSE_REASON,
  GRANT_RUN_REASON,
  findRecomputeJob,
  insertRecomputeJob,
  reopenRecomputeJob,
} from '../db/recompute-jobs.js';
import { isStalled, leaseFrom } from '../domain/job-lease.js';
import { today } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { env } from '../shared/env.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';
import type { ClosingChecklistDigestEvent } from './closing-checklist-digest.js';
import type { CompanyCloseEvent } from './company-close.js';
import type { WorkStatusDigestEvent } from './work-status-digest.js';
import { codeText } from '../shared/i18n/code-text.js';

const JOB_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface RecomputeEvent {
  companyId: string;
  jobId: string;
}

/**
 * What the worker is asked to do: a recompute job, a build of 勤怠状況's digest (work-status-digest.ts)
 * or of 締め処理's checklist (closing-checklist-digest.ts), or the operator's company close
 * (company-close.ts: the company's accounts, not its figures).
 */
export type WorkerEvent = RecomputeEvent | WorkStatusDigestEvent | ClosingChecklistDigestEvent | CompanyCloseEvent;

/**
 * Records a recompute of every active employee's months from the month of `fromDate` (YYYY-MM-DD) to
 * the current month and starts the worker; null when `fromDate` is after the current month (no stored
 * month can change yet). `reason` names the setting (e.g. `rule.working`). Two requests whatever the
 * staff count (PutItem, Invoke), three when the company's time zone is not passed. `employeeIds`
 * narrows the job to those employees (a shift save changes only theirs).
 */
export async function enqueueRecompute(
  companyId: string,
  fromDate: string,
  reason: string,
  timeZone?: string,
  employeeIds?: readonly string[],
): Promise<RecomputeJobView | null> {
  const zone = timeZone ?? (await companyById(companyId)).timeZone;
  const fromMonth = fromDate.slice(0, 7);
  const toMonth = today(zone, clock.now()).slice(0, 7);
  if (fromMonth > toMonth) return null;
  const job = {
    companyId,
    jobId: newId(),
    status: 'pending' as const,
    reason,
    fromMonth,
    toMonth,
    timeZone: zone,
    ...(employeeIds ? { employeeIds: [...employeeIds] } : {}),
    done: 0,
    failed: 0,
    leaseUntil: leaseFrom(clock.now().getTime()),
    expiresAt: Math.floor(clock.now().getTime() / 1000) + JOB_TTL_SECONDS,
  };
  await insertRecomputeJob(job);
  await startWorker({ companyId, jobId: job.jobId });
  return jobView({ ...job, createdAt: clock.now().toISOString() });
}

/**
 * Records a paid-leave grant run (本日までの法定付与を実行) and starts the worker, which applies the
 * grants due to every active member and counts them on the job (services/recompute-runner.ts): two
 * requests whatever the staff count (PutItem, Invoke). The screen polls the job as it polls a recompute.
 */
export async function enqueueGrantRun(companyId: string, timeZone: string): Promise<RecomputeJobView> {
  const month = today(timeZone, clock.now()).slice(0, 7);
  const job = {
    companyId,
    jobId: newId(),
    status: 'pending' as const,
    reason: GRANT_RUN_REASON,
    fromMonth: month,
    toMonth: month,
    timeZone,
    done: 0,
    failed: 0,
    granted: 0,
    leaseUntil: leaseFrom(clock.now().getTime()),
    expiresAt: Math.floor(clock.now().getTime() / 1000) + JOB_TTL_SECONDS,
  };
  await insertRecomputeJob(job);
  await startWorker({ companyId, jobId: job.jobId });
  return jobView({ ...job, createdAt: clock.now().toISOString() });
}

/** Starts the worker on one event (an asynchronous invocation on AWS, an in-process task locally). */
export async function startWorker(event: WorkerEvent): Promise<void> {
  const fn = env().RECOMPUTE_WORKER_FUNCTION;
  if (fn) {
    const { invokeAsync } = await import('../shared/clients/lambda-invoke.js');
    await invokeAsync(fn, event, env().AWS_REGION);
    return;
  }
  // Local stack and tests: the same worker code, in this process, not awaited by the request. Lambda
  // bundles define KINTAI_BUNDLE, so esbuild drops this branch: there the worker is its own function.
  if (process.env.KINTAI_BUNDLE !== 'lambda') {
    void import('./recompute-runner.js')
      .then((w) => w.runWorkerEvent(event))
      .catch((error: unknown) =>
        logger.error('local worker failed', { companyId: event.companyId, error: error as Error }),
      );
    return;
  }
  throw new Error('RECOMPUTE_WORKER_FUNCTION is not set');
}

type JobRecord = {
  jobId: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  fromMonth: string;
  toMonth: string;
  total?: number | undefined;
  done: number;
  failed: number;
  createdAt: string;
  finishedAt?: string | undefined;
  granted?: number | undefined;
  leaseUntil?: number | undefined;
};

/** A job under way whose worker has not been heard from within its lease: it died (domain/job-lease.ts). */
export const jobStalled = (job: Pick<JobRecord, 'status' | 'leaseUntil' | 'createdAt'>, now: Date = clock.now()) =>
  isStalled(
    job.status === 'pending' || job.status === 'running',
    { leaseUntil: job.leaseUntil, heardAt: job.createdAt },
    now.getTime(),
  );

const jobView = (job: JobRecord) => {
  const stalled = jobStalled(job);
  return {
    id: job.jobId,
    /** A job whose worker died reads `failed` (with `stalled`): 再実行 finishes it. */
    status: stalled ? ('failed' as const) : job.status,
    /** The worker was not heard from within its lease (it died): 再実行 takes the job over. */
    stalled,
    from_month: job.fromMonth,
    to_month: job.toMonth,
    /** Employees to recompute; null until the worker has started. */
    total: job.total ?? null,
    done: job.done,
    failed: job.failed,
    created_at: job.createdAt,
    /** When the figures were last computed (集計日時); null while running. */
    finished_at: job.finishedAt ?? null,
    /** A paid-leave grant run: the grants made so far (null for a recompute). */
    granted: job.granted ?? null,
  };
};

/** `GET /api/v1/recompute_jobs/{id}` (the SPA imports the type). */
export type RecomputeJobView = ReturnType<typeof jobView>;

/** One job of the company as the screen polls it; another company's id is a 404. */
export async function recomputeStatus(companyId: string, jobId: string): Promise<RecomputeJobView> {
  const job = await findRecomputeJob(companyId, jobId);
  if (!job) throw new NotFoundError();
  return jobView(job);
}

/** 「この処理は実行中です。」: 再実行 of a job whose worker is alive and well. */
export const JOB_RUNNING_MESSAGE = codeText('job.running');
/** 「この処理は完了しています。」: 再実行 of a job that finished. */
export const JOB_DONE_MESSAGE = codeText('job.done');

/**
 * 再実行 of a recompute or a grant run that failed or whose worker died (issue 30 item 13): gives the
 * job back (pending, a fresh lease) and starts the worker, which takes it over and finishes it once
 * (services/recompute-runner.ts). Three requests whatever the staff count (GetItem, UpdateItem,
 * Invoke). 409 while it runs or once it is done; 404 for another company's job or a company close.
 */
export async function retryRecomputeJob(companyId: string, jobId: string): Promise<RecomputeJobView> {
  const job = await findRecomputeJob(companyId, jobId);
  if (!job || job.reason === COMPANY_CLOSE_REASON) throw new NotFoundError();
  const now = clock.now();
  if (!(await reopenRecomputeJob(companyId, jobId, now.getTime())))
    throw new ConflictError(job.status === 'done' ? JOB_DONE_MESSAGE : JOB_RUNNING_MESSAGE);
  await startWorker({ companyId, jobId });
  return jobView({ ...job, status: 'pending', leaseUntil: leaseFrom(now.getTime()), finishedAt: undefined });
}
