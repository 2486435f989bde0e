/** スタッフ管理 (`/management/staff`): the staff table, plus the department and employment-status lists. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { formatMinutes, formatShortDate, zonedDate } from '../../shared/time';
import { useTimeZone } from '../../shared/use-time-zone';
import { useLoad } from '../../shared/use-load';
import { ListMore, usePagedLoad } from '../../shared/use-paged-load';
import { listOrgUnits, ORG, type OrgKind } from '../organisation/org-api';
import { deleteStaff, listStaffPage, type Staff } from './staff-api';
import '../../shared/page.css';
import '../admin.css';

const hours = (minutes: number | null) => (minutes === null ? t.admin.notCalculated : formatMinutes(minutes));

/** 遅刻1・欠勤2: this period's counts that are not zero; なし otherwise. */
function scheduleIssues(staff: Staff): string {
  const P = t.admin.staff.scheduleIssueParts;
  const parts = [
    [P.late, staff.late_days],
    [P.early, staff.early_leave_days],
    [P.absent, staff.absent_days],
  ] as const;
  const shown = parts.filter(([, n]) => n).map(([label, n]) => fmt(label, { n: String(n) }));
  return shown.length ? shown.join(t.admin.listSeparator) : t.admin.staff.scheduleIssuesNone;
}

function StaffRow({ staff, onDeleted }: { staff: Staff; onDeleted: (id: string) => void }) {
  const [busy, setBusy] = useState(false);
  const timeZone = useTimeZone();
  // A move scheduled ahead (issue 29 item 11): the unit shown is the one from that date.
  const latest = staff.assignments[staff.assignments.length - 1];
  const scheduledFrom = latest?.from && latest.from > zonedDate(new Date(), timeZone) ? latest.from : null;

  async function onDelete() {
    if (!window.confirm(fmt(t.admin.staff.confirmDelete, { name: staff.name }))) return;
    setBusy(true);
    const res = await deleteStaff(staff.id);
    setBusy(false);
    if (res.ok) onDeleted(staff.id);
    else window.alert(res.message);
  }

  return (
    <tr>
      <th scope="row">
        {staff.name_kana && <span className="staff-kana">{staff.name_kana}</span>}
        <Link to={`/management/${encodeURIComponent(staff.id)}`}>{staff.name}</Link>
      </th>
      <td className="staff-number">{staff.employee_number ?? ''}</td>
      <td>
        {staff.department_name || t.admin.none}
        {scheduledFrom && (
          <small className="staff-work-system">
            {fmt(t.admin.staff.assignmentFromDate, { date: formatShortDate(scheduledFrom) })}
          </small>
        )}
      </td>
      <td>
        {staff.employment_status_name || t.admin.none}
        {/* The working-time system when not 通常 (issue 17): フレックスタイム制, 1か月単位の変形労働時間制 … */}
        {staff.work_system_label && <small className="staff-work-system">{paren(staff.work_system_label)}</small>}
      </td>
      <td className="num">{hours(staff.monthly_working_minutes)}</td>
      <td className="num">{hours(staff.overtime_minutes)}</td>
      <td className="num">{hours(staff.over_legal_limit_minutes)}</td>
      <td>{scheduleIssues(staff)}</td>
      <td>
        <div className="row-actions">
          <Link className="button button--ghost button--small" to={`/management/${encodeURIComponent(staff.id)}`}>
            {t.admin.detail}
            <span className="visually-hidden">{paren(staff.name)}</span>
          </Link>
          <Link
            className="button button--ghost button--small"
            to={`/management/staff/${encodeURIComponent(staff.id)}/edit`}
          >
            {t.admin.edit}
            <span className="visually-hidden">{paren(staff.name)}</span>
          </Link>
          <button
            type="button"
            className="button button--danger button--small"
            onClick={() => void onDelete()}
            disabled={busy}
          >
            {t.admin.delete}
            <span className="visually-hidden">{paren(staff.name)}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

/** The department or status list beside the staff table (spec §2), linking to its own screen. */
function OrgSummary({ kind, title }: { kind: OrgKind; title: string }) {
  // Spec §8: list failures go to the console only.
  const { state } = useLoad(() => listOrgUnits(kind), kind, { alertOnGenericFailure: false });
  if (state.status === 'error') console.error(kind, state.httpStatus, state.message);
  return (
    <section className="card page-section org-summary" aria-labelledby={`org-summary-${kind}`}>
      <div className="page-section__header">
        <h2 id={`org-summary-${kind}`} className="page-section__title">
          <Link to={ORG[kind].screenPath}>{title}</Link>
        </h2>
      </div>
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p className="page-hint">{t.admin.staff.listEmpty}</p>
        ) : (
          <ul className="chip-list">
            {state.data.map((u) => (
              <li key={u.id} className="badge">
                {u.name}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

export default function StaffListPage() {
  // The list comes a page (100) at a time in 五十音 order; さらに表示 appends the next page.
  const { state, reload, setData, hasMore, more, loadMore } = usePagedLoad(listStaffPage, (s) => s.id, 'staff');
  if (state.status === 'error') console.error('employees', state.httpStatus, state.message);
  return (
    <>
      <PageTitle title={t.pages.staff} />
      <section className="card page-section" aria-labelledby="staff-list-title">
        <div className="page-section__header">
          <h2 id="staff-list-title" className="page-section__title">
            {t.pages.staff}
          </h2>
          <Link className="button button--primary button--small" to="/management/staff/new">
            {t.admin.newLink}
          </Link>
          <Link className="button button--ghost button--small" to="/management/staff/import">
            {t.staffImport.link}
          </Link>
        </div>
        <LoadView state={state} onRetry={() => void reload()}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="page-hint">{t.admin.staff.empty}</p>
            ) : (
              <>
                <div className="table-scroll">
                  <table className="data-table staff-table">
                    <thead>
                      <tr>
                        <th scope="col">{t.admin.staff.name}</th>
                        <th scope="col">{t.admin.staff.employeeNumber}</th>
                        <th scope="col">{t.admin.staff.department}</th>
                        <th scope="col">{t.admin.staff.employmentStatus}</th>
                        <th scope="col">{t.admin.staff.monthlyHours}</th>
                        <th scope="col">{t.admin.staff.overtime}</th>
                        <th scope="col">{t.admin.staff.overLegal}</th>
                        <th scope="col">{t.admin.staff.scheduleIssues}</th>
                        <th scope="col">{t.admin.actions}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((s) => (
                        <StaffRow
                          key={s.id}
                          staff={s}
                          onDeleted={(id) => setData((list) => list.filter((r) => r.id !== id))}
                        />
                      ))}
                    </tbody>
                  </table>
                </div>
                {hasMore && <ListMore more={more} onMore={loadMore} />}
              </>
            )
          }
        </LoadView>
      </section>
      <div className="org-summaries">
        <OrgSummary kind="department" title={t.admin.staff.departmentList} />
        <OrgSummary kind="employmentStatus" title={t.admin.staff.statusList} />
      </div>
    </>
  );
}
