import * as z from 'zod/mini';
import { CommonGrantDateSchema } from '../../domain/paid-leave/index.js';

/** `{ common_grant_date: { month_day: 'MM-DD', first_grant } | null }`: null returns to statutory dates per employee. */
export const LeaveSettingsSchema = z.strictObject({
  common_grant_date: z.nullable(
    z.strictObject({
      month_day: CommonGrantDateSchema.shape.monthDay,
      first_grant: CommonGrantDateSchema.shape.firstGrant,
    }),
  ),
});

export const leaveSettingsView = (c: {
  leaveCommonDate?: string | undefined;
  leaveFirstGrant?: string | undefined;
}) => ({
  common_grant_date: c.leaveCommonDate
    ? { month_day: c.leaveCommonDate, first_grant: c.leaveFirstGrant ?? 'first_common_date' }
    : null,
});
