import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { openCompanyAccount } from '../../services/company-accounts.js';
import { NewCompanySchema, companyView } from '../../domain/company-schema.js';

export const handler = api(
  'create-company',
  { body: NewCompanySchema, invalidMessage: MESSAGES.registrationDefect, audit: 'company.create' },
  async ({ body }) => created(companyView(await openCompanyAccount(body))),
);
