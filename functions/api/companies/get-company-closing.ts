import { companyCloseStatus } from '../../services/company-accounts.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';

/** The progress of a company's close (its admins and staff disabled so far), closed or not. */
export const handler = api('get-company-closing', { params: IdParamsSchema }, async ({ params }) =>
  ok(await companyCloseStatus(params.id)),
);
