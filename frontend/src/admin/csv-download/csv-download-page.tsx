/**
 * データダウンロード (`/management/csv_download`): a date range (both default to today in the company's
 * zone), optional department, employment status and staff member, and the file's encoding. The button
 * stays disabled until both dates are complete; it opens `/management/csv_download/download?…`, which
 * runs the export.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n';
import { withQuery } from '../../lib/api';
import { DateSelects, selectedDate, type DateSelection } from '../../shared/date-selects';
import { PageTitle } from '../../shared/page-title';
import { yearChoices, zonedParts } from '../../shared/time';
import { useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { loadOrgOptions, type OrgUnit } from '../organisation/org-api';
import { StaffPicker, type PickedStaff } from '../staff/staff-picker';
import type { CsvEncoding } from './csv-download-api';
import '../../shared/page.css';
import '../admin.css';
import './csv-download.css';

const C = t.csvDownload;

interface Choices {
  departments: OrgUnit[];
  statuses: OrgUnit[];
}

/** The department and status choices; the staff member is searched for (StaffPicker), never listed. */
async function loadChoices() {
  const org = await loadOrgOptions();
  if (!org.ok) return org;
  return { ...org, data: { departments: org.data.departments, statuses: org.data.statuses } satisfies Choices };
}

function Choice({
  id,
  label,
  value,
  onChange,
  options,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly { id: string; name: string }[];
  disabled?: boolean;
}) {
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        <option value="">{C.all}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function CsvDownloadPage() {
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const years = yearChoices(timeZone);
  const [today] = useState<DateSelection>(() => {
    const p = zonedParts(new Date(), timeZone);
    return { year: String(p.year), month: String(p.month), day: String(p.day) };
  });
  const [from, setFrom] = useState<DateSelection>(today);
  const [to, setTo] = useState<DateSelection>(today);
  const [departmentId, setDepartmentId] = useState('');
  const [statusId, setStatusId] = useState('');
  const [picked, setPicked] = useState<PickedStaff | null>(null);
  const [encoding, setEncoding] = useState<CsvEncoding>('utf8');
  // The filters are optional: if their lists fail to load the range alone can still be exported.
  const { state } = useLoad(loadChoices, 'csv-choices', { alertOnGenericFailure: false });
  const choices: Choices = state.status === 'ready' ? state.data : { departments: [], statuses: [] };
  // Only staff matching the chosen department and status; a pick that no longer matches is dropped.
  const matches = (s: Pick<PickedStaff, 'department_id' | 'employment_status_id'>) =>
    (!departmentId || s.department_id === departmentId) && (!statusId || s.employment_status_id === statusId);
  const staffValue = picked && matches(picked) ? picked : null;

  const start = selectedDate(from);
  const end = selectedDate(to);
  const ordered = !start || !end || start <= end;
  const ready = Boolean(start && end && ordered);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    const query = {
      start_year: from.year,
      start_month: from.month,
      start_day: from.day,
      end_year: to.year,
      end_month: to.month,
      end_day: to.day,
      department_id: departmentId,
      employment_status_id: statusId,
      id: staffValue?.id ?? '',
      encoding,
    };
    // The router's promise settles once the next page has rendered; nothing here waits for it.
    void navigate(withQuery('/management/csv_download/download', query));
  }

  return (
    <>
      <PageTitle title={t.pages.csvDownload} />
      <section className="card page-section">
        <form className="form csv-form" onSubmit={onSubmit}>
          {state.status === 'error' && <p className="form-warning">{C.choicesFailed}</p>}
          <div className="csv-form__dates">
            <DateSelects id="csv-from" legend={C.from} years={years} value={from} onChange={setFrom} />
            <span className="csv-form__tilde" aria-hidden="true">
              {t.admin.tilde}
            </span>
            <DateSelects id="csv-to" legend={C.to} years={years} value={to} onChange={setTo} />
          </div>
          <p
            id="csv-dates-hint"
            className={ordered && start && end ? 'visually-hidden' : 'form__hint csv-form__dates-hint'}
            aria-live="polite"
          >
            {!start || !end ? C.needDates : !ordered ? C.rangeOrder : ''}
          </p>
          <div className="form__row csv-form__filters">
            <Choice
              id="csv-department"
              label={C.department}
              value={departmentId}
              onChange={setDepartmentId}
              options={choices.departments}
              disabled={state.status === 'loading'}
            />
            <Choice
              id="csv-status"
              label={C.employmentStatus}
              value={statusId}
              onChange={setStatusId}
              options={choices.statuses}
              disabled={state.status === 'loading'}
            />
            <div className="form__field csv-form__staff">
              <label htmlFor="csv-staff">{C.staff}</label>
              <StaffPicker
                id="csv-staff"
                label={C.staff}
                value={staffValue}
                onChange={setPicked}
                filter={matches}
                emptyHint={C.staffAll}
              />
            </div>
          </div>
          <fieldset className="csv-form__encoding">
            <legend>{C.encoding}</legend>
            {(['utf8', 'sjis'] as const).map((value) => (
              <span key={value} className="csv-form__radio">
                <input
                  id={`csv-encoding-${value}`}
                  type="radio"
                  name="encoding"
                  value={value}
                  checked={encoding === value}
                  onChange={() => setEncoding(value)}
                />
                <label htmlFor={`csv-encoding-${value}`}>{C.encodings[value]}</label>
              </span>
            ))}
            <span className="form__hint">{C.encodingHint}</span>
          </fieldset>
          <button
            type="submit"
            className="button button--primary csv-form__submit"
            disabled={!ready}
            aria-describedby="csv-dates-hint"
          >
            {C.submit}
          </button>
        </form>
      </section>
    </>
  );
}
