import { exportStatus } from '../../exports/jobs.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';

/** Poll a 勤怠集計 export (progress while it runs); once done, a presigned link valid for five minutes. */
export const handler = api('get-attendance-totals-export', { params: IdParamsSchema }, async ({ params, principal }) =>
  ok(await exportStatus(principal.companyId, params.id, 'attendance_totals')),
);
