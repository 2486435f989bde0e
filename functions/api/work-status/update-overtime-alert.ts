import * as z from 'zod/mini';
import { setOvertimeAlert } from '../../db/companies.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import type { AlertSettingsView } from './views.js';

/** The admin's monthly overtime alert limit (whole hours, 1–100) and whether the 36協定 has a special clause. */
export const AlertSettingsSchema = z.strictObject({
  alert_hours: z.number().check(z.int(), z.minimum(1), z.maximum(100)),
  special_clause: z.boolean(),
});

export const handler = api(
  'update-overtime-alert',
  { body: AlertSettingsSchema, invalidMessage: MESSAGES.settingDefect, audit: 'settings.overtime_alert' },
  async ({ body, principal }) => {
    await setOvertimeAlert(principal.companyId, {
      overtimeAlertMinutes: body.alert_hours * 60,
      specialClause: body.special_clause,
    });
    const view: AlertSettingsView = { alert_limit_minutes: body.alert_hours * 60, special_clause: body.special_clause };
    return ok(view);
  },
);
