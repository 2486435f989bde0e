import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { toMinutes } from '../../domain/rules.js';
import { BreakTimeBodySchema, saveRule } from '../working-times/rule-routes.js';

/**
 * Save a break rule; without department and status it is the company default. A rule below the legal
 * minimum is saved anyway and the answer carries a `warning`.
 */
export const handler = api(
  'save-break-time',
  { body: BreakTimeBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'rule.break.save' },
  async ({ body, principal }) =>
    saveRule(
      'break',
      principal.companyId,
      body,
      {
        conditionMinutes: toMinutes(body.condition_hour, body.condition_minute),
        breakMinutes: toMinutes(body.break_hour, body.break_minute),
      },
      principal.timeZone,
    ),
);
