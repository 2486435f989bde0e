/**
 * The operator's company close, in the background (issue 19): the request (company-accounts.ts
 * `closeCompanyAccount`) marks the company closed, which stops every sign-in at once, records a job
 * and starts the recompute worker on `{ kind: 'company-close' }`. Here the worker pages through the
 * company's admins and staff, disables each in Cognito and ends their sessions, a few at a time,
 * counting each batch on the job so the operator's screen shows 停止中 n/m. One user's failure is
 * logged and counted, the others go on; the job ends `done`, or `failed` when any failed. Every step
 * can be repeated: a second close (a new job) finishes one that failed half-way, and a run that takes
 * over the job of a worker that died (services/job-runs.ts) goes through every user again.
 */
import { companyUserPage, markAdminDisabled, type CompanyUser, type CompanyUserKind } from '../db/companies.js';
import { countProgress, updateRecomputeRun } from '../db/recompute-jobs.js';
import { endSessions } from '../db/sessions.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import { disablePoolUser } from '../shared/pool-users.js';
import { isLeaseLost, startRun } from './job-runs.js';
import { recomputeLease } from './recompute-lease.js';

export interface CompanyCloseEvent {
  kind: 'company-close';
  companyId: string;
  jobId: string;
}

export interface CompanyCloseDeps {
  disableUser: typeof disablePoolUser;
  endSessions: (sub: string) => Promise<unknown>;
}

export const defaultCompanyCloseDeps: CompanyCloseDeps = {
  disableUser: disablePoolUser,
  endSessions: (sub) => endSessions(sub),
};

/** Users read per Query page (a page is one request; the worker never holds more than one). */
const PAGE = 100;
/** Users closed at once (Cognito's admin APIs are rate-limited per account). */
const BATCH = 10;
const KINDS: readonly CompanyUserKind[] = ['admin', 'employee'];

/** Every page of the company's admins, then of its staff, one at a time. */
async function* userPages(companyId: string): AsyncGenerator<CompanyUser[]> {
  for (const kind of KINDS) {
    let cursor: string | null = null;
    do {
      const page = await companyUserPage(companyId, kind, cursor, PAGE);
      yield page.users;
      cursor = page.cursor;
    } while (cursor);
  }
}

async function closeUser(companyId: string, user: CompanyUser, deps: CompanyCloseDeps): Promise<void> {
  if (user.sub) {
    await deps.disableUser(user.kind, user.sub).catch((error: unknown) => {
      // A user removed from the pool already cannot sign in: nothing left to disable.
      if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
    });
    await deps.endSessions(user.sub);
  }
  if (user.kind === 'admin' && user.adminId && !user.disabled) await markAdminDisabled(companyId, user.adminId);
}

export async function runCompanyClose(
  { companyId, jobId }: Omit<CompanyCloseEvent, 'kind'>,
  deps: CompanyCloseDeps = defaultCompanyCloseDeps,
): Promise<void> {
  const run = await startRun(recomputeLease(companyId, jobId));
  if (!run) return;
  try {
    // A first pass counts (keys only, a page at a time) so the screen can show n/m from the start.
    let total = 0;
    for await (const users of userPages(companyId)) total += users.length;
    await run.held(updateRecomputeRun(companyId, jobId, run.runId, { total }));
    let failed = 0;
    for await (const users of userPages(companyId)) {
      for (let i = 0; i < users.length; i += BATCH) {
        await run.beat();
        const results = await Promise.allSettled(users.slice(i, i + BATCH).map((u) => closeUser(companyId, u, deps)));
        const bad = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        for (const r of bad) logger.error('company close: a user failed', { jobId, error: r.reason as Error });
        failed += bad.length;
        await run.held(countProgress(companyId, jobId, run.runId, results.length - bad.length, bad.length));
      }
    }
    await run.held(
      updateRecomputeRun(companyId, jobId, run.runId, {
        status: failed ? 'failed' : 'done',
        finishedAt: clock.now().toISOString(),
      }),
    );
  } catch (error) {
    if (isLeaseLost(error)) return logger.warn('company close: taken over by another run', { jobId });
    logger.error('company close job failed', { jobId, error: error as Error });
    await updateRecomputeRun(companyId, jobId, run.runId, { status: 'failed', finishedAt: clock.now().toISOString() });
  }
}
