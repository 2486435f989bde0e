import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { employeeProfile } from '../../services/profile-view.js';

/** Settings screen: the caller's own profile (never another id, whatever the query says). */
export const handler = api('get-own-profile', {}, async ({ principal }) =>
  ok(await employeeProfile(principal.companyId, principal.userId)),
);
