/**
 * The paid-leave part of the staff form: 入社日 and the scheduled working pattern (所定労働日数 per
 * week or per year, 週所定労働時間) that decides the proportional grant. Kept as strings while
 * typing; `leaveBody` turns them into the API's `hire_date` and `working_pattern`.
 */
import { t } from '../../i18n';
import type { Staff, StaffBody } from './staff-api';
import './leave-fields.css';

export interface LeaveForm {
  hire_date: string;
  /** 退職日 (issue 18): beside 入社日, on or after it. */
  leave_date: string;
  basis: '' | 'week' | 'year';
  days: string;
  hours: string;
  /** 記録開始前の有給取得日数 (issue 29 item 8); blank = not stated. */
  taken_before: string;
}

export const EMPTY_LEAVE: LeaveForm = {
  hire_date: '',
  leave_date: '',
  basis: '',
  days: '',
  hours: '',
  taken_before: '',
};

export function leaveFromStaff(s: Staff): LeaveForm {
  const p = s.working_pattern;
  return {
    hire_date: s.hire_date ?? '',
    leave_date: s.leave_date ?? '',
    basis: p?.basis ?? '',
    days: p ? String((p.basis === 'week' ? p.days_per_week : p.days_per_year) ?? '') : '',
    hours: p ? String(p.weekly_hours) : '',
    taken_before: s.leave_taken_before_records === null ? '' : String(s.leave_taken_before_records),
  };
}

export function leaveBody(
  f: LeaveForm,
): Pick<StaffBody, 'hire_date' | 'leave_date' | 'working_pattern' | 'leave_taken_before_records'> {
  const days = Number(f.days);
  return {
    hire_date: f.hire_date || null,
    leave_date: f.leave_date || null,
    leave_taken_before_records: f.taken_before.trim() === '' ? null : Number(f.taken_before),
    working_pattern: f.basis
      ? {
          basis: f.basis,
          days_per_week: f.basis === 'week' ? days : null,
          days_per_year: f.basis === 'year' ? days : null,
          weekly_hours: Number(f.hours),
        }
      : null,
  };
}

/** A chosen basis needs both numbers. */
export const leaveComplete = (f: LeaveForm) => !f.basis || (f.days.trim() !== '' && f.hours.trim() !== '');

export function LeaveFields({
  value,
  onChange,
  errors,
}: {
  value: LeaveForm;
  onChange: (v: LeaveForm) => void;
  errors: Record<string, string[]>;
}) {
  const set = (field: keyof LeaveForm) => (e: { target: { value: string } }) =>
    onChange({ ...value, [field]: e.target.value });
  const patternErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith('working_pattern'))
    .flatMap(([, m]) => m);
  const s = t.admin.staff;
  return (
    <>
      <div className="form__field">
        <label htmlFor="staff-hire_date">{s.hireDate}</label>
        <input
          id="staff-hire_date"
          type="date"
          value={value.hire_date}
          onChange={set('hire_date')}
          aria-describedby="staff-hire_date-hint"
        />
        <span id="staff-hire_date-hint" className="form__hint">
          {s.hireDateHint}
        </span>
        {errors.hire_date?.map((m) => (
          <span key={m} className="form__field-error">
            {m}
          </span>
        ))}
      </div>
      <div className="form__field">
        <label htmlFor="staff-leave_date">{s.leaveDate}</label>
        <input
          id="staff-leave_date"
          type="date"
          value={value.leave_date}
          min={value.hire_date || undefined}
          onChange={set('leave_date')}
          aria-describedby={
            errors.leave_date ? 'staff-leave_date-hint staff-leave_date-error' : 'staff-leave_date-hint'
          }
          aria-invalid={errors.leave_date ? true : undefined}
        />
        <span id="staff-leave_date-hint" className="form__hint">
          {s.leaveDateHint}
        </span>
        {errors.leave_date && (
          <span id="staff-leave_date-error" className="form__field-error">
            {errors.leave_date.join(' ')}
          </span>
        )}
      </div>
      <fieldset className="form__field leave-pattern">
        <legend>{s.patternBasis}</legend>
        <select id="staff-pattern_basis" aria-label={s.patternBasis} value={value.basis} onChange={set('basis')}>
          {(['', 'week', 'year'] as const).map((b) => (
            <option key={b} value={b}>
              {s.patternBases[b]}
            </option>
          ))}
        </select>
        {value.basis && (
          <div className="form__row">
            <div className="form__field">
              <label htmlFor="staff-pattern_days">{value.basis === 'week' ? s.daysPerWeek : s.daysPerYear}</label>
              <input
                id="staff-pattern_days"
                type="number"
                inputMode="numeric"
                min={0}
                max={value.basis === 'week' ? 7 : 366}
                step={1}
                value={value.days}
                onChange={set('days')}
              />
            </div>
            <div className="form__field">
              <label htmlFor="staff-pattern_hours">{s.weeklyHours}</label>
              <input
                id="staff-pattern_hours"
                type="number"
                inputMode="decimal"
                min={0}
                max={168}
                step={0.5}
                value={value.hours}
                onChange={set('hours')}
              />
            </div>
          </div>
        )}
        {patternErrors.map((m) => (
          <span key={m} className="form__field-error">
            {m}
          </span>
        ))}
      </fieldset>
      <div className="form__field">
        <label htmlFor="staff-leave_taken_before_records">{s.takenBeforeRecords}</label>
        <input
          id="staff-leave_taken_before_records"
          type="number"
          inputMode="decimal"
          min={0}
          max={40}
          step={0.5}
          value={value.taken_before}
          onChange={set('taken_before')}
          aria-describedby={
            errors.leave_taken_before_records
              ? 'staff-leave_taken_before_records-hint staff-leave_taken_before_records-error'
              : 'staff-leave_taken_before_records-hint'
          }
          aria-invalid={errors.leave_taken_before_records ? true : undefined}
        />
        <span id="staff-leave_taken_before_records-hint" className="form__hint">
          {s.takenBeforeRecordsHint}
        </span>
        {errors.leave_taken_before_records && (
          <span id="staff-leave_taken_before_records-error" className="form__field-error">
            {errors.leave_taken_before_records.join(' ')}
          </span>
        )}
      </div>
    </>
  );
}
