import { Link, useParams } from 'react-router-dom';
import { t } from '../../i18n';
import { LoadView } from '../feedback';
import { PageTitle } from '../page-title';
import { NotFound } from '../status-pages';
import { useLoad } from '../use-load';
import { getInfoItem } from './info-items-api';
import './info-items.css';

/** One announcement (title and body with its line breaks), opened from a banner. */
export function InfoItemDetail({ backTo, children }: { backTo: string; children?: React.ReactNode }) {
  const { id = '' } = useParams();
  const { state, reload } = useLoad(() => getInfoItem(id), id);

  if (state.status === 'error' && state.httpStatus === 404) return <NotFound />;
  return (
    <article className="info-item">
      <LoadView state={state} onRetry={() => void reload()}>
        {(item) => (
          <>
            <PageTitle title={item.title} />
            <div className="card info-item__body text-block">{item.detail_text}</div>
            {children}
          </>
        )}
      </LoadView>
      <p className="info-item__back">
        <Link to={backTo}>{t.infoItems.backToTop}</Link>
      </p>
    </article>
  );
}
