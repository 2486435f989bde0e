/**
 * The leave form's unit (終日 / 午前半休 / 午後半休 / 時間単位) and, for 時間単位, the hours (issue 16).
 * 有給 takes every unit, 代休 a day or a half day, 振替休日 a whole day only (backend:
 * domain/paid-leave/units.ts); 時間単位 is offered only when the company's 勤務設定 allows it today (the
 * server checks the leave date's settings and the yearly cap and answers on the field).
 */
import { fmt, labelOf, t } from '../../i18n';
import { FieldError, invalidProps } from '../../shared/field-errors';
import { getOwnPaidLeave } from '../../shared/paid-leave/paid-leave-api';
import { useLoad } from '../../shared/use-load';

const UNITS_OF: Record<string, readonly string[]> = {
  '0': ['day', 'am', 'pm', 'hours'],
  '1': ['day', 'am', 'pm'],
  '2': ['day'],
};

export function LeaveUnitFields({
  leaveType,
  unit,
  hours,
  onUnit,
  onHours,
  errors,
}: {
  leaveType: string;
  unit: string;
  hours: string;
  onUnit: (unit: string) => void;
  onHours: (hours: string) => void;
  errors: { unit?: string[] | undefined; hours?: string[] | undefined };
}) {
  const { state } = useLoad(getOwnPaidLeave, 'leave-units', { alertOnGenericFailure: false });
  const own = state.status === 'ready' ? state.data : null;
  const hourly = Boolean(own?.hourly_leave.enabled);
  const units = (UNITS_OF[leaveType] ?? ['day']).filter((u) => u !== 'hours' || hourly);
  if (units.length < 2) return null;
  return (
    <>
      <div className="form__field new-request__unit">
        <label htmlFor="request-unit">{t.requests.unit}</label>
        <select
          id="request-unit"
          value={unit}
          onChange={(e) => onUnit(e.target.value)}
          {...invalidProps('request-unit', errors.unit)}
        >
          {units.map((u) => (
            <option key={u} value={u}>
              {labelOf(t.requests.units, u)}
            </option>
          ))}
        </select>
        <FieldError id="request-unit" messages={errors.unit} />
      </div>
      {unit === 'hours' && (
        <div className="form__field new-request__hours">
          <label htmlFor="request-hours">{t.requests.hours}</label>
          <span className="new-request__hours-input">
            <input
              id="request-hours"
              type="number"
              inputMode="numeric"
              min={1}
              max={23}
              step={1}
              value={hours}
              onChange={(e) => onHours(e.target.value)}
              {...invalidProps('request-hours', errors.hours, 'request-hours-hint')}
            />
            {t.requests.hoursSuffix}
          </span>
          <p id="request-hours-hint" className="form__hint">
            {t.requests.hoursHint}
            {own &&
              ` ${fmt(t.paidLeave.formHourly, { d: String(own.hourly_leave.days_per_year), h: String(own.hourly_year.used_hours) })}`}
          </p>
          <FieldError id="request-hours" messages={errors.hours} />
        </div>
      )}
    </>
  );
}
