import * as z from 'zod/mini';
import { okPage } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { sealCursor } from '../../shared/signing.js';
import { PAID_LEAVE_PAGE_LIMIT, staffPaidLeavePage } from '../../services/paid-leave-service.js';
import { openPageCursor, pageFields } from '../paging.js';

/** `GET /api/v1/paid_leave/employees[?limit=1–100][&cursor=…]`: a page; the cursor is the last answer's `next_cursor`. */
export const PaidLeaveListQuerySchema = z.strictObject(pageFields(PAID_LEAVE_PAGE_LIMIT));

/**
 * 有給管理: active staff with their balance, next expiry and five-day duty status, in 五十音 order a
 * page (≤ 100) at a time, as the staff list answers: `data` the page's rows, `next_cursor` the next
 * page (null on the last). A fixed number of reads whatever the company's size (issue 19).
 */
export const handler = api('list-paid-leave', { query: PaidLeaveListQuerySchema }, async ({ principal, query }) => {
  const scope = `paid_leave\n${principal.companyId}`;
  const after = openPageCursor(query.cursor, scope);
  const page = await staffPaidLeavePage(principal.companyId, principal.timeZone, { limit: query.limit, after });
  return okPage(page.rows, sealCursor(page.next, scope));
});
