import * as z from 'zod/mini';
import { setOvertimeAlert } from '../../db/companies.js';
import { assertEffectiveFromOpen } from '../../db/period-closings.js';
import { today } from '../../domain/time.js';
import { clock } from '../../shared/clock.js';
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
    // Not dated: it applies from today, which a closed period covers only if it was closed early.
    await assertEffectiveFromOpen(principal.companyId, today(principal.timeZone, clock.now()));
    await setOvertimeAlert(principal.companyId, {
      overtimeAlertMinutes: body.alert_hours * 60,
      specialClause: body.special_clause,
    });
    const view: AlertSettingsView = { alert_limit_minutes: body.alert_hours * 60, special_clause: body.special_clause };
    return ok(view);
  },
);
