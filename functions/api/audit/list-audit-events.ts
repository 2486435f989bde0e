import * as z from 'zod/mini';
import { auditPage } from '../../db/audit.js';
import { integerSchema } from '../../domain/input.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import type { AuditPageView } from './views.js';
import { sealCursor } from '../../shared/signing.js';
import { openPageCursor, pageCursorField } from '../paging.js';

const AuditQuerySchema = z.strictObject({
  limit: z._default(z.optional(integerSchema(1, 100)), 50),
  cursor: pageCursorField,
});

/** The company's audit trail, newest first, one capped page per request (cursor for the next). */
export const handler = api('list-audit-events', { query: AuditQuerySchema }, async ({ query, principal }) => {
  // Cursors are sealed for this company and this list: the store's key never leaves the server.
  const scope = `audit-events\n${principal.companyId}`;
  const inner = openPageCursor(query.cursor, scope) ?? null;
  const page = await auditPage(principal.companyId, query.limit, inner);
  const view: AuditPageView = {
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
    cursor: sealCursor(page.cursor, scope),
  };
  return ok(view);
});
