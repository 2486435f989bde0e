/**
 * 労働時間制度 (`/management/working_time_systems`, issue 17): the versions of the working-time
 * system (全社, per 雇用形態, per 従業員) in one table with delete, and the form of one version whose
 * fields follow the chosen system: 起算日 and 期間の月数 for 変形 and flex, 特例44時間 where the law
 * allows it, コアタイム / フレキシブルタイム / 標準となる1日の労働時間 / 完全週休2日 for flex, 特定期間
 * for 1年単位. The server's field errors stay next to their fields; a save or delete shows the
 * background recompute. Fits a phone: the fields wrap and the table scrolls on its own.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { WorkSystemKind } from '../../../../functions/domain/worktime/system';
import { fmt, t } from '../../i18n';
import { jaDate } from '../../shared/paid-leave/paid-leave-api';
import { EffectiveFromField } from '../../shared/effective-from-field';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, fieldErrorsOf, invalidProps, type FieldErrors } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { failureMessage } from '../../shared/submit-failure';
import { useLoad } from '../../shared/use-load';
import { listOrgUnits, type OrgUnit } from '../organisation/org-api';
import { RecomputeProgress } from '../rules/rule-fields';
import type { RecomputeJob } from '../rules/rules-api';
import { StaffPicker, type PickedStaff } from '../staff/staff-picker';
import { durationLabel } from '../work-patterns/work-patterns-api';
import {
  checkWorkSystem,
  deleteWorkSystem,
  listWorkSystems,
  saveWorkSystem,
  type WorkSystemBody,
  type WorkSystemCheck,
  type WorkSystemVersion,
} from './work-systems-api';
import '../../shared/page.css';
import '../admin.css';
import '../work-patterns/work-patterns.css';

const W = t.workSystems;

const clock = (hhmm: string) => `${Number(hhmm.slice(0, 2))}:${hhmm.slice(3)}`;

/** The systems in the order the form offers them (functions/domain/worktime/system.ts WORK_SYSTEMS). */
const SYSTEMS = Object.keys(W.systems) as WorkSystemKind[];
const WITH_PERIOD: readonly WorkSystemKind[] = ['monthly_variable', 'yearly_variable', 'weekly_variable', 'flex'];

/** The versions (which name their members) and the statuses; a member is searched for (StaffPicker). */
async function loadData() {
  const [versions, statuses] = await Promise.all([listWorkSystems(), listOrgUnits('employmentStatus')]);
  if (!versions.ok) return versions;
  if (!statuses.ok) return statuses;
  return { ...versions, data: { versions: versions.data, statuses: statuses.data } };
}
type Data = { versions: WorkSystemVersion[]; statuses: OrgUnit[] };

function targetLabel(v: WorkSystemVersion, data: Data) {
  if (v.scope === 'employee') return v.employee_name ?? W.unknownTarget;
  if (!v.employment_status_id) return W.companyWide;
  return data.statuses.find((s) => s.id === v.employment_status_id)?.name ?? W.unknownTarget;
}

function detailLabel(v: WorkSystemVersion) {
  const parts: string[] = [];
  if (v.period_start)
    parts.push(
      fmt(W.detailPeriod, {
        start: jaDate(v.period_start),
        months: v.period_months ? fmt(W.monthsUnit, { n: String(v.period_months) }) : W.oneWeek,
      }),
    );
  if (v.special_44) parts.push(W.detailSpecial44);
  if (v.core_start && v.core_end) parts.push(fmt(W.detailCore, { from: clock(v.core_start), to: clock(v.core_end) }));
  if (v.flexible_start && v.flexible_end)
    parts.push(fmt(W.detailFlexible, { from: clock(v.flexible_start), to: clock(v.flexible_end) }));
  if (v.standard_daily_minutes !== null)
    parts.push(
      fmt(W.detailStandard, {
        h: String(Math.floor(v.standard_daily_minutes / 60)),
        m: String(v.standard_daily_minutes % 60).padStart(2, '0'),
      }),
    );
  if (v.full_two_days_off) parts.push(W.detailTwoDays);
  if (v.special_period_from && v.special_period_to)
    parts.push(fmt(W.detailSpecialPeriod, { from: jaDate(v.special_period_from), to: jaDate(v.special_period_to) }));
  return parts.join(t.admin.listComma) || '―';
}

function Field({
  id,
  label,
  errors,
  hint,
  children,
}: {
  id: string;
  label: string;
  errors: readonly string[] | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="form__hint">
          {hint}
        </span>
      )}
      <FieldError id={id} messages={errors} />
    </div>
  );
}

function SystemForm({ data, onSaved }: { data: Data; onSaved: (job: RecomputeJob | null) => void }) {
  const [scope, setScope] = useState<'status' | 'employee'>('status');
  const [status, setStatus] = useState('-');
  const [employee, setEmployee] = useState<PickedStaff | null>(null);
  const [system, setSystem] = useState<WorkSystemKind>('standard');
  const [periodStart, setPeriodStart] = useState('');
  const [months, setMonths] = useState('1');
  const [special44, setSpecial44] = useState(false);
  const [coreStart, setCoreStart] = useState('');
  const [coreEnd, setCoreEnd] = useState('');
  const [flexibleStart, setFlexibleStart] = useState('');
  const [flexibleEnd, setFlexibleEnd] = useState('');
  const [standardDaily, setStandardDaily] = useState('480');
  const [twoDaysOff, setTwoDaysOff] = useState(false);
  const [spFrom, setSpFrom] = useState('');
  const [spTo, setSpTo] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const hasPeriod = WITH_PERIOD.includes(system);
  const monthChoices = system === 'yearly_variable' ? [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : [1, 2, 3];
  const flex = system === 'flex';
  const allows44 = system === 'standard' || system === 'monthly_variable' || (flex && months === '1');

  function chooseSystem(next: WorkSystemKind) {
    setSystem(next);
    setMonths(next === 'yearly_variable' ? '12' : '1');
    setErrors({});
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    setErrors({});
    setBusy(true);
    const toInt = (v: string) => (/^[0-9]+$/.test(v.trim()) ? Number(v.trim()) : v);
    const body = {
      scope,
      ...(scope === 'status' ? { employment_status_id: status } : { employee_id: employee?.id ?? null }),
      system,
      ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
      ...(hasPeriod ? { period_start: periodStart || null } : {}),
      ...(system === 'yearly_variable' || flex ? { period_months: Number(months) } : {}),
      ...(allows44 ? { special_44: special44 } : {}),
      ...(flex
        ? {
            core_start: coreStart || null,
            core_end: coreEnd || null,
            flexible_start: flexibleStart || null,
            flexible_end: flexibleEnd || null,
            standard_daily_minutes: toInt(standardDaily),
            full_two_days_off: twoDaysOff,
          }
        : {}),
      ...(system === 'yearly_variable' ? { special_period_from: spFrom || null, special_period_to: spTo || null } : {}),
    } as WorkSystemBody;
    const res = await saveWorkSystem(body);
    setBusy(false);
    if (!res.ok) {
      setError(failureMessage(res));
      setErrors(fieldErrorsOf(res));
      return;
    }
    setSuccess(W.saved);
    setEffectiveFrom('');
    onSaved(res.data.recompute);
  }

  const time = (id: string, label: string, value: string, set: (v: string) => void, field: string) => (
    <Field id={id} label={label} errors={errors[field]}>
      <input
        id={id}
        type="time"
        value={value}
        onChange={(e) => set(e.target.value)}
        {...invalidProps(id, errors[field])}
      />
    </Field>
  );

  return (
    <section className="card page-section" aria-labelledby="system-form-title">
      <h2 id="system-form-title" className="page-section__title">
        {W.formTitle}
      </h2>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormFeedback error={error} success={success} />
        <div className="pattern-form__times">
          <Field id="system-scope" label={W.scope} errors={errors.scope}>
            <select
              id="system-scope"
              value={scope}
              onChange={(e) => setScope(e.target.value as 'status' | 'employee')}
              {...invalidProps('system-scope', errors.scope)}
            >
              <option value="status">{W.scopeStatus}</option>
              <option value="employee">{W.scopeEmployee}</option>
            </select>
          </Field>
          {scope === 'status' ? (
            <Field id="system-status" label={W.status} errors={errors.employment_status_id}>
              <select
                id="system-status"
                value={status}
                onChange={(e) => setStatus(e.target.value)}
                {...invalidProps('system-status', errors.employment_status_id)}
              >
                <option value="-">{W.companyWide}</option>
                {data.statuses.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <Field id="system-employee" label={W.employee} errors={errors.employee_id}>
              <StaffPicker
                id="system-employee"
                label={W.employee}
                value={employee}
                onChange={setEmployee}
                errors={errors.employee_id}
              />
            </Field>
          )}
        </div>
        <Field id="system-kind" label={W.system} errors={errors.system}>
          <select
            id="system-kind"
            value={system}
            onChange={(e) => chooseSystem(e.target.value as WorkSystemKind)}
            {...invalidProps('system-kind', errors.system)}
          >
            {SYSTEMS.map((k) => (
              <option key={k} value={k}>
                {W.systems[k]}
              </option>
            ))}
          </select>
        </Field>
        {hasPeriod && (
          <div className="pattern-form__times">
            <Field id="system-period-start" label={W.periodStart} errors={errors.period_start} hint={W.periodStartHint}>
              <input
                id="system-period-start"
                type="date"
                value={periodStart}
                onChange={(e) => setPeriodStart(e.target.value)}
                {...invalidProps('system-period-start', errors.period_start, 'system-period-start-hint')}
              />
            </Field>
            {(system === 'yearly_variable' || flex) && (
              <Field
                id="system-months"
                label={W.periodMonths}
                errors={errors.period_months}
                hint={flex ? W.periodMonthsFlexHint : W.periodMonthsYearlyHint}
              >
                <select
                  id="system-months"
                  value={months}
                  onChange={(e) => setMonths(e.target.value)}
                  {...invalidProps('system-months', errors.period_months, 'system-months-hint')}
                >
                  {monthChoices.map((n) => (
                    <option key={n} value={String(n)}>
                      {fmt(W.monthsUnit, { n: String(n) })}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          </div>
        )}
        {allows44 && (
          <div className="form__field">
            <span className="pattern-form__check">
              <input
                id="system-special44"
                type="checkbox"
                checked={special44}
                onChange={(e) => setSpecial44(e.target.checked)}
                {...invalidProps('system-special44', errors.special_44, 'system-special44-hint')}
              />
              <label htmlFor="system-special44">{W.special44}</label>
            </span>
            <span id="system-special44-hint" className="form__hint">
              {W.special44Hint}
            </span>
            <FieldError id="system-special44" messages={errors.special_44} />
          </div>
        )}
        {flex && (
          <>
            <div className="pattern-form__times">
              {time('system-core-start', W.coreStart, coreStart, setCoreStart, 'core_start')}
              {time('system-core-end', W.coreEnd, coreEnd, setCoreEnd, 'core_end')}
            </div>
            <p className="form__hint">{W.coreHint}</p>
            <div className="pattern-form__times">
              {time('system-flexible-start', W.flexibleStart, flexibleStart, setFlexibleStart, 'flexible_start')}
              {time('system-flexible-end', W.flexibleEnd, flexibleEnd, setFlexibleEnd, 'flexible_end')}
            </div>
            <Field
              id="system-standard"
              label={W.standardDaily}
              errors={errors.standard_daily_minutes}
              hint={W.standardDailyHint}
            >
              <input
                id="system-standard"
                type="number"
                inputMode="numeric"
                min={1}
                max={1440}
                value={standardDaily}
                onChange={(e) => setStandardDaily(e.target.value)}
                {...invalidProps('system-standard', errors.standard_daily_minutes, 'system-standard-hint')}
              />
            </Field>
            <div className="form__field">
              <span className="pattern-form__check">
                <input
                  id="system-two-days"
                  type="checkbox"
                  checked={twoDaysOff}
                  onChange={(e) => setTwoDaysOff(e.target.checked)}
                  {...invalidProps('system-two-days', errors.full_two_days_off)}
                />
                <label htmlFor="system-two-days">{W.fullTwoDaysOff}</label>
              </span>
              <FieldError id="system-two-days" messages={errors.full_two_days_off} />
            </div>
          </>
        )}
        {system === 'yearly_variable' && (
          <>
            <div className="pattern-form__times">
              <Field id="system-sp-from" label={W.specialPeriodFrom} errors={errors.special_period_from}>
                <input
                  id="system-sp-from"
                  type="date"
                  value={spFrom}
                  onChange={(e) => setSpFrom(e.target.value)}
                  {...invalidProps('system-sp-from', errors.special_period_from)}
                />
              </Field>
              <Field id="system-sp-to" label={W.specialPeriodTo} errors={errors.special_period_to}>
                <input
                  id="system-sp-to"
                  type="date"
                  value={spTo}
                  onChange={(e) => setSpTo(e.target.value)}
                  {...invalidProps('system-sp-to', errors.special_period_to)}
                />
              </Field>
            </div>
            <p className="form__hint">{W.specialPeriodHint}</p>
          </>
        )}
        <EffectiveFromField
          id="system-from"
          label={W.effectiveFrom}
          hint={W.effectiveFromHint}
          value={effectiveFrom}
          onChange={setEffectiveFrom}
          errors={errors.effective_from}
        />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {W.save}
        </button>
      </form>
    </section>
  );
}

function VersionTable({ data, onDeleted }: { data: Data; onDeleted: (job: RecomputeJob | null) => void }) {
  const [message, setMessage] = useState<{ error?: string | null; success?: string | null }>({});
  async function remove(v: WorkSystemVersion) {
    if (!window.confirm(W.confirmDelete)) return;
    setMessage({});
    const res = await deleteWorkSystem(v);
    if (!res.ok) {
      setMessage({ error: failureMessage(res) });
      return;
    }
    setMessage({ success: W.deleted });
    onDeleted(res.data.recompute);
  }
  return (
    <section className="card page-section" aria-labelledby="system-list-title">
      <h2 id="system-list-title" className="page-section__title">
        {W.listTitle}
      </h2>
      <FormFeedback error={message.error ?? null} success={message.success ?? null} />
      {data.versions.length === 0 ? (
        <p className="page-hint">{W.empty}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="system-list-title">
          <table className="data-table" data-testid="system-list">
            <thead>
              <tr>
                <th scope="col">{W.colTarget}</th>
                <th scope="col">{W.colSystem}</th>
                <th scope="col">{W.colDetail}</th>
                <th scope="col">{W.colFrom}</th>
                <th scope="col">{W.colActions}</th>
              </tr>
            </thead>
            <tbody>
              {data.versions.map((v) => {
                const target = targetLabel(v, data);
                return (
                  <tr key={`${v.scope}-${v.employment_status_id}-${v.employee_id}-${v.effective_from}`}>
                    <td>{target}</td>
                    <td>{v.system_label}</td>
                    <td>{detailLabel(v)}</td>
                    <td>{jaDate(v.effective_from)}</td>
                    <td>
                      <button
                        type="button"
                        className="button"
                        aria-label={fmt(W.deleteLabel, { target, from: jaDate(v.effective_from) })}
                        onClick={() => void remove(v)}
                      >
                        {W.delete}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** 変形期間の所定労働時間のチェック: one employee and date, the period's plan checked by the server. */
function PlanCheck() {
  const [employee, setEmployee] = useState<PickedStaff | null>(null);
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<WorkSystemCheck | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setResult(null);
    const missing: FieldErrors = {};
    if (!employee) missing.employee_id = [W.checkEmployeeRequired];
    if (!date) missing.date = [W.checkDateRequired];
    setErrors(missing);
    if (!employee || Object.keys(missing).length) return;
    setBusy(true);
    const res = await checkWorkSystem(employee.id, date);
    setBusy(false);
    if (!res.ok) {
      setError(failureMessage(res));
      setErrors(fieldErrorsOf(res));
      return;
    }
    setResult(res.data);
  }

  const summary = (r: WorkSystemCheck) =>
    !r.checked
      ? fmt(W.checkNotVariable, { date: jaDate(r.date), label: r.system.label })
      : fmt(r.violations.length ? W.checkFound : W.checkOk, {
          label: r.system.label,
          from: jaDate(r.system.period_from!),
          to: jaDate(r.system.period_to!),
          total: durationLabel(r.scheduled_minutes ?? 0),
          n: String(r.violations.length),
        });

  return (
    <section className="card page-section" aria-labelledby="system-check-title">
      <h2 id="system-check-title" className="page-section__title">
        {W.checkTitle}
      </h2>
      <p className="page-hint">{W.checkIntro}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormFeedback error={error} success={null} />
        <div className="pattern-form__times">
          <Field id="check-employee" label={W.employee} errors={errors.employee_id}>
            <StaffPicker
              id="check-employee"
              label={W.employee}
              value={employee}
              onChange={setEmployee}
              errors={errors.employee_id}
            />
          </Field>
          <Field id="check-date" label={W.checkDate} errors={errors.date}>
            <input
              id="check-date"
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              {...invalidProps('check-date', errors.date)}
            />
          </Field>
        </div>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {W.check}
        </button>
      </form>
      {result && (
        <div data-testid="system-check" role="status">
          <p>{summary(result)}</p>
          {result.violations.length > 0 && (
            <ul>
              {result.violations.map((v, i) => (
                <li key={`${v.code}-${i}`}>{v.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

export default function WorkSystemsPage() {
  const { state, reload, setData } = useLoad(loadData, 'working-time-systems');
  const [job, setJob] = useState<RecomputeJob | null>(null);
  const refresh = (recompute: RecomputeJob | null) => {
    setJob(recompute);
    // The versions fetched again without unmounting the form, so its message stays.
    void listWorkSystems().then((res) => res.ok && setData((d) => ({ ...d, versions: res.data })));
  };
  return (
    <>
      <PageTitle title={W.title} />
      <p className="page-hint">{W.intro}</p>
      <LoadView state={state} onRetry={() => void reload()}>
        {(data) => (
          <>
            <SystemForm data={data} onSaved={refresh} />
            <RecomputeProgress job={job} />
            <VersionTable data={data} onDeleted={refresh} />
            <PlanCheck />
          </>
        )}
      </LoadView>
    </>
  );
}
