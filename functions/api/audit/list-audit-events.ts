import * as z from 'zod/mini';
import { auditPage } from '../../db/audit.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';

const AuditQuerySchema = z.strictObject({
  limit: z._default(z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))), 50),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});

/** The company's audit trail, newest first, one capped page per request (cursor for the next). */
export const handler = api('list-audit-events', { query: AuditQuerySchema }, async ({ query, principal }) => {
  const page = await auditPage(principal.companyId, query.limit, query.cursor ?? null);
  return ok({
    events: page.events.map((e) => ({
      id: e.eventId,
      at: e.at,
      action: e.action,
      actor_role: e.actorRole,
      actor_name: e.actorName,
      target_id: e.targetId ?? null,
      before: e.before ?? null,
      after: e.after ?? null,
    })),
    cursor: page.cursor,
  });
});
