import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { toMinutes } from '../../domain/rules.js';
import { WorkingTimeBodySchema, saveRule } from './rule-routes.js';

/** Save the working-time rule of a department and/or employment status (spec §5: one of them is required). */
export const handler = api(
  'save-working-time',
  { body: WorkingTimeBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'rule.working.save' },
  async ({ body, principal }) =>
    saveRule(
      'working',
      principal.companyId,
      body,
      {
        fixedMinutes: toMinutes(body.fixed_hour, body.fixed_minute),
        overMinutes: toMinutes(body.over_hour, body.over_minute),
        unpaidMinutes:
          body.unpaid_hour == null || body.unpaid_minute == null
            ? undefined
            : toMinutes(body.unpaid_hour, body.unpaid_minute),
      },
      principal.timeZone,
    ),
);
