/** お問い合わせ一覧 (`/management/inquiries`): contact-form messages, newest first. */
import { t } from '../../i18n';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { formatDateTime } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useLogFailure } from '../log-failure';
import { INFO_ITEM_TIME_ZONE } from '../info-items/date-time';
import { listInquiries } from './inquiries-api';
import '../../shared/page.css';
import '../operator.css';

const O = t.operator.inquiries;

export default function InquiriesPage() {
  const { state, reload } = useLoad(listInquiries, 'inquiries', { alertOnGenericFailure: false });
  useLogFailure('inquiries', state);
  return (
    <>
      <PageTitle title={t.pages.inquiries} />
      <LoadView state={state} onRetry={() => void reload()}>
        {(inquiries) =>
          inquiries.length === 0 ? (
            <p className="page-hint">{O.empty}</p>
          ) : (
            <ol className="op-inquiries">
              {inquiries.map((i) => (
                <li key={i.id} className="card op-inquiry">
                  <article aria-labelledby={`inquiry-${i.id}`}>
                    <h2 id={`inquiry-${i.id}`} className="op-inquiry__title">
                      {i.company} / {i.name}
                    </h2>
                    <p className="op-inquiry__meta">
                      <time dateTime={i.created_at}>{formatDateTime(i.created_at, INFO_ITEM_TIME_ZONE)}</time>
                      <a className="op-break" href={`mailto:${i.email}`}>
                        {i.email}
                      </a>
                    </p>
                    <p className="text-block">{i.message}</p>
                  </article>
                </li>
              ))}
            </ol>
          )
        }
      </LoadView>
    </>
  );
}
