import { companyById } from '../../db/companies.js';
import { ok, withAudit } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { editCompanyAccount } from '../../services/company-accounts.js';
import { UpdateCompanySchema, companyView } from '../../domain/company-schema.js';

export const handler = api(
  'update-company',
  {
    params: IdParamsSchema,
    body: UpdateCompanySchema,
    invalidMessage: MESSAGES.registrationDefect,
    audit: 'company.update',
  },
  async ({ params, body }) => {
    const before = await companyById(params.id);
    const after = companyView(await editCompanyAccount(params.id, body));
    return withAudit(ok(after), { companyId: params.id, before: before ? companyView(before) : null, after });
  },
);
