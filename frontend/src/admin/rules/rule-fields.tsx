/** Pieces shared by the working-time and break-time rule forms. */
import { EffectiveFromField as DateField } from '../../shared/effective-from-field';
import { useEffect, useState, type ReactNode } from 'react';
import { fmt, t } from '../../i18n';
import { labelled } from '../wording';
import { formatDateTime, formatLongDate, range } from '../../shared/time';
import { useTimeZone } from '../../shared/use-time-zone';
import type { OrgOptions } from '../organisation/org-api';
import { getRecomputeJob, retryRecomputeJob, type RecomputeJob, type RuleLevel, type RulePair } from './rules-api';

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
        <span className="rule-heading__label">{labelled(t.admin.rules.target)}</span>
        {heading}
      </h2>
    </>
  );
}

/** Which stored rule is in force for the chosen pair (or that none is), and since when. */
export function RuleInForce({
  level,
  loading,
  from = null,
}: {
  level: RuleLevel | null;
  loading: boolean;
  from?: string | null;
}) {
  return (
    <p className="page-hint rule-in-force" aria-live="polite">
      {labelled(t.admin.rules.inForce)}
      {loading ? t.app.loading : level ? t.admin.rules.levels[level] : t.admin.rules.notSet}
      {!loading && level && from ? fmt(t.admin.rules.inForceSince, { from: formatLongDate(from) }) : null}
    </p>
  );
}

/** 適用開始日: the version's first day (the form fills in today; the server takes blank as today). */
export function EffectiveFromField({
  id,
  value,
  onChange,
  errors,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  errors: readonly string[] | undefined;
}) {
  return (
    <DateField
      id={`${id}-from`}
      label={t.admin.rules.effectiveFrom}
      hint={t.admin.rules.effectiveFromHint}
      value={value}
      onChange={onChange}
      errors={errors}
    />
  );
}

/** 履歴: the pair's own versions, newest first. */
export function RuleHistory<V extends { effective_from: string; updated_at: string | null }>({
  versions,
  describe,
}: {
  versions: readonly V[];
  describe: (v: V) => ReactNode;
}) {
  const timeZone = useTimeZone();
  const R = t.admin.rules;
  return (
    <section className="rule-history" aria-label={R.history}>
      <h3 className="page-section__title">{R.history}</h3>
      {versions.length === 0 ? (
        <p className="page-hint">{R.historyEmpty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" aria-label={R.history}>
            <thead>
              <tr>
                <th scope="col">{R.colFrom}</th>
                <th scope="col">{R.colRule}</th>
                <th scope="col">{R.colUpdated}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.effective_from}>
                  <td>{formatLongDate(v.effective_from)}</td>
                  <td>{describe(v)}</td>
                  <td>{formatDateTime(v.updated_at, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Give up polling after this long (the worker's own limit is 15 minutes). */
const DEADLINE_MS = 15 * 60_000;

/**
 * The background recompute a save started: 再計算中 n/m while it runs, then 集計日時 (when the stored
 * figures were computed). Polls the job until it ends; nothing when there is no job. A job that failed
 * or whose worker stopped (issue 30 item 13) shows 失敗 with 再実行, which runs it again and polls anew.
 */
export function RecomputeProgress({ job }: { job: RecomputeJob | null }) {
  const timeZone = useTimeZone();
  const [current, setCurrent] = useState<RecomputeJob | null>(job);
  const [tracked, setTracked] = useState<RecomputeJob | null>(job);
  const [retryError, setRetryError] = useState<string | null>(null);
  useEffect(() => setTracked(job), [job]);
  useEffect(() => {
    setCurrent(tracked);
    if (!tracked) return;
    let cancelled = false;
    void (async () => {
      const deadline = Date.now() + DEADLINE_MS;
      for (let attempt = 0; Date.now() < deadline; attempt++) {
        await sleep(Math.min(500 + attempt * 250, 2000));
        if (cancelled) return;
        const res = await getRecomputeJob(tracked.id);
        if (cancelled) return;
        if (!res.ok) continue;
        setCurrent(res.data);
        if (res.data.status === 'done' || res.data.status === 'failed') return;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [tracked]);
  async function onRetry(id: string) {
    setRetryError(null);
    const res = await retryRecomputeJob(id);
    if (!res.ok) return setRetryError(res.message);
    setTracked(res.data);
  }
  if (!current) return null;
  const R = t.admin.rules;
  const text =
    current.status === 'done'
      ? fmt(R.recomputed, { at: formatDateTime(current.finished_at, timeZone) })
      : current.stalled
        ? R.recomputeStalled
        : current.status === 'failed'
          ? fmt(R.recomputeFailed, { n: String(current.failed) })
          : fmt(R.recomputing, { n: String(current.done), m: String(current.total ?? '-') });
  return (
    <>
      <p className="page-hint rule-recompute" role="status" data-testid="rule-recompute">
        {text}
        {current.status === 'failed' && (
          <>
            {' '}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => void onRetry(current.id)}
            >
              {R.recomputeRetry}
            </button>
          </>
        )}
      </p>
      {retryError && <p role="alert">{retryError}</p>}
    </>
  );
}
