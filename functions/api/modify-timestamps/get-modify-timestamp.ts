import { findDay } from '../../db/attendance.js';
import { companyById } from '../../db/companies.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { YmdSchema, ymdToDate } from '../schemas.js';
import { breaksView, type DayPunchView } from './modification-view.js';

/** The day's current punches, or nulls (the screen shows 打刻なし), and whether corrections need approval. */
export const handler = api('get-modify-timestamp', { query: YmdSchema }, async ({ query, principal }) => {
  const workDate = ymdToDate(query);
  const [data, company] = await Promise.all([
    findDay({ companyId: principal.companyId, employeeId: principal.userId }, workDate),
    companyById(principal.companyId),
  ]);
  const view: DayPunchView = {
    id: data ? `${principal.userId}_${workDate}` : null,
    date: workDate,
    punch_in_at: data?.punchInAt ?? null,
    punch_out_at: data?.punchOutAt ?? null,
    breaks: breaksView(data?.breaks ?? []),
    breaks_recorded: Boolean(data?.breaksRecorded),
    approval_required: company?.correctionApproval ?? false,
  };
  return ok(view);
});
