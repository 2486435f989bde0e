import * as z from 'zod/mini';

/**
 * 承認設定: 打刻修正の承認 (off by default: corrections apply at once). One flag on the company, not a
 * dated version: it decides how a correction is filed, not how a day is computed, so no closed period
 * or recompute depends on it; switching it off leaves waiting correction requests to be decided.
 */
export const ApprovalSettingsSchema = z.strictObject({ correction_approval: z.boolean() });

export interface ApprovalSettingsView {
  correction_approval: boolean;
}

export const approvalSettingsView = (c: { correctionApproval?: boolean | undefined }): ApprovalSettingsView => ({
  correction_approval: c.correctionApproval ?? false,
});
