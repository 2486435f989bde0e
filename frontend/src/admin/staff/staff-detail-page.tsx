/**
 * スタッフ詳細 (`/management/{id}`): one staff member's month, with a delete action per record. The
 * month lives in the URL (`?year&month`), defaulting to the company's current month.
 */
import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { api } from '../../lib/api';
import { DateSelects, type DateSelection } from '../../shared/date-selects';
import { PageTitle } from '../../shared/page-title';
import { MonthTable, type AttendanceDay, type MonthAttendance } from '../../shared/month-table';
import { Loading } from '../../shared/status-pages';
import { formatShortDate, formatYearMonth, monthViewYears, zonedDate, zonedParts } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import '../../shared/page.css';
import '../admin.css';

const getMonth = (id: string, year: number, month: number) =>
  api.get<MonthAttendance>('/api/v1/timestamps', { id, year, month });
const deleteRecord = (recordId: string) =>
  api.delete<{ employee_id: string }>(`/api/v1/timestamps/${encodeURIComponent(recordId)}`);

function DeleteRecord({ day, onDeleted }: { day: AttendanceDay; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  if (!day.id) return null;
  const recordId = day.id;
  async function onClick() {
    if (!window.confirm(fmt(t.admin.staff.confirmDeleteRecord, { date: formatShortDate(day.date) }))) return;
    setBusy(true);
    const res = await deleteRecord(recordId);
    setBusy(false);
    if (res.ok) onDeleted();
    else window.alert(res.message);
  }
  return (
    <button type="button" className="button button--ghost button--small" onClick={() => void onClick()} disabled={busy}>
      {t.admin.staff.deleteRecord}
      <span className="visually-hidden">{paren(formatShortDate(day.date))}</span>
    </button>
  );
}

export default function StaffDetailPage() {
  const { id = '' } = useParams();
  const timeZone = useTimeZone();
  const years = monthViewYears(timeZone);
  const now = zonedParts(new Date(), timeZone);
  const [params, setParams] = useSearchParams();
  const year = years.includes(Number(params.get('year'))) ? Number(params.get('year')) : now.year;
  const monthParam = Number(params.get('month'));
  const month = Number.isInteger(monthParam) && monthParam >= 1 && monthParam <= 12 ? monthParam : now.month;
  const [choice, setChoice] = useState<DateSelection>({ year: String(year), month: String(month), day: '' });
  // Spec §8: a failed load reads データの取得に失敗しました.
  const { state, reload } = useLoad(() => getMonth(id, year, month), `${id}-${year}-${month}`, {
    alertOnGenericFailure: false,
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (choice.year && choice.month) setParams({ year: choice.year, month: choice.month });
  }

  const name = state.status === 'ready' ? state.data.employee.name : '';
  return (
    <>
      <PageTitle title={name ? `${t.pages.staffDetail}${paren(name)}` : t.pages.staffDetail} />
      <section className="card page-section">
        <form className="picker" onSubmit={onSubmit}>
          <DateSelects
            id="staff-month"
            legend={t.admin.staff.detailMonth}
            years={years}
            value={choice}
            onChange={setChoice}
            withDay={false}
          />
          <button type="submit" className="button button--primary" disabled={!choice.year || !choice.month}>
            {t.common.show}
          </button>
        </form>
      </section>
      <section className="card page-section">
        {state.status === 'loading' && <Loading />}
        {state.status === 'error' && (
          <p role="alert" className="form-error">
            {t.messages.fetchDataFailed}
          </p>
        )}
        {state.status === 'ready' && (
          <>
            <h2 className="page-section__title attendance-heading">{formatYearMonth(year, month)}</h2>
            <MonthTable
              days={state.data.days}
              timeZone={timeZone}
              caption={`${name} ${formatYearMonth(year, month)}`}
              today={zonedDate(new Date(), timeZone)}
              action={{
                label: t.admin.actions,
                render: (day) => <DeleteRecord day={day} onDeleted={() => void reload()} />,
              }}
              totals={state.data.totals}
              ruleVersion={state.data.rule_version}
              system={state.data.system}
              flex={state.data.flex}
            />
          </>
        )}
      </section>
    </>
  );
}
