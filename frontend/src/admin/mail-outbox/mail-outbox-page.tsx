/**
 * メール送信状況 (`/management/mail_outbox`, issue 30 item 12): every mail the company's account sent or
 * tried to send, newest first, 50 at a time (さらに表示 for more), with 再送 for a failed one.
 */
import { useState } from 'react';
import type { MailOutboxView } from '../../../../functions/api/mail-outbox/views';
import { t } from '../../i18n';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { MailOutboxList } from '../../shared/mail-outbox/mail-outbox-list';
import { PageTitle } from '../../shared/page-title';
import { ListMore, usePagedLoad } from '../../shared/use-paged-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { listCompanyMails, resendMail } from './mail-outbox-api';
import '../../shared/page.css';
import '../admin.css';

const M = t.mailOutbox;

export default function MailOutboxPage() {
  const timeZone = useTimeZone();
  const { state, reload, setData, hasMore, more, loadMore } = usePagedLoad(
    listCompanyMails,
    (m) => m.id,
    'mail-outbox',
  );
  const [busyId, setBusyId] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<{ error: string | null; success: string | null }>({
    error: null,
    success: null,
  });
  if (state.status === 'error') console.error('mail_outbox', state.httpStatus, state.message);

  async function onResend(mail: MailOutboxView) {
    if (!window.confirm(M.resendConfirm)) return;
    setBusyId(mail.id);
    setFeedback({ error: null, success: null });
    const res = await resendMail(mail.id);
    setBusyId(null);
    if (!res.ok) return setFeedback({ error: res.message, success: null });
    setData((list) => list.map((m) => (m.id === mail.id ? res.data : m)));
    setFeedback({ error: null, success: res.data.status === 'sent' ? M.resent : M.resendQueued });
  }

  return (
    <>
      <PageTitle title={M.pageTitle} />
      <p className="page-hint">{M.lead}</p>
      <FormFeedback error={feedback.error} success={feedback.success} />
      <section className="page-section" aria-label={M.list}>
        <LoadView state={state} onRetry={() => void reload()}>
          {(mails) =>
            mails.length === 0 ? (
              <p className="page-hint">{M.empty}</p>
            ) : (
              <>
                <MailOutboxList
                  mails={mails}
                  timeZone={timeZone}
                  resend={{ busyId, onResend: (m) => void onResend(m) }}
                />
                {hasMore && <ListMore more={more} onMore={loadMore} />}
              </>
            )
          }
        </LoadView>
      </section>
    </>
  );
}
