import { exportStatus } from '../../exports/jobs.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';

/** Poll a register export; once done, the answer carries a presigned download link valid for five minutes. */
export const handler = api('get-leave-register-export', { params: IdParamsSchema }, async ({ params, principal }) =>
  ok(await exportStatus(principal.companyId, params.id, 'leave_register')),
);
