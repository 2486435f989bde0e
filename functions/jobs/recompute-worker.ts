/**
 * Lambda entry of the recompute worker (invoked asynchronously by the settings routes through
 * services/recompute.ts `enqueueRecompute`). Every line of the run carries the Lambda request id, the
 * job and the company (ids only).
 */
import type { Context } from 'aws-lambda';
import { runRecompute } from '../services/recompute-runner.js';
import type { RecomputeEvent } from '../services/recompute.js';
import { withLogContext } from '../shared/logger.js';

export const handler = async (event: RecomputeEvent, context?: Context) =>
  withLogContext(
    { lambda_request_id: context?.awsRequestId, job: 'recompute', job_id: event.jobId, company_id: event.companyId },
    () => runRecompute(event),
  );
