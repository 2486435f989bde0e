import { findPeriodClosing, updatePeriodClosing } from '../../db/period-closings.js';
import { periodLabel } from '../../domain/payroll-period.js';
import { clock } from '../../shared/clock.js';
import { ConflictError, NotFoundError } from '../../shared/errors.js';
import { ok, withAudit } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { PeriodParamsSchema, ReopenBodySchema } from './schemas.js';

/**
 * Reopens a closed payroll period (締めを解除) with a reason: the item becomes `reopened` with who, when
 * and why (one conditional UpdateItem: only a `closed` period), and the period's days are writable again.
 * The stored CSV and snapshot stay in S3 as the record of what was closed; closing again stores new ones.
 * Refused: 404 for a period never closed, 409 for one reopened already or still closing.
 */
export const handler = api(
  'reopen-period-closing',
  { params: PeriodParamsSchema, body: ReopenBodySchema, audit: 'period.reopen' },
  async ({ params, body, principal }) => {
    const companyId = principal.companyId;
    const closing = await findPeriodClosing(companyId, params.period);
    // Never closed: nothing of that name to reopen (404, like any id the company does not have).
    if (!closing)
      throw new NotFoundError(
        `${Number(params.period.slice(0, 4))}年${Number(params.period.slice(5, 7))}月度は締められていないため解除できません。`,
      );
    const label = periodLabel({ id: closing.period, from: closing.from, to: closing.to });
    if (closing.status !== 'closed') {
      const message =
        closing.status === 'closing'
          ? `${label}は締め処理中のため解除できません。処理が終わってから解除してください。`
          : `${label}は締められていないため解除できません。`;
      throw new ConflictError(message, { period: [message] });
    }
    const changes = {
      status: 'reopened' as const,
      reopenedAt: clock.now().toISOString(),
      reopenedBy: principal.userName,
      reopenReason: body.reason,
    };
    if (!(await updatePeriodClosing(companyId, params.period, 'closed', changes))) {
      const message = `${label}の状態が変わりました。画面を更新してください。`;
      throw new ConflictError(message, { period: [message] });
    }
    return withAudit(ok({ period: params.period, status: 'reopened', reopen_reason: body.reason }), {
      targetId: params.period,
      before: { status: 'closed', csv_sha256: closing.csvSha256 ?? null },
      after: { status: 'reopened', reason: body.reason },
    });
  },
);
