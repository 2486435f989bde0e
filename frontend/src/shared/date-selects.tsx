import { t } from '../i18n';
import { FieldError, fieldErrorId } from './field-errors';
import { daysInMonth, range } from './time';
import './page.css';

export interface DateSelection {
  year: string;
  month: string;
  day: string;
}

export const EMPTY_DATE: DateSelection = { year: '', month: '', day: '' };

/** `YYYY-MM-DD` once every part the form needs is chosen, else null. */
export function selectedDate(v: DateSelection): string | null {
  if (!v.year || !v.month || !v.day) return null;
  return `${v.year}-${v.month.padStart(2, '0')}-${v.day.padStart(2, '0')}`;
}

interface DateSelectsProps {
  /** Unique per page; prefixes the select ids. */
  id: string;
  legend: string;
  years: readonly number[];
  value: DateSelection;
  onChange: (next: DateSelection) => void;
  /** Year and month only (monthly views). */
  withDay?: boolean;
  disabled?: boolean;
  /** The server's reasons about this date, shown under it. */
  messages?: readonly string[];
}

/**
 * Year / month (/ day) selects in Japanese order: [2026]年 [4]月 [1]日. Days stop at the chosen
 * month's last day; a day that no longer exists after changing month is cleared, not kept invalid.
 */
export function DateSelects({
  id,
  legend,
  years,
  value,
  onChange,
  withDay = true,
  disabled,
  messages,
}: DateSelectsProps) {
  const lastDay = value.year && value.month ? daysInMonth(Number(value.year), Number(value.month)) : 31;

  function update(part: keyof DateSelection, v: string) {
    const next = { ...value, [part]: v };
    if (next.day && next.year && next.month && Number(next.day) > daysInMonth(Number(next.year), Number(next.month)))
      next.day = '';
    onChange(next);
  }

  const select = (part: keyof DateSelection, label: string, options: readonly number[]) => (
    <span className="date-selects__part">
      <select
        id={`${id}-${part}`}
        value={value[part]}
        onChange={(e) => update(part, e.target.value)}
        disabled={disabled}
      >
        <option value="">{t.common.choose}</option>
        {options.map((n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-${part}`}>{label}</label>
    </span>
  );

  return (
    <fieldset className="date-selects" aria-describedby={messages?.length ? fieldErrorId(id) : undefined}>
      <legend className="date-selects__legend">{legend}</legend>
      <div className="date-selects__row">
        {select('year', t.common.year, years)}
        {select('month', t.common.month, range(1, 12))}
        {withDay && select('day', t.common.day, range(1, lastDay))}
      </div>
      <FieldError id={id} messages={messages} />
    </fieldset>
  );
}
