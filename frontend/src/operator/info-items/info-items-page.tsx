/** お知らせ一覧 (`/management/info_items`): id, title, display start and end; detail, edit and delete per row. */
import { Link } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { formatDateTime } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useLogFailure } from '../log-failure';
import { RowActions } from '../row-actions';
import { INFO_ITEM_TIME_ZONE } from './date-time';
import { deleteInfoItem, listAllInfoItems, type InfoItem } from './info-items-api';
import '../../shared/page.css';
import '../operator.css';

const O = t.operator;

function InfoItemRow({ item, onDeleted }: { item: InfoItem; onDeleted: (id: string) => void }) {
  const path = `/management/info_items/${encodeURIComponent(item.id)}`;

  return (
    <tr>
      <td className="op-id">{item.id}</td>
      <td>
        <Link to={path}>{item.title}</Link>
      </td>
      <td className="num">{formatDateTime(item.start_at, INFO_ITEM_TIME_ZONE)}</td>
      <td className="num">{formatDateTime(item.end_at, INFO_ITEM_TIME_ZONE)}</td>
      <RowActions
        label={item.title}
        editTo={`${path}/edit`}
        confirmText={fmt(O.infoItems.confirmDelete, { title: item.title })}
        remove={() => deleteInfoItem(item.id)}
        onDeleted={() => onDeleted(item.id)}
      />
    </tr>
  );
}

export default function InfoItemsPage() {
  // Spec §8: a failed list load is logged, not alerted.
  const { state, reload, setData } = useLoad(listAllInfoItems, 'info-items', { alertOnGenericFailure: false });
  useLogFailure('info_items', state);

  return (
    <>
      <PageTitle title={t.pages.infoItems} />
      <p className="op-toolbar">
        <Link className="button button--primary" to="/management/info_items/new">
          {O.infoItems.new}
        </Link>
      </p>
      <section className="card page-section" aria-label={t.pages.infoItems}>
        <LoadView state={state} onRetry={() => void reload()}>
          {(items) =>
            items.length === 0 ? (
              <p className="page-hint">{O.infoItems.empty}</p>
            ) : (
              <div className="table-scroll">
                <table className="data-table op-table">
                  <caption className="visually-hidden">{O.infoItems.timeZoneNote}</caption>
                  <thead>
                    <tr>
                      <th scope="col">ID</th>
                      <th scope="col">{O.infoItems.title}</th>
                      <th scope="col">{O.infoItems.startAt}</th>
                      <th scope="col">{O.infoItems.endAt}</th>
                      <th scope="col">
                        <span className="visually-hidden">{O.actions}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((item) => (
                      <InfoItemRow
                        key={item.id}
                        item={item}
                        onDeleted={(id) => setData((list) => list.filter((x) => x.id !== id))}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </LoadView>
        <p className="form__hint op-note">{O.infoItems.timeZoneNote}</p>
      </section>
    </>
  );
}
