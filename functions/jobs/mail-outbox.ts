/**
 * The mail outbox's scheduled run (an EventBridge rule every minute, not an API route): sends the mails
 * that are due — retries whose wait is over, mails whose request died before sending them — and marks
 * claims that ran out without an outcome as unknown (services/mail-outbox.ts). Idempotent and safe to
 * overlap: every send is claimed first, so two runs never send one mail twice. Under `npm start` the
 * same function runs on a timer (lib/local/mail-outbox-timer.ts).
 */
import type { Context } from 'aws-lambda';
import { runMailOutbox, type OutboxRunResult } from '../services/mail-outbox.js';
import { withLogContext } from '../shared/logger.js';

// Every line of the run carries the Lambda request id and the run's id (the schedule event's id).
export const handler = async (event?: { id?: string }, context?: Context): Promise<OutboxRunResult> =>
  withLogContext(
    { lambda_request_id: context?.awsRequestId, job: 'mail-outbox', job_id: event?.id ?? context?.awsRequestId },
    () => runMailOutbox(),
  );
