/**
 * 勤怠状況 (`/management`): the number of registered staff; three panels (monthly working time,
 * overtime, excess time over the deemed overtime; total and average); the 36協定 alert list and the
 * alert limit (changed on 36協定設定, its own settings screen); the 36協定 findings of every month of the
 * agreement year; charts of this month's overtime per employee and the last 12 months; the five-day
 * paid-leave duty. No settings form here (issue 29 item 19). Spec §8: a load failure reads データの取得に失敗しました.
 * The figures are computed in the background (issue 19): 集計日時 tells when, 再集計 builds them again,
 * and while a build runs (集計中…) the page asks again every two seconds; capped lists say 他N件.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { fromTo } from '../wording';
import { FindingList } from '../../shared/agreement-findings';
import { PageTitle } from '../../shared/page-title';
import { Loading } from '../../shared/status-pages';
import { RefreshBar } from '../../shared/refresh-bar';
import { formatHoursJa } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { FiveDayDutySection } from './five-day-duty-section';
import {
  getWorkStatus,
  refreshWorkStatus,
  type PeriodAsked,
  type WorkStatus,
  type WorkStatusAlert,
} from './work-status-api';
import { MonthlyOvertimeChart, StaffOvertimeChart } from './work-status-charts';
import { ScheduleFiguresSection } from './schedule-figures-section';
import '../../shared/page.css';
import '../admin.css';
import './work-status.css';

const WS = t.admin.workStatus;
const figure = (minutes: number | null) => (minutes === null ? t.admin.notCalculated : formatHoursJa(minutes));
const more = (shown: number, total: number | undefined) =>
  total !== undefined && total > shown ? (
    <p className="page-hint">{fmt(WS.more, { n: String(total - shown) })}</p>
  ) : null;
/** How often the page asks again while the figures are being built. */
const POLL_MS = 2000;

/** 集計日時, 集計中… while a build runs, and 再集計. */
const PANELS: { title: string; total: keyof WorkStatus; average: keyof WorkStatus }[] = [
  { title: WS.working, total: 'total_working_time', average: 'average_working_time' },
  { title: WS.over, total: 'total_over_working_time', average: 'average_over_working_time' },
  { title: WS.unpaid, total: 'total_unpaid_working_time', average: 'average_unpaid_working_time' },
];

function AlertList({ data }: { data: WorkStatus }) {
  const limit = fmt(WS.limitNow, {
    h: String(Math.round(data.alert_limit_minutes / 60)),
    clause: data.special_clause ? WS.clauseOn : WS.clauseOff,
  });
  return (
    <section className="card page-section alert-section" aria-labelledby="alerts-title">
      <div className="page-section__header">
        <h2 id="alerts-title" className="page-section__title">
          {WS.alerts}
          {data.alerts.length > 0 && (
            <span className="badge alert-section__count">
              {fmt(WS.alertsCount, { n: String(data.alerts_total ?? data.alerts.length) })}
            </span>
          )}
        </h2>
      </div>
      <p className="alert-section__limit">
        {limit} <Link to="/management/overtime_agreement">{WS.settingsLink}</Link>
      </p>
      {data.alerts.length === 0 ? (
        <p className="page-hint">{WS.alertsEmpty}</p>
      ) : (
        <FindingList<WorkStatusAlert>
          findings={data.alerts}
          label={WS.alerts}
          lead={(a) => <Link to={`/management/${encodeURIComponent(a.employee_id)}`}>{a.name}</Link>}
        />
      )}
      {more(data.alerts.length, data.alerts_total)}
    </section>
  );
}

/**
 * The months of the agreement year so far with findings, each with its own (under its month's settings);
 * the months without any in one line (issue 29 item 20: eight cards of 該当なし filled a screen).
 */
function AgreementMonths({ data }: { data: WorkStatus }) {
  const label = (month: string) => {
    const [y, m] = month.split('-');
    return fmt(WS.agreementMonthOf, { y: y ?? '', m: String(Number(m)) });
  };
  const withFindings = [...data.agreement_months].reverse().filter((m) => m.alerts_total > 0 || m.alerts.length > 0);
  const rest = data.agreement_months.filter((m) => m.alerts_total === 0 && m.alerts.length === 0).map((m) => m.month);
  return (
    <section className="card page-section" aria-labelledby="agreement-months-title">
      <h2 id="agreement-months-title" className="page-section__title">
        {fmt(WS.agreementMonths, { from: label(data.agreement_year_start) })}
      </h2>
      <div className="agreement-months">
        {withFindings.map((m) => (
          <section key={m.month} aria-label={label(m.month)} data-month={m.month}>
            <h3 className="agreement-months__title">{label(m.month)}</h3>
            <FindingList<WorkStatusAlert>
              findings={m.alerts}
              label={label(m.month)}
              lead={(a) => <Link to={`/management/${encodeURIComponent(a.employee_id)}`}>{a.name}</Link>}
            />
            {more(m.alerts.length, m.alerts_total)}
          </section>
        ))}
      </div>
      {rest.length > 0 && (
        <p className="page-hint" data-testid="agreement-months-rest">
          {fmt(withFindings.length ? WS.agreementMonthsRest : WS.agreementMonthsNone, {
            n: String(rest.length),
            months: monthRuns(rest),
          })}
        </p>
      )}
    </section>
  );
}

/**
 * Months (YYYY-MM, oldest first) as runs: 「2026年4月〜5月、7月〜11月」; the year is said at the first run
 * and again where it changes.
 */
function monthRuns(months: readonly string[]): string {
  const runs: [string, string][] = [];
  for (const m of months) {
    const last = runs.at(-1);
    if (last && nextMonth(last[1]) === m) last[1] = m;
    else runs.push([m, m]);
  }
  let year = '';
  const name = (month: string) => {
    const [y, m] = month.split('-') as [string, string];
    const text = fmt(y === year ? WS.monthOnly : WS.agreementMonthOf, { y: y, m: String(Number(m)) });
    year = y;
    return text;
  };
  return runs.map(([from, to]) => (from === to ? name(from) : fromTo(name(from), name(to)))).join(t.admin.listComma);
}

const nextMonth = (month: string) => {
  const { year, month: m } = shifted(month, 1);
  return `${year}-${String(m).padStart(2, '0')}`;
};

/** The period `n` periods from `id` (YYYY-MM): periods are named by consecutive months. */
function shifted(id: string, n: number): { year: number; month: number } {
  const [y, m] = id.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

function Panels({ data, onAsk }: { data: WorkStatus; onAsk: (asked: PeriodAsked) => void }) {
  return (
    <>
      <section className="card page-section work-count" aria-labelledby="work-count-title">
        <h2 id="work-count-title" className="page-section__title">
          {WS.count}
        </h2>
        <p className="work-count__value">
          <span className="work-count__number">{data.count_employees}</span>
          {WS.people}
        </p>
        <p className="page-hint work-count__period">{fmt(WS.periodOf, { period: data.period.label })}</p>
        <p className="work-count__nav">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onAsk(shifted(data.period.id, -1))}
          >
            {WS.prevPeriod}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onAsk(shifted(data.period.id, 1))}
          >
            {WS.nextPeriod}
          </button>
        </p>
      </section>
      <div className="work-panels">
        {PANELS.map((p) => (
          <section key={p.total} className="card page-section work-panel" aria-label={p.title}>
            <h2 className="page-section__title">{p.title}</h2>
            <dl className="work-panel__figures">
              <div>
                <dt>{WS.total}</dt>
                <dd className="num">{figure(data[p.total] as number | null)}</dd>
              </div>
              <div>
                <dt>
                  {data.count_with_data === null ? WS.average : fmt(WS.averageOf, { n: String(data.count_with_data) })}
                </dt>
                <dd className="num">{figure(data[p.average] as number | null)}</dd>
              </div>
            </dl>
          </section>
        ))}
      </div>
      {data.total_working_time === null ? (
        <p className="page-hint">{WS.pending}</p>
      ) : (
        <p className="page-hint work-panel__hint">{WS.unpaidHint}</p>
      )}
    </>
  );
}

export default function WorkStatusPage() {
  // The payroll period shown (〇月度); null = the one holding today.
  const [asked, setAsked] = useState<PeriodAsked>(null);
  const { state, setData } = useLoad(
    () => getWorkStatus(asked),
    asked ? `work-status-${asked.year}-${asked.month}` : 'work-status',
    { alertOnGenericFailure: false },
  );

  const [refreshFailed, setRefreshFailed] = useState(false);
  const refreshing = state.status === 'ready' && state.data.refreshing;

  /** 再集計: the figures are built again in the background. */
  async function refresh() {
    const res = await refreshWorkStatus(asked);
    setRefreshFailed(!res.ok);
    if (res.ok) setData(() => res.data);
  }

  // While a build runs, ask again every two seconds until it has stored the figures.
  useEffect(() => {
    if (!refreshing) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void getWorkStatus(asked).then((res) => {
        if (!cancelled && res.ok) setData(() => res.data);
      });
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [refreshing, asked, state, setData]);

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
          <RefreshBar
            asOf={state.data.as_of}
            refreshing={state.data.refreshing}
            failed={refreshFailed}
            onRefresh={() => void refresh()}
            testId="work-status-as-of"
          />
          <Panels data={state.data} onAsk={setAsked} />
          <AlertList data={state.data} />
          <AgreementMonths data={state.data} />
          <ScheduleFiguresSection employees={state.data.employees ?? []} total={state.data.schedule_rows_total} />
          <div className="work-charts">
            <StaffOvertimeChart
              employees={state.data.employees ?? []}
              limitMinutes={state.data.alert_limit_minutes}
              overLimit={state.data.over_limit_count}
            />
            <MonthlyOvertimeChart months={state.data.monthly_overtime ?? []} />
          </div>
        </>
      )}
      {state.status === 'ready' && (
        <FiveDayDutySection rows={state.data.five_day ?? []} total={state.data.five_day_total ?? 0} />
      )}
    </>
  );
}
