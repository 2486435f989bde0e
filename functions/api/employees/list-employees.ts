import * as z from 'zod/mini';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { okPage } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { sealCursor } from '../../shared/signing.js';
import { STAFF_PAGE_LIMIT, staffList } from '../../services/staff-service.js';
import { openPageCursor, pageFields } from '../paging.js';
import { codeText } from '../../shared/i18n/code-text.js';

/** Longest search text (`?q=`): a 社員番号 is 20, an e-mail 254 characters. */
export const STAFF_SEARCH_MAX = 254;
const SEARCH_MESSAGE = codeText('staff.search_length', { max: STAFF_SEARCH_MAX });

/**
 * `GET /api/v1/employees[?limit=1–100][&cursor=…]`: a page of the list; the cursor is the last answer's
 * `next_cursor`. `?q=` searches instead (staffSearch: フリガナ or 氏名 prefix, 社員番号 or e-mail exact), one
 * answer with no next page, so it takes no cursor.
 */
export const StaffListQuerySchema = z
  .strictObject({
    ...pageFields(STAFF_PAGE_LIMIT),
    q: z.optional(
      z
        .string(SEARCH_MESSAGE)
        .check(z.trim(), z.minLength(1, SEARCH_MESSAGE), z.maxLength(STAFF_SEARCH_MAX, SEARCH_MESSAGE)),
    ),
  })
  .check(
    z.refine((query) => query.q === undefined || query.cursor === undefined, {
      message: codeText('staff.search_no_more'),
      path: ['cursor'],
    }),
  );

/**
 * Staff list (or search, `?q=`): active staff only (retired staff keep their records but leave the list), in 五十音
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
    q: query.q,
  });
  return okPage(page.staff, sealCursor(page.next, scope));
});
