/**
 * The daily paid-leave grant job (an EventBridge-scheduled Lambda, not an API route): applies the
 * statutory grants due today to every active company. Each company's "today" is taken in its own
 * zone by runDueGrants, so one run a day shortly after midnight JST covers Japan; a company far
 * west of Japan gets its grant on the next run at the latest. Idempotent, so a retry or an
 * overlapping run grants nothing twice. Locally the same function runs on demand through
 * POST /api/v1/paid_leave/grant_runs.
 */
import { runDueGrants } from '../services/paid-leave-service.js';
import { listActiveCompanies } from '../db/companies.js';
import { clock } from '../shared/clock.js';
import type { Context } from 'aws-lambda';
import { logger, withLogContext } from '../shared/logger.js';

export interface GrantJobResult {
  companies: number;
  granted: number;
  failed: string[];
}

export async function runAllCompanies(now: Date = clock.now()): Promise<GrantJobResult> {
  const companies = await listActiveCompanies();
  const result: GrantJobResult = { companies: companies.length, granted: 0, failed: [] };
  // One company at a time: the run is small per company, and a failure stays with its company.
  for (const company of companies) {
    try {
      const run = await withLogContext({ company_id: company.companyId }, () => runDueGrants(company.companyId, now));
      result.granted += run.granted.length;
    } catch (error) {
      logger.error('paid-leave grant run failed', { companyId: company.companyId, error: error as Error });
      result.failed.push(company.companyId);
    }
  }
  logger.info('paid-leave grant run', {
    companies: result.companies,
    granted: result.granted,
    failed: result.failed.length,
  });
  return result;
}

// Every line of the run carries the Lambda request id and the run's id (the schedule event's id).
export const handler = async (event?: { id?: string }, context?: Context): Promise<GrantJobResult> => {
  const result = await withLogContext(
    { lambda_request_id: context?.awsRequestId, job: 'paid-leave-grants', job_id: event?.id ?? context?.awsRequestId },
    () => runAllCompanies(),
  );
  // A failed company makes the invocation fail, so the schedule's retry and alarms see it.
  if (result.failed.length > 0) throw new Error(`paid-leave grants failed for ${result.failed.length} companies`);
  return result;
};
