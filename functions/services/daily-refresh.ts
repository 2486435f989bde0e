/**
 * The daily refresh of the stored summaries (the recompute worker's scheduled run, just after local
 * midnight): 欠勤 becomes known when a scheduled day ends without punch or leave — nothing is written
 * that day, so no punch refreshes the figures. Every active company gets a recompute job of the
 * months holding yesterday and today (one transaction per employee, shifts one Query per month), run
 * here one company after another, so work status, the staff list and the closing checklist read
 * yesterday's 欠勤 from the summaries without computing anything per employee in a request. Each job
 * ends by rebuilding 勤怠状況's digest of the current period (recompute-runner.ts), so the screen's
 * figures carry the day's 欠勤 too.
 */
import { listActiveCompanies } from '../db/companies.js';
import { insertRecomputeJob } from '../db/recompute-jobs.js';
import { leaseFrom } from '../domain/job-lease.js';
import { addDays, today } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { logger } from '../shared/logger.js';
import { sendDailyNotices } from './mail-notices.js';
import { runRecompute } from './recompute-runner.js';

const JOB_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface DailyRefreshResult {
  companies: number;
  failed: string[];
}

/** Records and runs one recompute job for a company (yesterday's month to today's); returns its id. */
export async function refreshCompanyDaily(companyId: string, timeZone: string, now: Date = clock.now()) {
  const todayLocal = today(timeZone, now);
  const job = {
    companyId,
    jobId: newId(),
    status: 'pending' as const,
    reason: 'daily',
    fromMonth: addDays(todayLocal, -1).slice(0, 7),
    toMonth: todayLocal.slice(0, 7),
    timeZone,
    done: 0,
    failed: 0,
    leaseUntil: leaseFrom(now.getTime()),
    expiresAt: Math.floor(now.getTime() / 1000) + JOB_TTL_SECONDS,
  };
  await insertRecomputeJob(job);
  await runRecompute({ companyId, jobId: job.jobId });
  return job.jobId;
}

export async function runDailyRefresh(now: Date = clock.now()): Promise<DailyRefreshResult> {
  const companies = await listActiveCompanies();
  const result: DailyRefreshResult = { companies: companies.length, failed: [] };
  for (const c of companies) {
    try {
      await refreshCompanyDaily(c.companyId, c.timeZone, now);
    } catch (error) {
      logger.error('daily summary refresh failed', { companyId: c.companyId, error: error as Error });
      result.failed.push(c.companyId);
      continue;
    }
    // The mails of the day (missed punches, 36協定, 年5日) read the figures just refreshed; a failure
    // there is logged and never fails the refresh (services/mail-notices.ts).
    await sendDailyNotices(c.companyId, c.timeZone, now).catch((error: unknown) =>
      logger.error('daily mail notices failed', { companyId: c.companyId, error: error as Error }),
    );
  }
  logger.info('daily summary refresh', { companies: result.companies, failed: result.failed.length });
  return result;
}
