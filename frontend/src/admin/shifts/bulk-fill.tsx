/**
 * 一括入力 of the シフト grid: weekdays (none = every day), a date range of the month and what to enter
 * for the staff selected in the grid. A work pattern leaves days off alone (the company calendar's and
 * the 休 of a member's shift) unless 休日にも入力する is ticked; the page says how many it skipped
 * (issue 29 item 18). Only the grid changes until 保存.
 */
import { useState } from 'react';
import { t } from '../../i18n';
import { OFF, weekdayOf, type Cell } from './shift-grid';
import type { ShiftPattern } from './shifts-api';

const S = t.shifts;
const WEEKDAYS = t.common.weekdays;
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

export interface BulkRequest {
  days: string[];
  value: Cell;
  includeDaysOff: boolean;
}

export function BulkFill({
  dates,
  patterns,
  onApply,
}: {
  dates: readonly string[];
  patterns: readonly ShiftPattern[];
  onApply: (request: BulkRequest) => void;
}) {
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [from, setFrom] = useState(dates[0]!);
  const [to, setTo] = useState(dates.at(-1)!);
  const [value, setValue] = useState<Cell>(patterns[0]?.id ?? OFF);
  const [includeDaysOff, setIncludeDaysOff] = useState(false);
  const apply = () =>
    onApply({
      days: dates.filter((d) => d >= from && d <= to && (!weekdays.length || weekdays.includes(weekdayOf(d)))),
      value,
      includeDaysOff,
    });
  return (
    <>
      <h2 id="shift-bulk-title" className="page-section__title">
        {S.bulkTitle}
      </h2>
      <p className="form__hint">{S.bulkHint}</p>
      <fieldset className="shift-tools__weekdays">
        <legend>{S.weekdays}</legend>
        {WEEK_ORDER.map((wd) => (
          <span key={wd} className="shift-tools__check">
            <input
              id={`shift-wd-${wd}`}
              type="checkbox"
              checked={weekdays.includes(wd)}
              onChange={(e) => setWeekdays((w) => (e.target.checked ? [...w, wd] : w.filter((x) => x !== wd)))}
            />
            <label htmlFor={`shift-wd-${wd}`}>{WEEKDAYS[wd]}</label>
          </span>
        ))}
      </fieldset>
      <div className="shift-tools__row">
        <label htmlFor="shift-from">{S.from}</label>
        <input
          id="shift-from"
          type="date"
          value={from}
          min={dates[0]}
          max={dates.at(-1)}
          onChange={(e) => setFrom(e.target.value)}
        />
        <label htmlFor="shift-to">{S.to}</label>
        <input
          id="shift-to"
          type="date"
          value={to}
          min={dates[0]}
          max={dates.at(-1)}
          onChange={(e) => setTo(e.target.value)}
        />
        <label htmlFor="shift-value">{S.value}</label>
        <select id="shift-value" value={value} onChange={(e) => setValue(e.target.value)}>
          {patterns.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          <option value={OFF}>{S.off}</option>
          <option value="">{S.clear}</option>
        </select>
        <span className="shift-tools__check">
          <input
            id="shift-include-off"
            type="checkbox"
            checked={includeDaysOff}
            onChange={(e) => setIncludeDaysOff(e.target.checked)}
            aria-describedby="shift-include-off-hint"
          />
          <label htmlFor="shift-include-off">{S.includeDaysOff}</label>
        </span>
        <button type="button" className="button button--ghost" onClick={apply}>
          {S.apply}
        </button>
      </div>
      <p id="shift-include-off-hint" className="form__hint">
        {S.includeDaysOffHint}
      </p>
    </>
  );
}
