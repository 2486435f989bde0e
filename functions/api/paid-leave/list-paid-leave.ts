import * as z from 'zod/mini';
import { integerSchema } from '../../domain/input.js';
import { ValidationError } from '../../shared/errors.js';
import { okPage } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { openCursor, sealCursor } from '../../shared/signing.js';
import { PAID_LEAVE_PAGE_LIMIT, staffPaidLeavePage } from '../../services/paid-leave-service.js';

/** `GET /api/v1/paid_leave/employees[?limit=1–100][&cursor=…]`: a page; the cursor is the last answer's `next_cursor`. */
export const PaidLeaveListQuerySchema = z.strictObject({
  limit: z.optional(integerSchema(1, PAID_LEAVE_PAGE_LIMIT, `件数は1〜${PAID_LEAVE_PAGE_LIMIT}で指定してください`)),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});

/**
 * 有給管理: active staff with their balance, next expiry and five-day duty status, in 五十音 order a
 * page (≤ 100) at a time, as the staff list answers: `data` the page's rows, `next_cursor` the next
 * page (null on the last). A fixed number of reads whatever the company's size (issue 19).
 */
export const handler = api('list-paid-leave', { query: PaidLeaveListQuerySchema }, async ({ principal, query }) => {
  const scope = `paid_leave\n${principal.companyId}`;
  const after = query.cursor === undefined ? undefined : openCursor(query.cursor, scope);
  if (after === null) throw new ValidationError(MESSAGES.invalidCursor, { cursor: [MESSAGES.invalidCursor] });
  const page = await staffPaidLeavePage(principal.companyId, principal.timeZone, { limit: query.limit, after });
  return okPage(page.rows, sealCursor(page.next, scope));
});
