import { createInfoItem } from '../../db/info-items.js';
import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { InfoItemSchema, toInfoItem } from './info-item-schema.js';
import { infoItemView } from './info-item-view.js';

export const handler = api(
  'create-info-item',
  { body: InfoItemSchema, invalidMessage: MESSAGES.registrationDefect },
  async ({ body }) => created(infoItemView(await createInfoItem(toInfoItem(body)))),
);
