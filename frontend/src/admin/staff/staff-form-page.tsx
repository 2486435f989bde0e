/**
 * スタッフ新規登録 (`/management/staff/new`) and スタッフ編集 (`/management/staff/{id}/edit`). Spec §5:
 * new needs last name, first name, e-mail and password; edit needs the first three (password optional).
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { t } from '../../i18n';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { NotFound } from '../../shared/status-pages';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { zonedDate } from '../../shared/time';
import { useTimeZone } from '../../shared/use-time-zone';
import { loadOrgOptions, type OrgOptions } from '../organisation/org-api';
import { EMPTY_LEAVE, LeaveFields, leaveBody, leaveComplete, leaveFromStaff, type LeaveForm } from './leave-fields';
import { createStaff, getStaff, updateStaff, type Staff, type StaffBody } from './staff-api';
import { RecomputeProgress } from '../rules/rule-fields';
import type { RecomputeJob } from '../rules/rules-api';
import { PasswordResetSection } from './password-reset-section';
import '../../shared/page.css';
import '../admin.css';

type StaffForm = Omit<
  StaffBody,
  'hire_date' | 'leave_date' | 'working_pattern' | 'employee_number' | 'name_kana' | 'leave_taken_before_records'
> & {
  employee_number: string;
  name_kana: string;
  leave: LeaveForm;
  /** 変更の適用開始日 of a department / status change (edit only; blank = today). */
  assignment_from: string;
};

const EMPTY: StaffForm = {
  employee_number: '',
  last_name: '',
  first_name: '',
  name_kana: '',
  email: '',
  password: '',
  department_id: null,
  employment_status_id: null,
  leave: EMPTY_LEAVE,
  assignment_from: '',
};

const toBody = ({ leave, employee_number, name_kana, assignment_from: _from, ...rest }: StaffForm): StaffBody => ({
  ...rest,
  // Blank clears (the API reads null as "none"); the server normalises what is typed.
  employee_number: employee_number.trim() || null,
  name_kana: name_kana.trim() || null,
  ...leaveBody(leave),
});

const fromStaff = (s: Staff): StaffForm => ({
  employee_number: s.employee_number ?? '',
  last_name: s.last_name,
  first_name: s.first_name,
  name_kana: s.name_kana ?? '',
  email: s.email,
  password: '',
  department_id: s.department_id,
  employment_status_id: s.employment_status_id,
  leave: leaveFromStaff(s),
  assignment_from: '',
});

/** 部署・雇用形態の履歴 (issue 29 item 11): each version from its first day; the latest may lie ahead. */
function AssignmentHistory({ staff, today }: { staff: Staff; today: string }) {
  const S = t.admin.staff;
  return (
    <section className="page-section" aria-labelledby="assignment-history-title">
      <h2 id="assignment-history-title" className="page-section__title">
        {S.assignmentHistory}
      </h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="assignment-history">
          <thead>
            <tr>
              <th scope="col">{S.assignmentSince}</th>
              <th scope="col">{S.department}</th>
              <th scope="col">{S.employmentStatus}</th>
            </tr>
          </thead>
          <tbody>
            {staff.assignments.map((v) => (
              <tr key={v.from ?? ''}>
                <th scope="row">
                  {v.from ?? S.assignmentSinceStart}
                  {v.from && v.from > today && S.assignmentScheduled}
                </th>
                <td>{v.department_name || t.admin.none}</td>
                <td>{v.employment_status_name || t.admin.none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StaffFormView({
  id,
  initial,
  options,
  current,
}: {
  id: string | null;
  initial: StaffForm;
  options: OrgOptions;
  current: Staff | null;
}) {
  const [form, setForm] = useState<StaffForm>(initial);
  const [saved, setSaved] = useState<Staff | null>(current);
  const [job, setJob] = useState<RecomputeJob | null>(null);
  const timeZone = useTimeZone();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [success, setSuccess] = useState<string | null>(null);
  const isNew = id === null;
  const complete = Boolean(
    form.last_name.trim() &&
    form.first_name.trim() &&
    form.email.trim() &&
    (!isNew || form.password) &&
    leaveComplete(form.leave),
  );

  const set = (field: Exclude<keyof StaffForm, 'leave'>) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: field.endsWith('_id') ? e.target.value || null : e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    setError(null);
    setSuccess(null);
    setFieldErrors({});
    const res = isNew
      ? await createStaff(toBody(form))
      : await updateStaff(id, {
          ...toBody(form),
          ...(moving ? { assignment_from: form.assignment_from || null } : {}),
        });
    setBusy(false);
    if (!res.ok) {
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
      return;
    }
    if (isNew) {
      setForm(EMPTY);
      setSuccess(t.admin.staff.registered);
    } else {
      const { recompute, ...staff } = res.data as Staff & { recompute?: RecomputeJob | null };
      setForm(fromStaff(staff));
      setSaved(staff);
      setJob(recompute ?? null);
      setSuccess(t.admin.staff.updated);
    }
  }

  // A department or status other than the saved one is a move: it applies from a date.
  const moving =
    !isNew &&
    saved !== null &&
    (form.department_id !== saved.department_id || form.employment_status_id !== saved.employment_status_id);

  /** aria-invalid / aria-describedby of a control whose server reasons show under it. */
  const aria = (name: Exclude<keyof StaffForm, 'leave'>, describedBy?: string) =>
    invalidProps(`staff-${name}`, fieldErrors[name], describedBy);

  const field = (name: Exclude<keyof StaffForm, 'leave'>, label: string, input: React.ReactNode, hint?: string) => (
    <div className="form__field">
      <label htmlFor={`staff-${name}`}>{label}</label>
      {input}
      {hint && (
        <span id={`staff-${name}-hint`} className="form__hint">
          {hint}
        </span>
      )}
      <FieldError id={`staff-${name}`} messages={fieldErrors[name]} />
    </div>
  );

  return (
    <>
      <FormFeedback error={error} success={success} />
      <form className="form admin-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {field(
          'employee_number',
          t.admin.staff.employeeNumber,
          <input
            id="staff-employee_number"
            autoComplete="off"
            inputMode="text"
            maxLength={20}
            value={form.employee_number}
            onChange={set('employee_number')}
            {...aria('employee_number', 'staff-employee_number-hint')}
          />,
          t.admin.staff.employeeNumberHint,
        )}
        <div className="form__row">
          {field(
            'last_name',
            t.admin.staff.lastName,
            <input
              id="staff-last_name"
              autoComplete="off"
              maxLength={50}
              value={form.last_name}
              onChange={set('last_name')}
              {...aria('last_name')}
            />,
          )}
          {field(
            'first_name',
            t.admin.staff.firstName,
            <input
              id="staff-first_name"
              autoComplete="off"
              maxLength={50}
              value={form.first_name}
              onChange={set('first_name')}
              {...aria('first_name')}
            />,
          )}
        </div>
        {field(
          'name_kana',
          t.admin.staff.nameKana,
          <input
            id="staff-name_kana"
            autoComplete="off"
            maxLength={60}
            value={form.name_kana}
            onChange={set('name_kana')}
            {...aria('name_kana', 'staff-name_kana-hint')}
          />,
          t.admin.staff.nameKanaHint,
        )}
        {field(
          'department_id',
          t.admin.staff.department,
          <select
            id="staff-department_id"
            value={form.department_id ?? ''}
            onChange={set('department_id')}
            {...aria('department_id')}
          >
            <option value="">{t.admin.none}</option>
            {options.departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'employment_status_id',
          t.admin.staff.employmentStatus,
          <select
            id="staff-employment_status_id"
            value={form.employment_status_id ?? ''}
            onChange={set('employment_status_id')}
            {...aria('employment_status_id')}
          >
            <option value="">{t.admin.none}</option>
            {options.statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>,
        )}
        {moving &&
          field(
            'assignment_from',
            t.admin.staff.assignmentFrom,
            <input
              id="staff-assignment_from"
              type="date"
              value={form.assignment_from}
              onChange={set('assignment_from')}
              {...aria('assignment_from', 'staff-assignment_from-hint')}
            />,
            t.admin.staff.assignmentFromHint,
          )}
        {field(
          'email',
          t.admin.staff.email,
          <input
            id="staff-email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={form.email}
            onChange={set('email')}
            {...aria('email')}
          />,
        )}
        {field(
          'password',
          isNew ? t.admin.staff.password : t.admin.staff.passwordOptional,
          <input
            id="staff-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            {...aria('password', 'staff-password-hint')}
          />,
          t.admin.staff.passwordHint,
        )}
        <LeaveFields value={form.leave} onChange={(leave) => setForm((f) => ({ ...f, leave }))} errors={fieldErrors} />
        <div>
          <button type="submit" className="button button--primary" disabled={!complete || busy} aria-busy={busy}>
            {isNew ? t.admin.staff.register : t.admin.staff.update}
          </button>
        </div>
      </form>
      {job && <RecomputeProgress job={job} />}
      {saved && <AssignmentHistory staff={saved} today={zonedDate(new Date(), timeZone)} />}
    </>
  );
}

export default function StaffFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { id = '' } = useParams();
  const options = useLoad(loadOrgOptions, 'options');
  const staff = useLoad(
    () =>
      mode === 'edit'
        ? getStaff(id)
        : Promise.resolve({ ok: true as const, status: 200, data: null, message: null, errors: null }),
    `${mode}-${id}`,
  );

  if (staff.state.status === 'error' && staff.state.httpStatus === 404) return <NotFound />;
  return (
    <>
      <PageTitle title={mode === 'new' ? t.pages.staffNew : t.pages.staffEdit} />
      <section className="card page-section">
        <LoadView state={options.state} onRetry={() => void options.reload()}>
          {(opts) => (
            <LoadView state={staff.state} onRetry={() => void staff.reload()}>
              {(current) => (
                <StaffFormView
                  key={current?.id ?? 'new'}
                  id={current?.id ?? null}
                  initial={current ? fromStaff(current) : EMPTY}
                  options={opts}
                  current={current}
                />
              )}
            </LoadView>
          )}
        </LoadView>
      </section>
      {mode === 'edit' && staff.state.status === 'ready' && staff.state.data && (
        <PasswordResetSection id={staff.state.data.id} name={staff.state.data.name} />
      )}
      <p>
        <Link to="/management/staff">{t.common.back}</Link>
      </p>
    </>
  );
}
