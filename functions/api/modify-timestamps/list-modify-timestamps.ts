import { modificationHistory } from '../../db/modifications.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { modificationView } from './modification-view.js';

export const handler = api('list-modify-timestamps', {}, async ({ principal }) => {
  const rows = await modificationHistory({ companyId: principal.companyId, employeeId: principal.userId });
  return ok(rows.map(modificationView));
});
