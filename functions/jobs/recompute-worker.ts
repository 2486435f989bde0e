/**
 * Lambda entry of the recompute worker: invoked asynchronously by the settings routes through
 * services/recompute.ts `enqueueRecompute` (an event naming the job), and once a day by its
 * EventBridge schedule (a scheduled event, no job) for the daily refresh of every company's summaries
 * (services/daily-refresh.ts: 欠勤 of the day that just ended). Every line of the run carries the
 * Lambda request id, the job and the company (ids only). Also invoked with a build of 勤怠状況's
 * digest (`kind: 'work-status-digest'`, services/work-status-digest.ts) or of 締め処理's checklist
 * (`kind: 'closing-checklist-digest'`, services/closing-checklist-digest.ts), or with the operator's
 * company close (`kind: 'company-close'`, services/company-close.ts: Cognito users and sessions).
 */
import type { Context } from 'aws-lambda';
import { runDailyRefresh } from '../services/daily-refresh.js';
import { runRecompute } from '../services/recompute-runner.js';
import type { RecomputeEvent, WorkerEvent } from '../services/recompute.js';
import { buildClosingChecklistDigest } from '../services/closing-checklist-digest.js';
import { runCompanyClose } from '../services/company-close.js';
import { buildWorkStatusDigest } from '../services/work-status-digest.js';
import { withLogContext } from '../shared/logger.js';

export const handler = async (event: WorkerEvent | { id?: string }, context?: Context) => {
  if ('kind' in event && event.kind === 'work-status-digest') {
    const digest = event;
    return withLogContext(
      {
        lambda_request_id: context?.awsRequestId,
        job: 'work-status-digest',
        job_id: `${digest.month}#${digest.generation}`,
        company_id: digest.companyId,
      },
      () => buildWorkStatusDigest(digest),
    );
  }
  if ('kind' in event && event.kind === 'closing-checklist-digest') {
    const digest = event;
    return withLogContext(
      {
        lambda_request_id: context?.awsRequestId,
        job: 'closing-checklist-digest',
        job_id: `${digest.period}#${digest.generation}`,
        company_id: digest.companyId,
      },
      () => buildClosingChecklistDigest(digest),
    );
  }
  if ('kind' in event && event.kind === 'company-close') {
    const close = event;
    return withLogContext(
      {
        lambda_request_id: context?.awsRequestId,
        job: 'company-close',
        job_id: close.jobId,
        company_id: close.companyId,
      },
      () => runCompanyClose(close),
    );
  }
  if (!('jobId' in event) || !event.jobId) {
    const scheduled = event as { id?: string };
    const result = await withLogContext(
      { lambda_request_id: context?.awsRequestId, job: 'daily-refresh', job_id: scheduled.id ?? context?.awsRequestId },
      () => runDailyRefresh(),
    );
    // A failed company makes the invocation fail, so the schedule's retry and alarms see it.
    if (result.failed.length) throw new Error(`daily refresh failed for ${result.failed.length} companies`);
    return result;
  }
  const job = event as RecomputeEvent;
  return withLogContext(
    { lambda_request_id: context?.awsRequestId, job: 'recompute', job_id: job.jobId, company_id: job.companyId },
    () => runRecompute(job),
  );
};
