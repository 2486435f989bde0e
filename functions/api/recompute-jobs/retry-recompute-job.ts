import * as z from 'zod/mini';
import { retryRecomputeJob } from '../../services/recompute.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';

/**
 * 再実行 of a recompute or a grant run that failed or whose worker died (issue 30 item 13): the worker
 * takes it over and finishes it once; the answer is the job to poll. 409 while it runs or once done.
 */
export const handler = api(
  'retry-recompute-job',
  { params: IdParamsSchema, body: z.strictObject({}), audit: 'recompute.retry' },
  async ({ params, principal }) => ok(await retryRecomputeJob(principal.companyId, params.id)),
);
