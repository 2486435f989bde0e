import { activeCompanyById } from '../../db/companies.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { companyView } from '../../domain/company-schema.js';

export const handler = api('get-company', { params: IdParamsSchema }, async ({ params }) =>
  ok(companyView(await activeCompanyById(params.id))),
);
