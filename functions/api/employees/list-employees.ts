import * as z from 'zod/mini';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { okPage } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { sealCursor } from '../../shared/signing.js';
import { STAFF_PAGE_LIMIT, staffList } from '../../services/staff-service.js';
import { openPageCursor, pageFields } from '../paging.js';

/** `GET /api/v1/employees[?limit=1–100][&cursor=…]`: a page of the list; the cursor is the last answer's `next_cursor`. */
export const StaffListQuerySchema = z.strictObject(pageFields(STAFF_PAGE_LIMIT));

/**
 * Staff list: active staff only (retired staff keep their records but leave the list), in 五十音
 * order, a page (≤ 100) at a time: `data` is the page's array (the spec's answer), `next_cursor` opens
 * the next page (null on the last). Each member carries the figures of the payroll period holding today
 * (this month under 末日締め). A fixed number of reads whatever the company's size (issue 19).
 */
export const handler = api('list-employees', { query: StaffListQuerySchema }, async ({ query, principal }) => {
  const scope = `employees\n${principal.companyId}`;
  const after = openPageCursor(query.cursor, scope);
  const page = await staffList(principal.companyId, today(principal.timeZone, clock.now()), {
    limit: query.limit,
    after,
  });
  return okPage(page.staff, sealCursor(page.next, scope));
});
