/**
 * 会社カレンダー (`/management/company_calendar`, issue 15): the company calendar as versions. The form
 * saves a new version from its 適用開始日 (blank = today) — week start, 法定休日 (a weekday, or the
 * later day off of the week when the rules fix none), 所定休日 weekdays, whether public holidays are
 * days off, the 44 h week 特例 and the lists of 会社休日 and 出勤日 with add/remove; the settings in
 * force today fill it; the history lists every version, newest first. Month tables and leave filing
 * follow it. Fits a phone's width: the lists wrap their date and name.
 */
import { EffectiveFromField } from '../../shared/effective-from-field';
import { useState, type FormEvent } from 'react';
import { fmt, t } from '../../i18n';
import { jaDate } from '../../shared/paid-leave/paid-leave-api';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps, type FieldErrors } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { RecomputeProgress } from '../rules/rule-fields';
import type { RecomputeJob } from '../rules/rules-api';
import { getCompanyCalendar, saveCompanyCalendar, type CalendarVersion, type CompanyCalendar } from './calendar-api';
import '../../shared/page.css';
import '../admin.css';
import './company-calendar.css';

const C = t.admin.companyCalendar;
const WEEKDAYS = t.common.weekdays;
/** Monday first, as Japanese calendars for work are usually read; values stay 0 = Sunday. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

const dayName = (wd: number) => fmt(C.weekdayName, { d: WEEKDAYS[wd] ?? '' });

interface Row {
  key: number;
  date: string;
  name: string;
}
let nextKey = 0;
const rowsOf = (list: readonly { date: string; name: string }[]): Row[] =>
  list.map((d) => ({ key: nextKey++, date: d.date, name: d.name }));

function DateList({
  id,
  legend,
  hint,
  rows,
  onChange,
  errors,
  defaultName,
}: {
  id: string;
  legend: string;
  hint: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  errors: FieldErrors;
  defaultName: string;
}) {
  const field = id === 'calendar-off' ? 'company_days_off' : 'extra_working_days';
  const update = (key: number, change: Partial<Row>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <fieldset className="calendar-list" aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="form__hint">
        {hint}
      </p>
      <FieldError id={id} messages={errors[field]} />
      {rows.length === 0 ? (
        <p className="page-hint">{C.noDates}</p>
      ) : (
        <ul className="calendar-dates" aria-label={legend}>
          {rows.map((r, i) => {
            const dateId = `${id}-${i}-date`;
            const nameId = `${id}-${i}-name`;
            const dateErrors = errors[`${field}.${i}.date`];
            const nameErrors = errors[`${field}.${i}.name`];
            return (
              <li key={r.key} className="calendar-dates__row">
                <span className="calendar-dates__field">
                  <label htmlFor={dateId} className="visually-hidden">
                    {fmt(C.dateLabel, { list: legend, n: String(i + 1) })}
                  </label>
                  <input
                    id={dateId}
                    type="date"
                    value={r.date}
                    onChange={(e) => update(r.key, { date: e.target.value })}
                    {...invalidProps(dateId, dateErrors)}
                  />
                  <FieldError id={dateId} messages={dateErrors} />
                </span>
                <span className="calendar-dates__field">
                  <label htmlFor={nameId} className="visually-hidden">
                    {fmt(C.nameLabel, { list: legend, n: String(i + 1) })}
                  </label>
                  <input
                    id={nameId}
                    type="text"
                    value={r.name}
                    maxLength={30}
                    onChange={(e) => update(r.key, { name: e.target.value })}
                    {...invalidProps(nameId, nameErrors)}
                  />
                  <FieldError id={nameId} messages={nameErrors} />
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
                  aria-label={fmt(C.removeOf, { list: legend, n: String(i + 1) })}
                >
                  {C.remove}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="button button--ghost"
        onClick={() => onChange([...rows, { key: nextKey++, date: '', name: defaultName }])}
      >
        {fmt(C.addTo, { list: legend })}
      </button>
    </fieldset>
  );
}

function legalHolidayLabel(v: CalendarVersion['legal_holiday']) {
  return v === 'latest' ? C.legalLatest : dayName(v);
}

function CalendarForm({
  data,
  onSaved,
}: {
  data: CompanyCalendar;
  onSaved: (d: CompanyCalendar & { recompute: RecomputeJob | null }) => void;
}) {
  const s = data.settings;
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [weekStart, setWeekStart] = useState(String(s.week_starts_on));
  const [legal, setLegal] = useState(String(s.legal_holiday));
  const [weekly, setWeekly] = useState<number[]>(s.weekly_days_off);
  const [publicOff, setPublicOff] = useState(s.public_holidays_off);
  const [special44, setSpecial44] = useState(s.special_44h_week);
  const [daysOff, setDaysOff] = useState<Row[]>(() => rowsOf(s.company_days_off));
  const [extra, setExtra] = useState<Row[]>(() => rowsOf(s.extra_working_days));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [success, setSuccess] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    setSuccess(null);
    setBusy(true);
    const res = await saveCompanyCalendar({
      ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
      week_starts_on: Number(weekStart),
      legal_holiday: legal === 'latest' ? 'latest' : Number(legal),
      weekly_days_off: [...weekly].sort(),
      public_holidays_off: publicOff,
      special_44h_week: special44,
      company_days_off: daysOff.map((r) => ({ date: r.date, name: r.name })),
      extra_working_days: extra.map((r) => ({ date: r.date, name: r.name })),
    });
    setBusy(false);
    if (res.ok) {
      setSuccess(t.messages.settingCompleted);
      setEffectiveFrom('');
      onSaved(res.data);
    } else {
      setError(failureMessage(res));
      setFieldErrors(fieldErrorsOf(res));
    }
  }

  const toggle = (wd: number, on: boolean) =>
    setWeekly((w) => (on ? [...new Set([...w, wd])] : w.filter((x) => x !== wd)));

  return (
    <section className="card page-section" aria-labelledby="calendar-form-title">
      <h2 id="calendar-form-title" className="page-section__title">
        {C.formTitle}
      </h2>
      <p className="page-hint" data-testid="calendar-in-force">
        {data.in_force ? fmt(C.inForce, { from: jaDate(data.in_force.effective_from!) }) : C.none}
      </p>
      <form className="form calendar-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormFeedback error={error} success={success} />
        <EffectiveFromField
          id="calendar-from"
          label={C.effectiveFrom}
          hint={C.effectiveFromHint}
          value={effectiveFrom}
          onChange={setEffectiveFrom}
          errors={fieldErrors.effective_from}
        />
        <div className="form__field">
          <label htmlFor="calendar-week-start">{C.weekStart}</label>
          <select
            id="calendar-week-start"
            value={weekStart}
            onChange={(e) => setWeekStart(e.target.value)}
            {...invalidProps('calendar-week-start', fieldErrors.week_starts_on, 'calendar-week-start-hint')}
          >
            {[0, 1, 2, 3, 4, 5, 6].map((wd) => (
              <option key={wd} value={String(wd)}>
                {dayName(wd)}
              </option>
            ))}
          </select>
          <span id="calendar-week-start-hint" className="form__hint">
            {C.weekStartHint}
          </span>
          <FieldError id="calendar-week-start" messages={fieldErrors.week_starts_on} />
        </div>
        <div className="form__field">
          <label htmlFor="calendar-legal">{C.legalHoliday}</label>
          <select
            id="calendar-legal"
            value={legal}
            onChange={(e) => setLegal(e.target.value)}
            {...invalidProps('calendar-legal', fieldErrors.legal_holiday, 'calendar-legal-hint')}
          >
            {[0, 1, 2, 3, 4, 5, 6].map((wd) => (
              <option key={wd} value={String(wd)}>
                {dayName(wd)}
              </option>
            ))}
            <option value="latest">{C.legalLatest}</option>
          </select>
          <span id="calendar-legal-hint" className="form__hint">
            {C.legalHolidayHint}
          </span>
          <FieldError id="calendar-legal" messages={fieldErrors.legal_holiday} />
        </div>
        <div className="form__field">
          <fieldset
            className="calendar-form__weekdays"
            {...invalidProps('calendar-weekly', fieldErrors.weekly_days_off, 'calendar-weekly-hint')}
          >
            <legend>{C.weeklyDaysOff}</legend>
            {WEEK_ORDER.map((wd) => (
              <span key={wd} className="calendar-form__check">
                <input
                  id={`calendar-weekly-${wd}`}
                  type="checkbox"
                  checked={weekly.includes(wd)}
                  onChange={(e) => toggle(wd, e.target.checked)}
                />
                <label htmlFor={`calendar-weekly-${wd}`}>{dayName(wd)}</label>
              </span>
            ))}
          </fieldset>
          <span id="calendar-weekly-hint" className="form__hint">
            {C.weeklyDaysOffHint}
          </span>
          <FieldError id="calendar-weekly" messages={fieldErrors.weekly_days_off} />
        </div>
        <div className="form__field">
          <span className="calendar-form__check">
            <input
              id="calendar-public"
              type="checkbox"
              checked={publicOff}
              onChange={(e) => setPublicOff(e.target.checked)}
            />
            <label htmlFor="calendar-public">{C.publicHolidaysOff}</label>
          </span>
          <FieldError id="calendar-public" messages={fieldErrors.public_holidays_off} />
        </div>
        <div className="form__field">
          <span className="calendar-form__check">
            <input
              id="calendar-44h"
              type="checkbox"
              checked={special44}
              onChange={(e) => setSpecial44(e.target.checked)}
              aria-describedby="calendar-44h-hint"
            />
            <label htmlFor="calendar-44h">{C.special44h}</label>
          </span>
          <span id="calendar-44h-hint" className="form__hint">
            {C.special44hHint}
          </span>
          <FieldError id="calendar-44h" messages={fieldErrors.special_44h_week} />
        </div>
        <DateList
          id="calendar-off"
          legend={C.companyDaysOff}
          hint={C.companyDaysOffHint}
          rows={daysOff}
          onChange={setDaysOff}
          errors={fieldErrors}
          defaultName={C.defaultDayOffName}
        />
        <DateList
          id="calendar-extra"
          legend={C.extraWorkingDays}
          hint={C.extraWorkingDaysHint}
          rows={extra}
          onChange={setExtra}
          errors={fieldErrors}
          defaultName={C.defaultWorkingDayName}
        />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {C.save}
        </button>
      </form>
    </section>
  );
}

function History({ versions }: { versions: CalendarVersion[] }) {
  return (
    <section className="card page-section" aria-labelledby="calendar-history-title">
      <h2 id="calendar-history-title" className="page-section__title">
        {C.history}
      </h2>
      {versions.length === 0 ? (
        <p className="page-hint">{C.historyEmpty}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={C.history}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{C.colFrom}</th>
                <th scope="col">{C.colWeek}</th>
                <th scope="col">{C.colDaysOff}</th>
                <th scope="col">{C.colDates}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.effective_from}>
                  <td>{jaDate(v.effective_from!)}</td>
                  <td>
                    {fmt(C.weekFrom, { d: dayName(v.week_starts_on) })}
                    {v.special_44h_week ? `${t.admin.listSeparator}${C.special44hShort}` : ''}
                  </td>
                  <td>
                    {fmt(C.legalShort, { d: legalHolidayLabel(v.legal_holiday) })}
                    {t.admin.listSeparator}
                    {fmt(C.weeklyShort, {
                      d: v.weekly_days_off.map((wd) => WEEKDAYS[wd]).join(t.admin.listSeparator) || C.noneShort,
                    })}
                    {v.public_holidays_off ? `${t.admin.listSeparator}${C.publicShort}` : ''}
                  </td>
                  <td>
                    {fmt(C.datesShort, {
                      off: String(v.company_days_off.length),
                      extra: String(v.extra_working_days.length),
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function CompanyCalendarPage() {
  const { state, reload, setData } = useLoad(getCompanyCalendar, 'company-calendar');
  // The background recompute the last save started (再計算中 n/m, then 集計日時).
  const [job, setJob] = useState<RecomputeJob | null>(null);
  return (
    <>
      <PageTitle title={t.pages.companyCalendar} />
      <p className="page-hint">{C.intro}</p>
      <LoadView state={state} onRetry={() => void reload()}>
        {(data) => (
          <>
            <CalendarForm
              data={data}
              onSaved={(saved) => {
                // The history at once; the version in force today fetched again without unmounting the
                // form (a version may start later than today), so its message stays.
                setJob(saved.recompute);
                setData(() => ({ ...data, history: saved.history }));
                void getCompanyCalendar().then((res) => res.ok && setData(() => res.data));
              }}
            />
            <RecomputeProgress job={job} />
            <History versions={data.history} />
          </>
        )}
      </LoadView>
    </>
  );
}
