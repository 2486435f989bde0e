import { staffImportStatus } from '../../exports/staff-import-jobs.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';

/** Poll a スタッフ一括登録: processed of total, registered, and the rows that could not be registered. */
export const handler = api('get-employee-import', { params: IdParamsSchema }, async ({ params, principal, language }) =>
  ok(await staffImportStatus(principal.companyId, params.id, await language())),
);
