import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../shared/schemas.js';
import { editCompanyAccount } from './company-accounts.js';
import { UpdateCompanySchema, companyView } from './company-schema.js';

export const handler = api(
  'update-company',
  { params: IdParamsSchema, body: UpdateCompanySchema, invalidMessage: MESSAGES.registrationDefect },
  async ({ params, body }) => ok(companyView(await editCompanyAccount(params.id, body))),
);
