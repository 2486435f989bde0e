import { findInfoItem } from '../../db/info-items.js';
import { NotFoundError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { infoItemView, isShownAt } from './info-item-view.js';
import { clock } from '../../shared/clock.js';

export const handler = api('get-info-item', { params: IdParamsSchema }, async ({ params, principal }) => {
  const data = await findInfoItem(params.id);
  if (!data || (principal.role !== 'operator' && !isShownAt(data, clock.now()))) throw new NotFoundError();
  return ok(infoItemView(data));
});
