import * as z from 'zod/mini';
import { retryStaffImport } from '../../exports/staff-import-jobs.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';

/**
 * 再実行 of a スタッフ一括登録 that failed, whose worker died, or that ended with rows failed or not
 * mailed (issue 30 items 11 and 13): every row carries on from where it stopped, none is registered or
 * mailed twice. The answer is the job to poll; 409 while it runs or when nothing is left.
 */
export const handler = api(
  'retry-employee-import',
  { params: IdParamsSchema, body: z.strictObject({}), audit: 'staff.import_retry' },
  async ({ params, principal, language }) =>
    ok(await retryStaffImport(principal.companyId, params.id, await language())),
);
