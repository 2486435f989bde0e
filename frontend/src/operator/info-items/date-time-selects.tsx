import { t } from '../../i18n';
import { FieldError, fieldErrorId } from '../../shared/field-errors';
import { range } from '../../shared/time';
import type { DateTimeSelection } from './date-time';

/**
 * [2026]年 [4]月 [1]日 [9]時. Day choices are always 1-31 (spec §2); an impossible combination such
 * as Feb 30 is caught when the form is sent, with the spec's alert.
 */
export function DateTimeSelects({
  id,
  legend,
  years,
  value,
  onChange,
  messages,
}: {
  id: string;
  legend: string;
  years: readonly number[];
  value: DateTimeSelection;
  onChange: (next: DateTimeSelection) => void;
  /** The server's reasons about this date-time, shown under it. */
  messages?: readonly string[];
}) {
  const part = (key: keyof DateTimeSelection, label: string, options: readonly number[]) => (
    <span className="date-selects__part">
      <select id={`${id}-${key}`} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })}>
        <option value="">{t.common.choose}</option>
        {options.map((n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-${key}`}>{label}</label>
    </span>
  );
  return (
    <fieldset className="date-selects" aria-describedby={messages?.length ? fieldErrorId(id) : undefined}>
      <legend className="date-selects__legend">{legend}</legend>
      <div className="date-selects__row">
        {part('year', t.common.year, years)}
        {part('month', t.common.month, range(1, 12))}
        {part('day', t.common.day, range(1, 31))}
        {part('hour', t.operator.infoItems.hour, range(0, 23))}
      </div>
      <FieldError id={id} messages={messages} />
    </fieldset>
  );
}
