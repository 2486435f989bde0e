/**
 * 申請管理 (`/management/requests`): leave, holiday-work and overtime requests of the chosen month
 * (`?year&month`, default the company's current month), each row opening the approval modal.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../../i18n';
import { DateSelects, type DateSelection } from '../../shared/date-selects';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { formatLongDate, yearChoices, zonedParts } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { ApprovalDialog } from './approval-dialog';
import { ADMIN_REQUEST_KINDS, listMonthRequests, type AdminRequestRow, type RequestKind } from './requests-api';
import '../../shared/page.css';
import '../admin.css';

const STATUS_CLASS = ['badge--pending', 'badge--approved', 'badge--rejected'] as const;

function RequestList({ kind, year, month }: { kind: RequestKind; year: number; month: number }) {
  const { state, reload, setData } = useLoad(() => listMonthRequests(kind, year, month), `${kind}-${year}-${month}`, {
    alertOnGenericFailure: false,
  });
  const [open, setOpen] = useState<AdminRequestRow | null>(null);
  const title = t.admin.requests.sections[kind];
  const titleId = `admin-requests-${kind}`;
  return (
    <section className="card page-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="page-section__title page-section__header">
        {title}
      </h2>
      <LoadView state={state} onRetry={() => void reload()}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="page-hint">{t.admin.requests.empty}</p>
          ) : (
            <div className="table-scroll">
              <table className={`data-table admin-requests admin-requests--${kind}`}>
                <thead>
                  <tr>
                    <th scope="col">{t.admin.requests.date}</th>
                    <th scope="col">{t.admin.requests.applicant}</th>
                    {kind === 'holiday' && <th scope="col">{t.admin.requests.kind}</th>}
                    <th scope="col">{t.admin.requests.status}</th>
                    <th scope="col">{t.admin.requests.reason}</th>
                    <th scope="col">{t.admin.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td className="num">{formatLongDate(row.date)}</td>
                      <th scope="row">{row.employee_name}</th>
                      {kind === 'holiday' && <td>{t.monthTable.leaveTypes[row.kind ?? 0]}</td>}
                      <td>
                        <span className={`badge ${STATUS_CLASS[row.status] ?? ''}`}>
                          {t.requests.statuses[row.status] ?? ''}
                        </span>
                      </td>
                      <td className="text-block">{row.reason}</td>
                      <td>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          onClick={() => setOpen(row)}
                        >
                          {t.admin.requests.open}
                          <span className="visually-hidden">
                            （{row.employee_name} {formatLongDate(row.date)}）
                          </span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadView>
      {open && (
        <ApprovalDialog
          kind={kind}
          row={open}
          onClose={() => setOpen(null)}
          onDecided={(updated) => {
            setData((list) => list.map((r) => (r.id === updated.id ? updated : r)));
            setOpen(null);
          }}
        />
      )}
    </section>
  );
}

export default function AdminRequestsPage() {
  const timeZone = useTimeZone();
  const years = yearChoices(timeZone);
  const now = zonedParts(new Date(), timeZone);
  const [params, setParams] = useSearchParams();
  const year = years.includes(Number(params.get('year'))) ? Number(params.get('year')) : now.year;
  const m = Number(params.get('month'));
  const month = Number.isInteger(m) && m >= 1 && m <= 12 ? m : now.month;
  const choice: DateSelection = { year: String(year), month: String(month), day: '' };

  return (
    <>
      <PageTitle title={t.pages.requestManagement} />
      <section className="card page-section">
        <DateSelects
          id="admin-requests-month"
          legend={t.admin.requests.month}
          years={years}
          value={choice}
          withDay={false}
          onChange={(next) => {
            if (next.year && next.month) setParams({ year: next.year, month: next.month });
          }}
        />
      </section>
      {ADMIN_REQUEST_KINDS.map((kind) => (
        <RequestList key={kind} kind={kind} year={year} month={month} />
      ))}
    </>
  );
}
