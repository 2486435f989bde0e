import { latestInfoItems } from '../../db/info-items.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { infoItemView, isShownAt } from './info-item-view.js';
import { clock } from '../../shared/clock.js';

/** A list page is capped: announcements only accumulate, and the newest are the ones that matter. */
export const INFO_ITEMS_LIMIT = 500;

/** The operator sees the newest announcements; staff and admins only those on display now. One Query. */
export const handler = api('list-info-items', {}, async ({ principal }) => {
  const data = await latestInfoItems(INFO_ITEMS_LIMIT);
  const now = clock.now();
  const items = principal.role === 'operator' ? data : data.filter((i) => isShownAt(i, now));
  return ok(items.map(infoItemView));
});
