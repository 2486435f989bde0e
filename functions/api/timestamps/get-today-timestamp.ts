import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { punchView, recentShifts } from '../../services/punch-view.js';
import { clock } from '../../shared/clock.js';

export const handler = api('get-today-timestamp', {}, async ({ principal }) => {
  const now = clock.now();
  const { days, context } = await recentShifts(principal, now);
  return ok(punchView(context, days, now));
});
