/** An announcement as the operator sees it: title, body, display window, and the edit link (spec §2). */
import { Link, useParams } from 'react-router-dom';
import { t } from '../../i18n';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { NotFound } from '../../shared/status-pages';
import { formatDateTime } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { INFO_ITEM_TIME_ZONE } from './date-time';
import { getInfoItem } from './info-items-api';
import '../../shared/page.css';
import '../operator.css';

const O = t.operator.infoItems;

export default function InfoItemPage() {
  const { id = '' } = useParams();
  const { state, reload } = useLoad(() => getInfoItem(id), id);
  if (state.status === 'error' && state.httpStatus === 404) return <NotFound />;
  return (
    <LoadView state={state} onRetry={() => void reload()}>
      {(item) => (
        <article>
          <PageTitle title={item.title} />
          <div className="card page-section text-block">{item.detail_text}</div>
          <dl className="op-meta">
            <div>
              <dt>{O.startAt}</dt>
              <dd>{formatDateTime(item.start_at, INFO_ITEM_TIME_ZONE)}</dd>
            </div>
            <div>
              <dt>{O.endAt}</dt>
              <dd>{formatDateTime(item.end_at, INFO_ITEM_TIME_ZONE)}</dd>
            </div>
          </dl>
          <p className="op-form__actions">
            <Link className="button button--primary" to={`/management/info_items/${encodeURIComponent(item.id)}/edit`}>
              {O.editLink}
            </Link>
            <Link to="/management/info_items">{t.operator.backToList}</Link>
          </p>
        </article>
      )}
    </LoadView>
  );
}
