import { payrollVersions } from '../../db/period-closings.js';
import { startWorker } from '../../services/recompute.js';
import { emptyFigures, readWorkStatusDigest } from '../../services/work-status-digest.js';
import { periodAsked } from '../../services/work-figures.js';
import { clock } from '../../shared/clock.js';
import { periodView, type WorkStatusView } from './views.js';

/**
 * 勤怠状況 of the payroll period asked (`?year&month` = 〇月度; without them the period holding today)
 * from its digest (services/work-status-digest.ts): the 締め日 versions (one Query page) name the
 * period, the digest is one GetItem; a missing or stale digest adds one conditional UpdateItem and the
 * worker's start. `force` (再集計) starts a build whatever the digest's age. Bounded whatever the staff
 * count: the figures are computed by the worker.
 */
export async function workStatusOf(
  companyId: string,
  timeZone: string,
  query: { year?: number | undefined; month?: number | undefined },
  force: boolean,
): Promise<WorkStatusView> {
  const period = periodAsked(query, await payrollVersions(companyId), timeZone, clock.now());
  const digest = await readWorkStatusDigest(companyId, period.id, startWorker, force);
  return {
    month: period.id,
    period: periodView(period),
    ...(digest.figures ?? emptyFigures()),
    as_of: digest.asOf,
    refreshing: digest.refreshing,
  };
}
