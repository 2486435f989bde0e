/**
 * 勤怠一覧 (`/employees/attendance`). The chosen month lives in the URL (`?year=2026&month=4`) so
 * reloading, sharing or going back shows the same month; without one the page opens on the
 * company's current month.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../i18n';
import { DateSelects, type DateSelection } from '../../shared/date-selects';
import { LoadView } from '../../shared/feedback';
import { MonthTable } from '../../shared/month-table';
import { PageTitle } from '../../shared/page-title';
import { formatYearMonth, monthViewYears, zonedDate, zonedParts } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { getMonth } from './attendance-api';
import { listCorrectionRequests } from '../modify/modify-api';
import '../../shared/page.css';

/** A year and month from the query string, only when they are real choices. */
function monthFromQuery(params: URLSearchParams, years: readonly number[]): { year: number; month: number } | null {
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  if (!years.includes(year) || !Number.isInteger(month) || month < 1 || month > 12) return null;
  return { year, month };
}

function MonthView({ year, month, timeZone }: { year: number; month: number; timeZone: string }) {
  const { state, reload } = useLoad(() => getMonth(year, month), `${year}-${month}`);
  // Corrections waiting for approval (打刻修正の承認) are marked 申請中 on their day.
  const corrections = useLoad(listCorrectionRequests, 'correction-requests', { alertOnGenericFailure: false });
  const pendingDates = new Set(
    corrections.state.status === 'ready' ? corrections.state.data.filter((r) => r.status === 0).map((r) => r.date) : [],
  );
  return (
    <LoadView state={state} onRetry={() => void reload()}>
      {(data) => (
        <>
          <h2 className="page-section__title attendance-heading">{formatYearMonth(year, month)}</h2>
          {data.days.length === 0 ? (
            <p className="page-hint">{t.monthTable.empty}</p>
          ) : (
            <MonthTable
              days={data.days}
              timeZone={timeZone}
              caption={`${data.employee?.name ?? ''} ${formatYearMonth(year, month)}`.trim()}
              today={zonedDate(new Date(), timeZone)}
              totals={data.totals}
              ruleVersion={data.rule_version}
              system={data.system}
              flex={data.flex}
              pendingDates={pendingDates}
            />
          )}
        </>
      )}
    </LoadView>
  );
}

/** The picker starts from the month in the URL; keyed by it, so going back in history resets it too. */
function MonthPicker({
  years,
  initial,
  onShow,
}: {
  years: readonly number[];
  initial: DateSelection;
  onShow: (year: string, month: string) => void;
}) {
  const [choice, setChoice] = useState<DateSelection>(initial);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (choice.year && choice.month) onShow(choice.year, choice.month);
  }
  return (
    <form className="picker" onSubmit={onSubmit}>
      <DateSelects
        id="attendance"
        legend={t.attendance.chooseMonth}
        years={years}
        value={choice}
        onChange={setChoice}
        withDay={false}
      />
      <button type="submit" className="button button--primary" disabled={!choice.year || !choice.month}>
        {t.common.show}
      </button>
    </form>
  );
}

export default function AttendancePage() {
  const timeZone = useTimeZone();
  const years = monthViewYears(timeZone);
  const [params, setParams] = useSearchParams();
  const now = zonedParts(new Date(), timeZone);
  const shown = monthFromQuery(params, years) ?? { year: now.year, month: now.month };
  const initial = { year: String(shown.year), month: String(shown.month), day: '' };

  return (
    <>
      <PageTitle title={t.pages.attendance} />
      <section className="card page-section">
        <MonthPicker
          key={`${initial.year}-${initial.month}`}
          years={years}
          initial={initial}
          onShow={(year, month) => setParams({ year, month })}
        />
      </section>
      <section className="card page-section">
        <MonthView year={shown.year} month={shown.month} timeZone={timeZone} />
      </section>
    </>
  );
}
