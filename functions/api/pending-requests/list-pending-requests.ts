import * as z from 'zod/mini';
import { pendingPage } from '../../db/requests.js';
import { integerSchema } from '../../domain/input.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { sealCursor } from '../../shared/signing.js';
import { requestView } from '../request-routes.js';
import type { PendingPageView } from './views.js';
import { openPageCursor, pageCursorField } from '../paging.js';

const PendingQuerySchema = z.strictObject({
  limit: z._default(z.optional(integerSchema(1, 100)), 50),
  cursor: pageCursorField,
});

/**
 * 申請管理's 未処理 view: the company's unapproved requests of every kind and month, oldest date first,
 * one capped Query page per call (a sealed cursor for the next), whatever the number of staff.
 */
export const handler = api('list-pending-requests', { query: PendingQuerySchema }, async ({ query, principal }) => {
  // Sealed for this company and this list: the store's key never leaves the server.
  const scope = `pending-requests\n${principal.companyId}`;
  const inner = openPageCursor(query.cursor, scope) ?? null;
  const page = await pendingPage(principal.companyId, query.limit, inner);
  const view: PendingPageView = {
    requests: page.requests.map((r) => ({ ...requestView({ ...r, status: 0 }), request_kind: r.kind })),
    cursor: sealCursor(page.cursor, scope),
  };
  return ok(view);
});
