import { listActiveCompanies } from '../../db/companies.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { companyView } from '../../domain/company-schema.js';

export const handler = api('list-companies', {}, async () => ok((await listActiveCompanies()).map(companyView)));
