import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { BreakTimeBodySchema, breakRuleValues, saveRule } from '../working-times/rule-routes.js';

/**
 * Save a break rule (one or two tiers, optional fixed break windows); without department and status it
 * is the company default. A rule below the legal minimum is saved anyway and the answer carries a
 * `warning`.
 */
export const handler = api(
  'save-break-time',
  { body: BreakTimeBodySchema, invalidMessage: MESSAGES.settingDefect, audit: 'rule.break.save' },
  async ({ body, principal }) =>
    saveRule('break', principal.companyId, body, breakRuleValues(body), principal.timeZone),
);
