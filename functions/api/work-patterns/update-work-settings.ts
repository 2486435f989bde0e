import { MESSAGES } from '../../shared/messages.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { saveSettings } from './pattern-routes.js';
import { WorkSettingsBodySchema } from './schemas.js';

/**
 * Save a work-settings version from `effective_from` (default today); refused into a closed period;
 * the stored months from then on are recomputed in the background (`recompute`).
 */
export const handler = api(
  'update-work-settings',
  { body: WorkSettingsBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'settings.work_settings' },
  async ({ body, principal }) => ok(await saveSettings(principal.companyId, body, principal.timeZone)),
);
