/**
 * 勤怠状況 (`/management`): the number of registered staff and three panels (monthly working time,
 * overtime, excess unpaid working time; total and average). Figures the calculation engine has not
 * produced yet show "—". Spec §8: a load failure reads データの取得に失敗しました.
 */
import { t } from '../../i18n';
import { PageTitle } from '../../shared/page-title';
import { Loading } from '../../shared/status-pages';
import { formatMinutes } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { getWorkStatus, type WorkStatus } from './work-status-api';
import '../../shared/page.css';
import '../admin.css';

const figure = (minutes: number | null) => (minutes === null ? t.admin.notCalculated : formatMinutes(minutes));

const PANELS: { title: string; total: keyof WorkStatus; average: keyof WorkStatus }[] = [
  { title: t.admin.workStatus.working, total: 'total_working_time', average: 'average_working_time' },
  { title: t.admin.workStatus.over, total: 'total_over_working_time', average: 'average_over_working_time' },
  { title: t.admin.workStatus.unpaid, total: 'total_unpaid_working_time', average: 'average_unpaid_working_time' },
];

export default function WorkStatusPage() {
  const { state } = useLoad(getWorkStatus, 'work-status', { alertOnGenericFailure: false });
  return (
    <>
      <PageTitle title={t.pages.workStatus} />
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <p role="alert" className="form-error">
          {t.messages.fetchDataFailed}
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <section className="card page-section work-count" aria-labelledby="work-count-title">
            <h2 id="work-count-title" className="page-section__title">
              {t.admin.workStatus.count}
            </h2>
            <p className="work-count__value">
              <span className="work-count__number">{state.data.count_employees}</span>
              {t.admin.workStatus.people}
            </p>
          </section>
          <div className="work-panels">
            {PANELS.map((p) => (
              <section key={p.total} className="card page-section work-panel" aria-label={p.title}>
                <h2 className="page-section__title">{p.title}</h2>
                <dl className="work-panel__figures">
                  <div>
                    <dt>{t.admin.workStatus.total}</dt>
                    <dd className="num">{figure(state.data[p.total])}</dd>
                  </div>
                  <div>
                    <dt>{t.admin.workStatus.average}</dt>
                    <dd className="num">{figure(state.data[p.average])}</dd>
                  </div>
                </dl>
              </section>
            ))}
          </div>
          {state.data.total_working_time === null && <p className="page-hint">{t.admin.workStatus.pending}</p>}
        </>
      )}
    </>
  );
}
