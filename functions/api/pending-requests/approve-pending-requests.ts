import * as z from 'zod/mini';
import { withAuditSink } from '../../db/audit.js';
import { anyRequestById, decideLoaded } from '../../db/requests.js';
import { HttpError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { DecisionReasonSchema, afterDecision, decisionMails } from '../request-routes.js';
import type { BulkApproveView } from './views.js';

/** At most this many requests per call (the screen sends the checked rows of one page, 50 at most). */
export const BULK_APPROVE_MAX = 50;

const BulkApproveSchema = z.strictObject({
  ids: z
    .array(z.string().check(z.minLength(1), z.maxLength(80)), { error: MESSAGES.bulkIdsInvalid })
    .check(
      z.minLength(1, { error: MESSAGES.bulkIdsInvalid }),
      z.maxLength(BULK_APPROVE_MAX, { error: MESSAGES.bulkIdsInvalid }),
    ),
  reason: DecisionReasonSchema,
});

/** How many decisions run at once (each is its own conditional transaction and summary refresh). */
const PARALLEL = 5;

/**
 * 一括承認: approve the checked 未処理 requests of any kind. Each is read (GetItem, inside the admin's
 * company: another company's id is not found) and approved as its kind's own decide route approves it
 * (db/requests.ts decideLoaded: one conditional transaction with its audit event; a correction applied
 * as the direct path applies it), so one failing (already decided, day changed, closed period) leaves
 * the others approved and itself untouched. The answer lists which were approved and which not, why.
 */
export const handler = api(
  'approve-pending-requests',
  { body: BulkApproveSchema, invalidMessage: MESSAGES.approveFailed, idempotent: true, audit: 'request.bulk_approve' },
  async ({ body, principal }) => {
    const ids = [...new Set(body.ids)];
    const view: BulkApproveView = { approved: [], failed: [] };
    const one = async (id: string) => {
      try {
        const req = await anyRequestById(principal.companyId, id);
        // Each decision writes its own audit event in its transaction, as the single decide route does.
        const sink = {
          action: `request.${req.kind}.decide`,
          actor: principal,
          request: { id, status: 1, reason: body.reason },
          targetId: id,
          state: 'open' as const,
        };
        // The employee's mail commits with the decision (an already decided request sends none).
        const mails = req.status === 0 ? await decisionMails(principal.companyId, req, 1, body.reason) : [];
        const decided = await withAuditSink(sink, () =>
          decideLoaded(req, 1, principal.userId ?? '', body.reason, undefined, mails),
        );
        await afterDecision(principal.companyId, principal.timeZone, decided, 1, mails);
        view.approved.push(id);
      } catch (e) {
        if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
        const field = e.errors ? Object.values(e.errors).flat()[0] : undefined;
        view.failed.push({ id, message: field ?? e.message });
      }
    };
    for (let i = 0; i < ids.length; i += PARALLEL) await Promise.all(ids.slice(i, i + PARALLEL).map(one));
    // In the order asked.
    view.approved.sort((x, y) => ids.indexOf(x) - ids.indexOf(y));
    view.failed.sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
    return ok(view);
  },
);
