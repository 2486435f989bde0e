/** Pieces shared by the working-time and break-time rule forms. */
import { t } from '../../i18n';
import { range } from '../../shared/time';
import type { OrgOptions } from '../organisation/org-api';
import type { RuleLevel, RulePair } from './rules-api';

export interface HourMinute {
  hour: string;
  minute: string;
}
export const EMPTY_HM: HourMinute = { hour: '', minute: '' };
export const isChosen = (v: HourMinute) => v.hour !== '' && v.minute !== '';
export const fromNumbers = (hour: number | null, minute: number | null): HourMinute => ({
  hour: hour === null ? '' : String(hour),
  minute: minute === null ? '' : String(minute),
});

/** [ 8 ]時間 [ 0 ]分 — hour and minute selects with their own labels. */
export function HourMinuteSelects({
  id,
  value,
  onChange,
  maxHour,
  label,
}: {
  id: string;
  value: HourMinute;
  onChange: (v: HourMinute) => void;
  maxHour: number;
  label: string;
}) {
  return (
    <span className="hour-minute" role="group" aria-label={label}>
      <span className="date-selects__part">
        <select id={`${id}-hour`} value={value.hour} onChange={(e) => onChange({ ...value, hour: e.target.value })}>
          <option value="">{t.common.choose}</option>
          {range(0, maxHour).map((h) => (
            <option key={h} value={String(h)}>
              {h}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-hour`}>{t.admin.rules.hours}</label>
      </span>
      <span className="date-selects__part">
        <select
          id={`${id}-minute`}
          value={value.minute}
          onChange={(e) => onChange({ ...value, minute: e.target.value })}
        >
          <option value="">{t.common.choose}</option>
          {range(0, 59).map((m) => (
            <option key={m} value={String(m)}>
              {m}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-minute`}>{t.admin.rules.minutes}</label>
      </span>
    </span>
  );
}

/** Department and employment-status selectors; the heading reads 全て while neither is chosen. */
export function RuleTarget({
  id,
  options,
  pair,
  onChange,
}: {
  id: string;
  options: OrgOptions;
  pair: RulePair;
  onChange: (pair: RulePair) => void;
}) {
  const dept = options.departments.find((d) => d.id === pair.department_id)?.name;
  const status = options.statuses.find((s) => s.id === pair.employment_status_id)?.name;
  const heading = [dept, status].filter(Boolean).join(' / ') || t.admin.rules.all;
  return (
    <>
      <div className="form__row">
        <div className="form__field">
          <label htmlFor={`${id}-department`}>{t.admin.rules.department}</label>
          <select
            id={`${id}-department`}
            value={pair.department_id ?? ''}
            onChange={(e) => onChange({ ...pair, department_id: e.target.value || null })}
          >
            <option value="">{t.admin.rules.all}</option>
            {options.departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-status`}>{t.admin.rules.employmentStatus}</label>
          <select
            id={`${id}-status`}
            value={pair.employment_status_id ?? ''}
            onChange={(e) => onChange({ ...pair, employment_status_id: e.target.value || null })}
          >
            <option value="">{t.admin.rules.all}</option>
            {options.statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <h2 className="page-section__title rule-heading" aria-live="polite">
        <span className="rule-heading__label">{t.admin.rules.target}：</span>
        {heading}
      </h2>
    </>
  );
}

/** Which stored rule is in force for the chosen pair (or that none is). */
export function RuleInForce({ level, loading }: { level: RuleLevel | null; loading: boolean }) {
  return (
    <p className="page-hint rule-in-force" aria-live="polite">
      {t.admin.rules.inForce}：{loading ? t.app.loading : level ? t.admin.rules.levels[level] : t.admin.rules.notSet}
    </p>
  );
}
