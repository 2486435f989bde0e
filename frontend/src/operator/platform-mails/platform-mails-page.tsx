/**
 * メール送信状況 of the platform (`/management/platform_mails`, issue 30 item 12): the mails sent before
 * anyone signs in (password-reset codes), newest first, 50 at a time. No 再送: a code expires long
 * before anyone would resend it; the person asks for a new one.
 */
import { t } from '../../i18n';
import { LoadView } from '../../shared/feedback';
import { MailOutboxList } from '../../shared/mail-outbox/mail-outbox-list';
import { PageTitle } from '../../shared/page-title';
import { ListMore, usePagedLoad } from '../../shared/use-paged-load';
import { INFO_ITEM_TIME_ZONE } from '../info-items/date-time';
import { useLogFailure } from '../log-failure';
import { listPlatformMails } from './platform-mails-api';
import '../../shared/page.css';
import '../operator.css';

const M = t.mailOutbox;

export default function PlatformMailsPage() {
  const { state, reload, hasMore, more, loadMore } = usePagedLoad(listPlatformMails, (m) => m.id, 'platform-mails');
  useLogFailure('platform_mails', state);
  return (
    <>
      <PageTitle title={M.pageTitle} />
      <p className="page-hint">{M.operatorLead}</p>
      <section className="page-section" aria-label={M.list}>
        <LoadView state={state} onRetry={() => void reload()}>
          {(mails) =>
            mails.length === 0 ? (
              <p className="page-hint">{M.empty}</p>
            ) : (
              <>
                <MailOutboxList mails={mails} timeZone={INFO_ITEM_TIME_ZONE} />
                {hasMore && <ListMore more={more} onMore={loadMore} />}
              </>
            )
          }
        </LoadView>
      </section>
    </>
  );
}
