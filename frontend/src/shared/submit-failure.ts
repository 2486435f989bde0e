import type { ApiResult } from '../lib/api';
import { t } from '../i18n';
import { isGenericFailure } from './use-load';

/**
 * Spec §8 for forms: a failure without a message of the server's own is the "communication
 * failed" alert; otherwise the server's message is shown on the form (returned for the page to show).
 */
export function failureMessage(res: ApiResult<unknown>): string | null {
  if (res.ok) return null;
  if (isGenericFailure(res)) {
    window.alert(t.messages.communicationFailed);
    return null;
  }
  return res.message;
}
