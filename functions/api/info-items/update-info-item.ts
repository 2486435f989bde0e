import { updateInfoItem } from '../../db/info-items.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdParamsSchema } from '../schemas.js';
import { InfoItemSchema, toInfoItem } from './info-item-schema.js';
import { infoItemView } from './info-item-view.js';

export const handler = api(
  'update-info-item',
  { params: IdParamsSchema, body: InfoItemSchema, invalidMessage: MESSAGES.registrationDefect },
  async ({ params, body }) => ok(infoItemView(await updateInfoItem(params.id, toInfoItem(body)))),
);
