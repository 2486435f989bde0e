/**
 * 勤務パターン (`/management/work_patterns`, issue 16): the list of patterns (夜勤 shown as 22:00〜翌7:00)
 * with edit and delete, the form to create or edit one with its break windows, and the default
 * assignment (標準の勤務パターン) per 部署×雇用形態 or per employee from an 適用開始日, with the ones in
 * force today and the history. A save that changes figures shows the background recompute. Fits a
 * phone: the pattern list becomes one card per pattern (every column and 編集/削除 on screen, issue 29
 * item 23), the assignment tables scroll on their own and the break rows wrap.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { jaDate } from '../../shared/paid-leave/paid-leave-api';
import { EffectiveFromField } from '../../shared/effective-from-field';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps, TimeInput, type FieldErrors } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { loadOrgOptions } from '../organisation/org-api';
import { RecomputeProgress } from '../rules/rule-fields';
import type { RecomputeJob } from '../rules/rules-api';
import { StaffPicker, type PickedStaff } from '../staff/staff-picker';
import {
  createPattern,
  deletePattern,
  durationLabel,
  getAssignments,
  listPatterns,
  rangeLabel,
  saveAssignment,
  updatePattern,
  type AssignmentVersion,
  type Assignments,
  type WorkPattern,
} from './work-patterns-api';
import '../../shared/page.css';
import '../admin.css';
import './work-patterns.css';

const W = t.workPatterns;

interface BreakRow {
  key: number;
  start_time: string;
  end_time: string;
}
let nextKey = 0;

function PatternList({
  patterns,
  onEdit,
  onDeleted,
}: {
  patterns: WorkPattern[];
  onEdit: (p: WorkPattern) => void;
  onDeleted: () => void;
}) {
  const [message, setMessage] = useState<{ error?: string | null; success?: string | null }>({});
  async function onDelete(p: WorkPattern) {
    if (!window.confirm(fmt(W.confirmDelete, { name: p.name }))) return;
    const res = await deletePattern(p.id);
    if (res.ok) {
      setMessage({ success: W.deleted });
      onDeleted();
    } else setMessage({ error: failureMessage(res) });
  }
  return (
    <section className="card page-section" aria-labelledby="patterns-title">
      <h2 id="patterns-title" className="page-section__title">
        {W.listTitle}
      </h2>
      <FormFeedback error={message.error ?? null} success={message.success ?? null} />
      {patterns.length === 0 ? (
        <p className="page-hint">{W.empty}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={W.listTitle}>
          <table className="data-table pattern-list" data-testid="pattern-list">
            <thead>
              <tr>
                <th scope="col">{W.colName}</th>
                <th scope="col">{W.colTime}</th>
                <th scope="col">{W.colBreaks}</th>
                <th scope="col">{W.colWork}</th>
                <th scope="col">{W.colActions}</th>
              </tr>
            </thead>
            <tbody>
              {patterns.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.name}</th>
                  <td data-label={W.colTime}>{rangeLabel(p, p, true)}</td>
                  <td data-label={W.colBreaks}>
                    {p.breaks.length ? p.breaks.map((b) => rangeLabel(p, b)).join(t.admin.listComma) : W.noBreaks}
                  </td>
                  <td data-label={W.colWork}>{durationLabel(p.work_minutes)}</td>
                  <td>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => onEdit(p)}
                        aria-label={fmt(W.editOf, { name: p.name })}
                      >
                        {W.edit}
                      </button>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        onClick={() => void onDelete(p)}
                        aria-label={fmt(W.removeOf, { name: p.name })}
                      >
                        {W.remove}
                      </button>
                    </div>
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

function PatternForm({
  editing,
  notice,
  onSaved,
  onCancel,
}: {
  editing: WorkPattern | null;
  /** The last save's message (kept by the page: the form starts afresh after an edit). */
  notice: string | null;
  onSaved: (job: RecomputeJob | null, message: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(editing?.name ?? '');
  const [start, setStart] = useState(editing?.start_time ?? '09:00');
  const [end, setEnd] = useState(editing?.end_time ?? '18:00');
  const [crosses, setCrosses] = useState(editing?.crosses_midnight ?? false);
  const [breaks, setBreaks] = useState<BreakRow[]>(() =>
    (editing?.breaks ?? []).map((b) => ({ key: nextKey++, ...b })),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  // 編集 in the list: bring the form (below the list on a phone) into view with the name focused.
  useEffect(() => {
    if (editing) nameRef.current?.focus();
  }, [editing]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setErrors({});
    setBusy(true);
    const body = {
      name,
      start_time: start,
      end_time: end,
      crosses_midnight: crosses,
      breaks: breaks.map((b) => ({ start_time: b.start_time, end_time: b.end_time })),
    };
    const res = editing ? await updatePattern(editing.id, body) : await createPattern(body);
    setBusy(false);
    if (!res.ok) {
      setError(failureMessage(res));
      setErrors(fieldErrorsOf(res));
      return;
    }
    if (!editing) {
      setName('');
      setBreaks([]);
    }
    onSaved(
      'recompute' in res.data ? (res.data.recompute as RecomputeJob | null) : null,
      editing ? W.updated : W.saved,
    );
  }

  const update = (key: number, change: Partial<BreakRow>) =>
    setBreaks((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const title = editing ? fmt(W.editTitle, { name: editing.name }) : W.newTitle;

  return (
    <section className="card page-section" aria-labelledby="pattern-form-title">
      <h2 id="pattern-form-title" className="page-section__title">
        {title}
      </h2>
      <form className="form pattern-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormFeedback error={error} success={notice} />
        <div className="form__field">
          <label htmlFor="pattern-name">{W.name}</label>
          <input
            ref={nameRef}
            id="pattern-name"
            type="text"
            value={name}
            maxLength={30}
            onChange={(e) => setName(e.target.value)}
            {...invalidProps('pattern-name', errors.name)}
          />
          <FieldError id="pattern-name" messages={errors.name} />
        </div>
        <div className="pattern-form__times">
          <div className="form__field">
            <label htmlFor="pattern-start">{W.startTime}</label>
            <TimeInput id="pattern-start" value={start} onChange={setStart} messages={errors.start_time} />
          </div>
          <div className="form__field">
            <label htmlFor="pattern-end">{W.endTime}</label>
            <TimeInput id="pattern-end" value={end} onChange={setEnd} messages={errors.end_time} />
          </div>
        </div>
        <div className="form__field">
          <span className="pattern-form__check">
            <input
              id="pattern-crosses"
              type="checkbox"
              checked={crosses}
              onChange={(e) => setCrosses(e.target.checked)}
              aria-describedby="pattern-crosses-hint"
            />
            <label htmlFor="pattern-crosses">{W.crossesMidnight}</label>
          </span>
          <span id="pattern-crosses-hint" className="form__hint">
            {W.crossesHint}
          </span>
          <FieldError id="pattern-crosses" messages={errors.crosses_midnight} />
        </div>
        <fieldset className="pattern-breaks" aria-describedby="pattern-breaks-hint">
          <legend>{W.breaks}</legend>
          <p id="pattern-breaks-hint" className="form__hint">
            {W.breaksHint}
          </p>
          <FieldError id="pattern-breaks" messages={errors.breaks} />
          <ul className="pattern-breaks__list">
            {breaks.map((b, i) => {
              const n = String(i + 1);
              const startId = `pattern-break-${i}-start`;
              const endId = `pattern-break-${i}-end`;
              const startErrors = errors[`breaks.${i}.start_time`];
              const endErrors = errors[`breaks.${i}.end_time`];
              return (
                <li key={b.key} className="pattern-breaks__row">
                  <span className="form__field">
                    <label htmlFor={startId}>{fmt(W.breakStart, { n: n })}</label>
                    <TimeInput
                      id={startId}
                      value={b.start_time}
                      onChange={(v) => update(b.key, { start_time: v })}
                      messages={startErrors}
                    />
                  </span>
                  <span className="form__field">
                    <label htmlFor={endId}>{fmt(W.breakEnd, { n: n })}</label>
                    <TimeInput
                      id={endId}
                      value={b.end_time}
                      onChange={(v) => update(b.key, { end_time: v })}
                      messages={endErrors}
                    />
                  </span>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setBreaks((rows) => rows.filter((r) => r.key !== b.key))}
                  >
                    {fmt(W.breakRemove, { n: n })}
                  </button>
                </li>
              );
            })}
          </ul>
          {breaks.length < 4 && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setBreaks((rows) => [...rows, { key: nextKey++, start_time: '12:00', end_time: '13:00' }])}
            >
              {W.addBreak}
            </button>
          )}
        </fieldset>
        <div className="pattern-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {editing ? W.update : W.save}
          </button>
          {editing && (
            <button type="button" className="button button--ghost" onClick={onCancel}>
              {W.cancel}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

type Names = { departments: Map<string, string>; statuses: Map<string, string> };

function targetLabel(a: AssignmentVersion, names: Names) {
  if (a.scope === 'employee') return `${W.employee}: ${a.employee_name ?? a.employee_id}`;
  if (!a.department_id && !a.employment_status_id) return W.wholeCompany;
  const dept = a.department_id ? (names.departments.get(a.department_id) ?? a.department_id) : W.all;
  const status = a.employment_status_id
    ? (names.statuses.get(a.employment_status_id) ?? a.employment_status_id)
    : W.all;
  return `${W.department}: ${dept} × ${W.status}: ${status}`;
}

function patternLabel(a: AssignmentVersion, live: readonly WorkPattern[]) {
  if (!a.pattern_id) return W.noPattern;
  const name = a.pattern_name ?? a.pattern_id;
  return live.some((p) => p.id === a.pattern_id) ? name : fmt(W.deletedPattern, { name: name });
}

function AssignmentTable({
  id,
  title,
  empty,
  rows,
  names,
  patterns,
}: {
  id: string;
  title: string;
  empty: string;
  rows: AssignmentVersion[];
  names: Names;
  patterns: WorkPattern[];
}) {
  return (
    <>
      <h3 id={id} className="page-section__title">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="page-hint">{empty}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={id}>
          <table className="data-table" data-testid={id}>
            <thead>
              <tr>
                <th scope="col">{W.colTarget}</th>
                <th scope="col">{W.colPattern}</th>
                <th scope="col">{W.colFrom}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr
                  key={`${a.scope}-${a.department_id}-${a.employment_status_id}-${a.employee_id}-${a.effective_from}`}
                >
                  <td>{targetLabel(a, names)}</td>
                  <td>{patternLabel(a, patterns)}</td>
                  <td>{jaDate(a.effective_from)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** The assignments (which name their members) and the org units; the member is searched for (StaffPicker). */
async function loadAssignmentData() {
  const [assignments, org] = await Promise.all([getAssignments(), loadOrgOptions()]);
  if (!assignments.ok) return assignments;
  if (!org.ok) return org;
  return { ...assignments, data: { assignments: assignments.data, ...org.data } };
}

function AssignmentSection({ reloadKey, onJob }: { reloadKey: number; onJob: (job: RecomputeJob | null) => void }) {
  const { state, reload, setData } = useLoad(loadAssignmentData, `assignments-${reloadKey}`);
  const [scope, setScope] = useState<'group' | 'employee'>('group');
  const [department, setDepartment] = useState('');
  const [status, setStatus] = useState('');
  const [employee, setEmployee] = useState<PickedStaff | null>(null);
  const [pattern, setPattern] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  return (
    <section className="card page-section" aria-labelledby="assign-title">
      <h2 id="assign-title" className="page-section__title">
        {W.assignTitle}
      </h2>
      <p className="page-hint">{W.assignIntro}</p>
      <LoadView state={state} onRetry={() => void reload()}>
        {(data) => {
          const names: Names = {
            departments: new Map(data.departments.map((d) => [d.id, d.name])),
            statuses: new Map(data.statuses.map((s) => [s.id, s.name])),
          };
          const patterns = data.assignments.patterns;
          async function onSubmit(e: FormEvent) {
            e.preventDefault();
            setError(null);
            setSuccess(null);
            setErrors({});
            setBusy(true);
            const res = await saveAssignment({
              scope,
              ...(scope === 'group'
                ? { department_id: department || null, employment_status_id: status || null }
                : { employee_id: employee?.id ?? null }),
              pattern_id: pattern || null,
              ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
            });
            setBusy(false);
            if (!res.ok) {
              setError(failureMessage(res));
              setErrors(fieldErrorsOf(res));
              return;
            }
            setSuccess(W.assigned);
            setEffectiveFrom('');
            onJob(res.data.recompute);
            // The answer is as of the version's first day; the tables show today's.
            const today = await getAssignments();
            const fresh: Assignments = today.ok ? today.data : res.data;
            setData((d) => ({ ...d, assignments: fresh }));
          }
          return (
            <>
              <form className="form assign-form" onSubmit={(e) => void onSubmit(e)} noValidate>
                <FormFeedback error={error} success={success} />
                <div className="form__field">
                  <label htmlFor="assign-scope">{W.scope}</label>
                  <select
                    id="assign-scope"
                    value={scope}
                    onChange={(e) => setScope(e.target.value as 'group' | 'employee')}
                  >
                    <option value="group">{W.scopeGroup}</option>
                    <option value="employee">{W.scopeEmployee}</option>
                  </select>
                </div>
                {scope === 'group' ? (
                  <div className="pattern-form__times">
                    <div className="form__field">
                      <label htmlFor="assign-department">{W.department}</label>
                      <select
                        id="assign-department"
                        value={department}
                        onChange={(e) => setDepartment(e.target.value)}
                        {...invalidProps('assign-department', errors.department_id)}
                      >
                        <option value="">{W.all}</option>
                        {data.departments.map((d) => (
                          <option key={d.id} value={d.id}>
                            {d.name}
                          </option>
                        ))}
                      </select>
                      <FieldError id="assign-department" messages={errors.department_id} />
                    </div>
                    <div className="form__field">
                      <label htmlFor="assign-status">{W.status}</label>
                      <select
                        id="assign-status"
                        value={status}
                        onChange={(e) => setStatus(e.target.value)}
                        {...invalidProps('assign-status', errors.employment_status_id)}
                      >
                        <option value="">{W.all}</option>
                        {data.statuses.map((s) => (
                          <option key={s.id} value={s.id}>
                            {s.name}
                          </option>
                        ))}
                      </select>
                      <FieldError id="assign-status" messages={errors.employment_status_id} />
                    </div>
                  </div>
                ) : (
                  <div className="form__field">
                    <label htmlFor="assign-employee">{W.employee}</label>
                    <StaffPicker
                      id="assign-employee"
                      label={W.employee}
                      value={employee}
                      onChange={setEmployee}
                      errors={errors.employee_id}
                    />
                    <FieldError id="assign-employee" messages={errors.employee_id} />
                  </div>
                )}
                <div className="form__field">
                  <label htmlFor="assign-pattern">{W.pattern}</label>
                  <select
                    id="assign-pattern"
                    value={pattern}
                    onChange={(e) => setPattern(e.target.value)}
                    {...invalidProps('assign-pattern', errors.pattern_id)}
                  >
                    <option value="">{W.noPattern}</option>
                    {patterns.map((p) => (
                      <option key={p.id} value={p.id}>
                        {`${p.name}${paren(rangeLabel(p, p, true))}`}
                      </option>
                    ))}
                  </select>
                  <FieldError id="assign-pattern" messages={errors.pattern_id} />
                </div>
                <EffectiveFromField
                  id="assign-from"
                  label={W.effectiveFrom}
                  hint={W.effectiveFromHint}
                  value={effectiveFrom}
                  onChange={setEffectiveFrom}
                  errors={errors.effective_from}
                />
                <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
                  {W.assign}
                </button>
              </form>
              <AssignmentTable
                id="assign-in-force"
                title={W.inForceTitle}
                empty={W.inForceEmpty}
                rows={data.assignments.in_force}
                names={names}
                patterns={patterns}
              />
              <AssignmentTable
                id="assign-history"
                title={W.historyTitle}
                empty={W.historyEmpty}
                rows={data.assignments.history}
                names={names}
                patterns={patterns}
              />
            </>
          );
        }}
      </LoadView>
    </section>
  );
}

export default function WorkPatternsPage() {
  const { state, reload } = useLoad(listPatterns, 'work-patterns');
  const [editing, setEditing] = useState<WorkPattern | null>(null);
  const [job, setJob] = useState<RecomputeJob | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Bumped after a pattern save or delete so the assignment form lists the patterns as they are now.
  const [generation, setGeneration] = useState(0);
  const changed = () => {
    setGeneration((g) => g + 1);
    void reload();
  };
  return (
    <>
      <PageTitle title={W.title} />
      <p className="page-hint">{W.intro}</p>
      <LoadView state={state} onRetry={() => void reload()}>
        {(patterns) => (
          <PatternList
            patterns={patterns}
            onEdit={(p) => {
              setNotice(null);
              setEditing(p);
            }}
            onDeleted={() => {
              setEditing(null);
              changed();
            }}
          />
        )}
      </LoadView>
      <PatternForm
        key={editing?.id ?? 'new'}
        editing={editing}
        notice={notice}
        onSaved={(recompute, message) => {
          setNotice(message);
          if (recompute) setJob(recompute);
          setEditing(null);
          changed();
        }}
        onCancel={() => setEditing(null)}
      />
      <RecomputeProgress job={job} />
      <AssignmentSection reloadKey={generation} onJob={(j) => j && setJob(j)} />
    </>
  );
}
