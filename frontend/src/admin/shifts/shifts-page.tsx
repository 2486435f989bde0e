/**
 * シフト (`/management/shifts`, issue 16): a month grid of staff × days. Each cell picks a work pattern
 * or 休, shown by its full name on the pattern's colour (shift-cell.tsx, with a legend); a blank cell
 * shows the default pattern faintly (the schedule it falls back to). Bulk fill (selected staff ×
 * weekdays in a date range, days off left alone unless asked: bulk-fill.tsx), copy of the previous
 * week (the company's week) or month and CSV import only change the grid (highlighted, counted) until
 * 保存, which is enabled once something changed: that is their preview. CSV export writes the grid
 * shown; CSV import reads UTF-8 (BOM or not) or Shift_JIS, checks every row first and saves nothing
 * unless all pass. Staff come a page at a time in 五十音 order, as on 勤怠集計 (by the API's cursor; one
 * department if chosen). The grid scrolls sideways with the names kept in view: about two weeks at a
 * desktop's width, a few days on a phone.
 */
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { fmt, t } from '../../i18n';
import { fromTo } from '../wording';
import type { FieldErrors } from '../../lib/api';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { PageTitle } from '../../shared/page-title';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { useTimeZone } from '../../shared/use-time-zone';
import { listOrgUnits, type OrgUnit } from '../organisation/org-api';
import { RecomputeProgress } from '../rules/rule-fields';
import type { RecomputeJob } from '../rules/rules-api';
import { BulkFill, type BulkRequest } from './bulk-fill';
import { PatternLegend, ShiftCell } from './shift-cell';
import {
  OFF,
  bulkFill,
  cellKey,
  cellOfEntry,
  decodeCsv,
  entryOf,
  gridCsv,
  monthDates,
  prevMonth,
  previousMonthSource,
  readGridCsv,
  weekdayOf,
  weeksOf,
  addDays,
  type Cell,
  type CsvImport,
} from './shift-grid';
import { getShifts, saveShifts, type ShiftMonthView } from './shifts-api';
import '../../shared/page.css';
import '../admin.css';
import './shifts.css';

const S = t.shifts;
const WEEKDAYS = t.common.weekdays;
const PAGE_SIZE = 50;
/** Entries per PUT (the API takes at most 500). */
const CHUNK = 400;

const md = (date: string) => ({ m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) });
const mdLabel = (date: string) => `${md(date).m}/${md(date).d}`;

function thisMonth(timeZone: string) {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()).split('-').map(Number);
  return { year: y!, month: m! };
}

/** The entries of a month view as cells. */
const cellsOf = (v: ShiftMonthView) => new Map(v.entries.map((e) => [cellKey(e.employee_id, e.date), cellOfEntry(e)]));

export default function ShiftsPage() {
  const timeZone = useTimeZone();
  const [ym, setYm] = useState(() => thisMonth(timeZone));
  const [department, setDepartment] = useState('');
  // Cursors of the pages before the current one ('' = the first page).
  const [cursors, setCursors] = useState<string[]>(['']);
  const cursor = cursors.at(-1)!;
  const [departments, setDepartments] = useState<OrgUnit[]>([]);
  useEffect(() => {
    void listOrgUnits('department').then((r) => r.ok && setDepartments(r.data));
  }, []);
  const query = {
    year: ym.year,
    month: ym.month,
    limit: PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
    ...(department ? { department_id: department } : {}),
  };
  const { state, reload, setData } = useLoad(() => getShifts(query), `${ym.year}-${ym.month}-${department}-${cursor}`);

  const moveMonth = (delta: number) => {
    const index = ym.year * 12 + (ym.month - 1) + delta;
    setYm({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  };

  return (
    <>
      <PageTitle title={t.pages.shifts} />
      <p className="page-hint">{S.intro}</p>
      <div className="shift-toolbar">
        <button type="button" className="button button--ghost" onClick={() => moveMonth(-1)}>
          {S.prevMonth}
        </button>
        <strong className="shift-toolbar__month" data-testid="shift-month">
          {fmt(S.month, { y: String(ym.year), m: String(ym.month) })}
        </strong>
        <button type="button" className="button button--ghost" onClick={() => moveMonth(1)}>
          {S.nextMonth}
        </button>
        <label htmlFor="shift-department">{S.department}</label>
        <select
          id="shift-department"
          value={department}
          onChange={(e) => {
            setDepartment(e.target.value);
            setCursors(['']);
          }}
        >
          <option value="">{S.allDepartments}</option>
          {departments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </div>
      <LoadView state={state} onRetry={() => void reload()}>
        {(data) => (
          <ShiftEditor
            key={`${ym.year}-${ym.month}-${department}-${cursor}`}
            data={data}
            query={query}
            onSaved={async () => {
              // Fetched again in place: the editor stays mounted, so its message and progress stay.
              const res = await getShifts(query);
              if (res.ok) setData(() => res.data);
            }}
            pager={
              <div className="shift-toolbar">
                {cursors.length > 1 && (
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => setCursors((c) => c.slice(0, -1))}
                  >
                    {S.prevPage}
                  </button>
                )}
                {data.cursor && (
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => setCursors((c) => [...c, data.cursor!])}
                  >
                    {S.nextPage}
                  </button>
                )}
              </div>
            }
          />
        )}
      </LoadView>
    </>
  );
}

function ShiftEditor({
  data,
  query,
  onSaved,
  pager,
}: {
  data: ShiftMonthView;
  query: { year: number; month: number; limit: number; cursor?: string; department_id?: string };
  onSaved: () => Promise<void>;
  pager: React.ReactNode;
}) {
  const dates = useMemo(() => monthDates(data.year, data.month), [data.year, data.month]);
  const saved = useMemo(() => cellsOf(data), [data]);
  const [draft, setDraft] = useState<Map<string, Cell>>(() => new Map());
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [entryErrors, setEntryErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<RecomputeJob | null>(null);
  const [csv, setCsv] = useState<(CsvImport & { changes: number }) | null>(null);

  const patternName = useMemo(() => new Map(data.patterns.map((p) => [p.id, p.name])), [data.patterns]);
  const employeeName = useMemo(() => new Map(data.employees.map((e) => [e.id, e.name])), [data.employees]);
  const cell = (employeeId: string, date: string): Cell => {
    const k = cellKey(employeeId, date);
    return draft.get(k) ?? saved.get(k) ?? '';
  };
  const changes = [...draft].filter(([k, v]) => (saved.get(k) ?? '') !== v);

  const setCells = (cells: Iterable<[string, Cell]>) => {
    const next = new Map(draft);
    let n = 0;
    for (const [k, v] of cells) {
      next.set(k, v);
      n++;
    }
    setDraft(next);
    return n;
  };
  const say = (message: string) => {
    setError(null);
    setEntryErrors([]);
    setNotice(message);
  };

  // ---- bulk fill ----
  // A day off of a member: by the company calendar, or a 休 in the grid (saved or not yet).
  const calendarOff = useMemo(
    () =>
      new Set(
        data.employees.flatMap((e) => e.days.filter((d) => d.calendar_day_off).map((d) => cellKey(e.id, d.date))),
      ),
    [data.employees],
  );
  const applyBulk = ({ days, value, includeDaysOff }: BulkRequest) => {
    if (!selected.size) {
      setNotice(null);
      setError(S.noSelection);
      return;
    }
    // In the grid's order, whatever order the staff were ticked in.
    const staff = data.employees.filter((e) => selected.has(e.id)).map((e) => e.id);
    const fill = bulkFill(staff, days, value, {
      includeDaysOff,
      isDayOff: (e, d) => calendarOff.has(cellKey(e, d)) || cell(e, d) === OFF,
    });
    const n = setCells(fill.cells);
    say(fmt(S.applied, { n: String(n), skipped: fill.skipped ? fmt(S.skipped, { n: String(fill.skipped) }) : '' }));
  };

  // ---- copies (the previous month's shifts of the same page of staff) ----
  const weeks = useMemo(
    () => weeksOf(data.year, data.month, data.week_starts_on),
    [data.year, data.month, data.week_starts_on],
  );
  const [week, setWeek] = useState(weeks[1]?.start ?? weeks[0]!.start);
  const previous = async (): Promise<Map<string, Cell> | null> => {
    const p = prevMonth(data.year, data.month);
    const res = await getShifts({ ...query, ...p });
    if (!res.ok) {
      setNotice(null);
      setError(failureMessage(res));
      return null;
    }
    return cellsOf(res.data);
  };
  const source = (prev: Map<string, Cell>, employeeId: string, date: string) =>
    date.slice(0, 7) === dates[0]!.slice(0, 7) ? cell(employeeId, date) : (prev.get(cellKey(employeeId, date)) ?? '');
  const copyWeek = async () => {
    const target = weeks.find((w) => w.start === week)!;
    const needsPrev = target.days.some((d) => addDays(d, -7) < dates[0]!);
    const prev = needsPrev ? await previous() : new Map<string, Cell>();
    if (!prev) return;
    const n = setCells(
      data.employees.flatMap((e) =>
        target.days.map((d) => [cellKey(e.id, d), source(prev, e.id, addDays(d, -7))] as [string, Cell]),
      ),
    );
    say(fmt(S.copied, { n: String(n) }));
  };
  const copyMonth = async () => {
    const prev = await previous();
    if (!prev) return;
    const n = setCells(
      data.employees.flatMap((e) =>
        dates.map((d) => [cellKey(e.id, d), prev.get(cellKey(e.id, previousMonthSource(d))) ?? ''] as [string, Cell]),
      ),
    );
    say(fmt(S.copied, { n: String(n) }));
  };

  // ---- save ----
  const describe = (errors: FieldErrors, batch: ReturnType<typeof entryOf>[]) =>
    Object.entries(errors).flatMap(([field, messages]) => {
      const m = /^entries\.(\d+)\./.exec(field);
      const entry = m ? batch[Number(m[1])] : undefined;
      return messages.map((message) =>
        entry
          ? fmt(S.entryError, {
              date: mdLabel(entry.date),
              name: employeeName.get(entry.employee_id) ?? entry.employee_id,
              message: message,
            })
          : message,
      );
    });
  const save = async (pending: [string, Cell][]) => {
    setNotice(null);
    setError(null);
    setEntryErrors([]);
    if (!pending.length) {
      setNotice(S.nothingToSave);
      return;
    }
    setBusy(true);
    // Oldest dates first: a closed period (always before the open ones) is refused before anything is saved.
    const entries = pending
      .map(([k, v]) => {
        const [employeeId, date] = k.split('#') as [string, string];
        return entryOf(employeeId, date, v);
      })
      .sort((a, b) => a.date.localeCompare(b.date) || a.employee_id.localeCompare(b.employee_id));
    let savedCount = 0;
    for (let i = 0; i < entries.length; i += CHUNK) {
      const batch = entries.slice(i, i + CHUNK);
      const res = await saveShifts(batch);
      if (!res.ok) {
        setBusy(false);
        setError(failureMessage(res));
        setEntryErrors(describe(res.errors ?? {}, batch));
        return;
      }
      savedCount += res.data.saved;
      if (res.data.recompute) setJob(res.data.recompute);
    }
    await onSaved();
    setBusy(false);
    setDraft(new Map());
    setCsv(null);
    setNotice(fmt(S.saved, { n: String(savedCount) }));
  };

  // ---- CSV ----
  const exportCsv = () => {
    const text = gridCsv(dates, data.employees, cell, (id) => patternName.get(id) ?? '');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `shifts-${data.year}-${String(data.month).padStart(2, '0')}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const importCsv = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
    const read = readGridCsv(text, {
      dates,
      employeeIds: new Set(data.employees.map((x) => x.id)),
      patternIdByName: new Map(data.patterns.map((p) => [p.name, p.id])),
    });
    const n = [...read.cells].filter(([k, v]) => cell(...(k.split('#') as [string, string])) !== v).length;
    setNotice(null);
    setError(null);
    setCsv({ ...read, changes: n });
  };
  const applyCsv = () => {
    if (!csv || csv.errors.length) return;
    const pending = [...draft, ...csv.cells].filter(([k, v]) => (saved.get(k) ?? '') !== v);
    const merged = new Map(pending);
    setDraft(merged);
    void save([...merged]);
  };

  const allSelected = data.employees.length > 0 && data.employees.every((e) => selected.has(e.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      {data.patterns.length === 0 && <p className="page-hint">{S.noPatterns}</p>}
      <section className="card page-section shift-tools" aria-labelledby="shift-bulk-title">
        <BulkFill dates={dates} patterns={data.patterns} onApply={applyBulk} />
        <h2 className="page-section__title">{S.copyTitle}</h2>
        <div className="shift-tools__row">
          <label htmlFor="shift-week">{S.week}</label>
          <select
            id="shift-week"
            value={week}
            onChange={(e) => setWeek(e.target.value)}
            aria-describedby="shift-week-hint"
          >
            {weeks.map((w) => (
              <option key={w.start} value={w.start}>
                {fromTo(mdLabel(w.days[0]!), mdLabel(w.days.at(-1)!))}
              </option>
            ))}
          </select>
          <button type="button" className="button button--ghost" onClick={() => void copyWeek()}>
            {S.copyWeek}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void copyMonth()}
            aria-describedby="shift-copy-month-hint"
          >
            {S.copyMonth}
          </button>
        </div>
        <p id="shift-week-hint" className="form__hint">
          {fmt(S.weekHint, { d: WEEKDAYS[data.week_starts_on] ?? '' })}
        </p>
        <p id="shift-copy-month-hint" className="form__hint">
          {S.copyMonthHint}
        </p>
      </section>

      <div className="shift-savebar">
        <span data-testid="shift-changes">{fmt(S.changes, { n: String(changes.length) })}</span>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !changes.length}
          aria-busy={busy}
          onClick={() => void save(changes)}
        >
          {S.save}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || !changes.length}
          onClick={() => {
            setDraft(new Map());
            setNotice(null);
          }}
        >
          {S.discard}
        </button>
      </div>
      <FormFeedback error={error} success={notice} />
      {entryErrors.length > 0 && (
        <ul className="shift-errors" data-testid="shift-entry-errors">
          {entryErrors.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      <RecomputeProgress job={job} />

      {data.employees.length > 0 && data.patterns.length > 0 && <PatternLegend patterns={data.patterns} />}
      {data.employees.length === 0 ? (
        <p className="page-hint">{S.noStaff}</p>
      ) : (
        <div className="table-scroll shift-grid" tabIndex={0} role="region" aria-label={S.grid}>
          <table className="data-table shift-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="shift-table__name">
                    <input
                      id="shift-select-all"
                      type="checkbox"
                      checked={allSelected}
                      onChange={(e) =>
                        setSelected(e.target.checked ? new Set(data.employees.map((x) => x.id)) : new Set())
                      }
                    />
                    <label htmlFor="shift-select-all">{S.selectAll}</label>
                  </span>
                </th>
                {dates.map((d) => {
                  const wd = weekdayOf(d);
                  return (
                    <th key={d} scope="col" className={`shift-table__day shift-table__day--${wd}`}>
                      {md(d).d}
                      <br />
                      {WEEKDAYS[wd]}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {data.employees.map((e) => (
                <tr key={e.id}>
                  <th scope="row">
                    <span className="shift-table__name">
                      <input
                        id={`shift-select-${e.id}`}
                        type="checkbox"
                        checked={selected.has(e.id)}
                        onChange={(x) => toggle(e.id, x.target.checked)}
                        aria-label={fmt(S.selectOne, { name: e.name })}
                      />
                      <span>
                        {e.name}
                        {e.department_name && <small className="shift-table__dept">{e.department_name}</small>}
                      </span>
                    </span>
                  </th>
                  {e.days.map((day) => {
                    const k = cellKey(e.id, day.date);
                    const value = cell(e.id, day.date);
                    // The default under the shift: what a blank cell falls back to.
                    const fallback = day.source === 'shift' ? null : day.pattern_name;
                    return (
                      <ShiftCell
                        key={day.date}
                        value={value}
                        patterns={data.patterns}
                        fallback={
                          fallback
                            ? fmt(S.defaultOf, { p: fallback })
                            : day.calendar_day_off
                              ? S.calendarOff
                              : S.noDefault
                        }
                        fallbackText={fallback ?? (day.calendar_day_off ? S.calendarOffShort : S.noDefault)}
                        unknownName={day.pattern_name}
                        label={fmt(S.cellLabel, { name: e.name, m: String(md(day.date).m), d: String(md(day.date).d) })}
                        changed={(saved.get(k) ?? '') !== value}
                        onChange={(v) => setCells([[k, v]])}
                      />
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pager}

      <section className="card page-section" aria-labelledby="shift-csv-title">
        <h2 id="shift-csv-title" className="page-section__title">
          {S.csvTitle}
        </h2>
        <p className="form__hint">{S.csvHint}</p>
        <div className="shift-tools__row">
          <button type="button" className="button button--ghost" onClick={exportCsv}>
            {S.csvExport}
          </button>
          <label htmlFor="shift-csv-file">{S.csvImport}</label>
          <input id="shift-csv-file" type="file" accept=".csv,text/csv" onChange={(e) => void importCsv(e)} />
        </div>
        {csv && (
          <div className="shift-csv-preview" data-testid="shift-csv-preview">
            {csv.errors.length ? (
              <>
                <p className="form-error">{S.csvErrors}</p>
                <ul className="shift-errors">
                  {csv.errors.map((m, i) => (
                    <li key={i}>{m}</li>
                  ))}
                </ul>
              </>
            ) : (
              <>
                <p>{fmt(S.csvPreview, { rows: String(csv.rows), n: String(csv.changes) })}</p>
                <button type="button" className="button button--primary" disabled={busy} onClick={applyCsv}>
                  {S.csvApply}
                </button>
              </>
            )}
            <button type="button" className="button button--ghost" onClick={() => setCsv(null)}>
              {S.csvCancel}
            </button>
          </div>
        )}
      </section>
    </>
  );
}
