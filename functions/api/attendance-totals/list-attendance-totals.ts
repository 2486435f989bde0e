import { attendanceTotals } from '../../services/attendance-totals.js';
import { ValidationError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { sealCursor } from '../../shared/signing.js';
import { TotalsQuerySchema } from './schemas.js';
import { openPageCursor } from '../paging.js';
import { codeText } from '../../shared/i18n/code-text.js';

/**
 * 勤怠集計: one page (≤ 100) of active staff in 五十音 order with their totals of the payroll period
 * `period` (〇月度), optionally of one department and/or status; the page is sorted by `sort`/`order`
 * (default 五十音 by フリガナ, the order across pages). A company of up to 100 staff sees the whole list
 * on one page. A closed period's
 * figures come from the closing snapshot (`closed: true`), an open period's from the stored summaries.
 * A fixed number of reads whatever the staff count (services/attendance-totals.ts).
 */
export const handler = api('list-attendance-totals', { query: TotalsQuerySchema }, async ({ query, principal }) => {
  const companyId = principal.companyId;
  const scope = `attendance_totals\n${companyId}\n${query.department_id ?? ''}\n${query.employment_status_id ?? ''}`;
  const after = openPageCursor(query.cursor, scope);
  const page = await attendanceTotals(companyId, principal.timeZone, {
    period: query.period,
    departmentId: query.department_id,
    employmentStatusId: query.employment_status_id,
    sort: query.sort,
    order: query.order,
    after,
    limit: query.limit,
  });
  if (!page) throw new ValidationError(MESSAGES.fetchDataFailed, { period: [codeText('period.no_closing_day')] });
  const { next, ...rest } = page;
  return ok({ ...rest, cursor: sealCursor(next, scope) });
});
