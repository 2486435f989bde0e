import { deleteInfoItem } from '../../db/info-items.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';

export const handler = api('delete-info-item', { params: IdParamsSchema }, async ({ params }) =>
  ok(await deleteInfoItem(params.id)),
);
