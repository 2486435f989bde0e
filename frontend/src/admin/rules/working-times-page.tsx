/**
 * 勤務時間設定 (`/management/working_times`). Spec §5: save needs the fixed and overtime pairs and a
 * department or status; the monthly deemed-overtime pair is optional. Messages reset on each save.
 * Each save is a version from its 適用開始日 (today unless changed); the pair's 履歴 lists them, and
 * the stored figures are recomputed in the background (再計算中 n/m, then 集計日時).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { fmt, t } from '../../i18n';
import { paren } from '../wording';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, fieldErrorId, fieldErrorsOf, messagesFor, type FieldErrors } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { formatMinutes } from '../../shared/time';
import { isGenericFailure, useLoad } from '../../shared/use-load';
import { loadOrgOptions, type OrgOptions } from '../organisation/org-api';
import {
  EffectiveFromField,
  EMPTY_HM,
  fromNumbers,
  HourMinuteSelects,
  isChosen,
  RecomputeProgress,
  RuleHistory,
  RuleInForce,
  RuleTarget,
  type HourMinute,
} from './rule-fields';
import {
  getWorkingRule,
  saveWorkingRule,
  type RecomputeJob,
  type RuleLevel,
  type RulePair,
  type RuleVersion,
  type WorkingRule,
} from './rules-api';
import '../../shared/page.css';
import '../admin.css';

interface Fields {
  fixed: HourMinute;
  over: HourMinute;
  unpaid: HourMinute;
}
const EMPTY: Fields = { fixed: EMPTY_HM, over: EMPTY_HM, unpaid: EMPTY_HM };
const fromRule = (r: WorkingRule | null): Fields =>
  r
    ? {
        fixed: fromNumbers(r.fixed_hour, r.fixed_minute),
        over: fromNumbers(r.over_hour, r.over_minute),
        unpaid: fromNumbers(r.unpaid_hour, r.unpaid_minute),
      }
    : EMPTY;

const hm = (h: number | null, m: number | null) => (h === null || m === null ? null : formatMinutes(h * 60 + m));
/** 所定 8:00／残業判定 8:00／固定残業 20:00 */
const describeWorking = (v: RuleVersion<WorkingRule>) =>
  fmt(t.admin.rules.workingSummary, {
    fixed: hm(v.rule.fixed_hour, v.rule.fixed_minute) ?? t.admin.rules.none,
    over: hm(v.rule.over_hour, v.rule.over_minute) ?? t.admin.rules.none,
    unpaid: hm(v.rule.unpaid_hour, v.rule.unpaid_minute) ?? t.admin.rules.none,
  });

function WorkingTimeForm({ options }: { options: OrgOptions }) {
  const [pair, setPair] = useState<RulePair>({ department_id: null, employment_status_id: null });
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [level, setLevel] = useState<RuleLevel | null>(null);
  const [inForceFrom, setInForceFrom] = useState<string | null>(null);
  const [history, setHistory] = useState<RuleVersion<WorkingRule>[]>([]);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [job, setJob] = useState<RecomputeJob | null>(null);
  const [reload, setReload] = useState(0);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  // Show the rule in force whenever the selectors change; a stale answer is dropped.
  useEffect(() => {
    let current = true;
    setLoading(true);
    void getWorkingRule(pair).then((res) => {
      if (!current) return;
      setLoading(false);
      setFields(res.ok ? fromRule(res.data.rule) : EMPTY);
      setLevel(res.ok ? res.data.level : null);
      setInForceFrom(res.ok ? res.data.effective_from : null);
      setHistory(res.ok ? res.data.history : []);
      // 適用開始日 defaults to today in the company's zone (the server's `on`).
      if (res.ok) setEffectiveFrom((v) => v || res.data.on);
    });
    return () => {
      current = false;
    };
  }, [pair, reload]);

  const hasTarget = pair.department_id !== null || pair.employment_status_id !== null;
  const unpaidOk = isChosen(fields.unpaid) || (fields.unpaid.hour === '' && fields.unpaid.minute === '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const canSave = !busy && !loading && hasTarget && isChosen(fields.fixed) && isChosen(fields.over) && unpaidOk;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    setFieldErrors({});
    if (!canSave) return;
    setBusy(true);
    const unpaid = isChosen(fields.unpaid);
    const res = await saveWorkingRule({
      ...pair,
      fixed_hour: Number(fields.fixed.hour),
      fixed_minute: Number(fields.fixed.minute),
      over_hour: Number(fields.over.hour),
      over_minute: Number(fields.over.minute),
      unpaid_hour: unpaid ? Number(fields.unpaid.hour) : null,
      unpaid_minute: unpaid ? Number(fields.unpaid.minute) : null,
      ...(effectiveFrom ? { effective_from: effectiveFrom } : {}),
    });
    setBusy(false);
    if (!res.ok) {
      if (isGenericFailure(res)) window.alert(t.messages.communicationFailed);
      // A 409 (e.g. the period is closed) says why in its own words; other refusals are 設定に不備があります.
      setError(res.status === 409 ? res.message : t.messages.settingDefect);
      setFieldErrors(fieldErrorsOf(res));
      return;
    }
    setLevel(res.data.level);
    setHistory(res.data.history);
    setJob(res.data.recompute);
    setSuccess(t.messages.settingCompleted);
    // The form shows the rule in force today again (a version may start later).
    setReload((n) => n + 1);
  }

  const row = (key: keyof Fields, label: string, maxHour: number, optional = false) => {
    const messages = messagesFor(fieldErrors, `${key}_hour`, `${key}_minute`);
    return (
      <fieldset className="rule-row" aria-describedby={messages.length ? fieldErrorId(`working-${key}`) : undefined}>
        <legend>
          {label}
          {optional && <span className="form__optional">{paren(t.admin.rules.optional)}</span>}
        </legend>
        <HourMinuteSelects
          id={`working-${key}`}
          label={label}
          maxHour={maxHour}
          value={fields[key]}
          onChange={(v) => setFields((f) => ({ ...f, [key]: v }))}
        />
        <FieldError id={`working-${key}`} messages={messages} />
      </fieldset>
    );
  };

  return (
    <>
      <FormFeedback error={error} success={success} />
      <form className="form admin-form" onSubmit={(e) => void onSubmit(e)}>
        <RuleTarget id="working" options={options} pair={pair} onChange={setPair} />
        <RuleInForce level={level} loading={loading} from={inForceFrom} />
        <EffectiveFromField
          id="working"
          value={effectiveFrom}
          onChange={setEffectiveFrom}
          errors={messagesFor(fieldErrors, 'effective_from')}
        />
        {/* Held while the target's rule loads: its answer fills these fields and would overwrite a choice. */}
        <fieldset className="rule-fields" disabled={loading}>
          {row('fixed', t.admin.rules.fixed, 24)}
          {row('over', t.admin.rules.over, 24)}
          {row('unpaid', t.admin.rules.unpaid, 100, true)}
        </fieldset>
        {!hasTarget && <p className="form__hint">{t.admin.rules.needTarget}</p>}
        <div>
          <button type="submit" className="button button--primary" disabled={!canSave} aria-busy={busy}>
            {t.admin.rules.save}
          </button>
        </div>
      </form>
      <RecomputeProgress job={job} />
      <RuleHistory versions={history} describe={describeWorking} />
    </>
  );
}

export default function WorkingTimesPage() {
  const options = useLoad(loadOrgOptions, 'options');
  return (
    <>
      <PageTitle title={t.pages.workingTimes} />
      <section className="card page-section">
        <LoadView state={options.state} onRetry={() => void options.reload()}>
          {(opts) => <WorkingTimeForm options={opts} />}
        </LoadView>
      </section>
    </>
  );
}
