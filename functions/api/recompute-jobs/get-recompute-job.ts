import { recomputeStatus } from '../../services/recompute.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';

/** Poll a background recompute (再計算中 n/m, then 集計日時 = finished_at). */
export const handler = api('get-recompute-job', { params: IdParamsSchema }, async ({ params, principal }) =>
  ok(await recomputeStatus(principal.companyId, params.id)),
);
