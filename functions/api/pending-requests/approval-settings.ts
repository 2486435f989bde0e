import * as z from 'zod/mini';
import { DEFAULT_LANGUAGE, LANGUAGES, codeText } from '../../shared/i18n/index.js';

/**
 * 承認設定: 打刻修正の承認 (off by default: corrections apply at once). One flag on the company, not a
 * dated version: it decides how a correction is filed, not how a day is computed, so no closed period
 * or recompute depends on it; switching it off leaves waiting correction requests to be decided.
 */
export const ApprovalSettingsSchema = z.strictObject({
  correction_approval: z.boolean(),
  /**
   * The company's default language (issue 31): for its admins and staff who set none and whose browser
   * asks for no language the product has. A display preference, not a dated rule; absent = unchanged.
   */
  language: z.optional(z.enum(LANGUAGES, { error: codeText('field.language') })),
});

export interface ApprovalSettingsView {
  correction_approval: boolean;
  language: string;
  languages: string[];
}

export const approvalSettingsView = (c: {
  correctionApproval?: boolean | undefined;
  language?: string | undefined;
}): ApprovalSettingsView => ({
  correction_approval: c.correctionApproval ?? false,
  language: c.language && (LANGUAGES as readonly string[]).includes(c.language) ? c.language : DEFAULT_LANGUAGE,
  languages: [...LANGUAGES],
});
