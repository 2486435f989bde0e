import type { MailOutboxView } from '../../../../functions/api/mail-outbox/views';
import { api } from '../../lib/api';

/** The platform's mails (password-reset codes), newest first, a page (50) at a time. */
export const listPlatformMails = (cursor?: string | null) =>
  api.get<MailOutboxView[]>('/api/v1/platform_mails', cursor ? { cursor } : undefined);
