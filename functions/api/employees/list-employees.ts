import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { staffList } from './staff-service.js';

/** Staff list: active staff only (retired staff keep their records but leave the list). */
export const handler = api('list-employees', {}, async ({ principal }) => ok(await staffList(principal.companyId!)));
