import { agreementVersions } from '../../db/overtime-agreements.js';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { AgreementQuerySchema } from './agreement-schemas.js';
import { agreementView } from './views.js';

/** The 36協定 settings in force on `?on=` (default today) and every version, one Query. */
export const handler = api('get-overtime-agreement', { query: AgreementQuerySchema }, async ({ principal, query }) => {
  const versions = await agreementVersions(principal.companyId);
  return ok(agreementView(versions, query.on ?? today(principal.timeZone, clock.now())));
});
