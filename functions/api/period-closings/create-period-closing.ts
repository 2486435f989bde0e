import { beginPeriodClosing, payrollVersions, periodClosings } from '../../db/period-closings.js';
import { isFrozen } from '../../db/period-closings.js';
import { leaseFrom } from '../../domain/job-lease.js';
import { monthDayLabel, periodById, periodLabel } from '../../domain/payroll-period.js';
import { today } from '../../domain/time.js';
import { startClosingJob } from '../../exports/jobs.js';
import { clock } from '../../shared/clock.js';
import { ConflictError, ValidationError } from '../../shared/errors.js';
import { created } from '../../shared/http.js';
import { newId } from '../../shared/ids.js';
import { api } from '../../shared/middleware.js';
import { CloseBodySchema } from './schemas.js';
import { closingStalled, closingView } from './views.js';

/**
 * Closes a payroll period (締め): writes its closing item with status `closing` (one conditional PutItem,
 * so two admins cannot both close it; from that moment writes to its days are refused) and starts the
 * closing job (exports/closing.ts), which freezes every employee's figures and the CSV, then marks it
 * `closed`. Answers 201 with the period; the screen polls GET /api/v1/period_closings for progress.
 * Refused (409) for a period that has not ended yet or is already closed or closing. A closing whose
 * job died (not heard from within its lease: the screen shows 失敗 and 再実行) is closed again from the
 * start, and the dead job can no longer finish it (issue 30 item 13).
 */
export const handler = api(
  'create-period-closing',
  { body: CloseBodySchema, audit: 'period.close' },
  async ({ body, principal }) => {
    const companyId = principal.companyId;
    const [versions, closings] = await Promise.all([payrollVersions(companyId), periodClosings(companyId)]);
    const period = periodById(body.period, versions);
    if (!period) {
      const message = 'この月に締め日はありません。締め日の設定を確認してください。';
      throw new ValidationError(message, { period: [message] });
    }
    const label = periodLabel(period);
    const existing = closings.find((c) => c.period === period.id);
    const instant = clock.now();
    if (existing && isFrozen(existing) && !closingStalled(existing, instant)) {
      const message = existing.status === 'closing' ? `${label}は締め処理中です。` : `${label}はすでに締め済みです。`;
      throw new ConflictError(message, { period: [message] });
    }
    const now = today(principal.timeZone, instant);
    if (period.to >= now) {
      const message = `${label}はまだ終わっていないため締められません。${monthDayLabel(period.to)}の翌日以降に締めてください。`;
      throw new ConflictError(message, { period: [message] });
    }
    const closing = {
      period: period.id,
      from: period.from,
      to: period.to,
      status: 'closing' as const,
      closedAt: instant.toISOString(),
      closedBy: principal.userName,
      done: 0,
      leaseUntil: leaseFrom(instant.getTime()),
    };
    if (!(await beginPeriodClosing(companyId, closing, instant.getTime()))) {
      const message = `${label}は締め処理中か締め済みです。画面を更新してください。`;
      throw new ConflictError(message, { period: [message] });
    }
    await startClosingJob({
      kind: 'closing',
      companyId,
      period: period.id,
      run: newId(),
      timeZone: principal.timeZone,
    });
    return created(closingView(period, closing, now, instant));
  },
);
