import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { closeCompanyAccount } from '../../services/company-accounts.js';

/** Closes the account (records kept for legal retention); its admins and staff can no longer sign in. */
export const handler = api('delete-company', { params: IdParamsSchema, audit: 'company.close' }, async ({ params }) =>
  ok(await closeCompanyAccount(params.id)),
);
