import { db } from '../../db/service.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { infoItemView, isShownAt } from './info-item-view.js';
import { clock } from '../../shared/clock.js';

/** The operator sees every announcement; staff and admins only those on display now. One Query. */
export const handler = api('list-info-items', {}, async ({ principal }) => {
  const { data } = await db().entities.InfoItem.query.byId({}).go({ order: 'desc', pages: 'all' });
  const now = clock.now();
  const items = principal.role === 'operator' ? data : data.filter((i) => isShownAt(i, now));
  return ok(items.map(infoItemView));
});
