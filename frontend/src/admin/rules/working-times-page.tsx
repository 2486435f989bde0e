/**
 * 勤務時間設定 (`/management/working_times`). Spec §5: save needs the fixed and overtime pairs and a
 * department or status; the monthly deemed-overtime pair is optional. Messages reset on each save.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { t } from '../../i18n';
import { FormFeedback, LoadView } from '../../shared/feedback';
import { FieldError, fieldErrorId, fieldErrorsOf, messagesFor, type FieldErrors } from '../../shared/field-errors';
import { PageTitle } from '../../shared/page-title';
import { isGenericFailure, useLoad } from '../../shared/use-load';
import { loadOrgOptions, type OrgOptions } from '../organisation/org-api';
import {
  EMPTY_HM,
  fromNumbers,
  HourMinuteSelects,
  isChosen,
  RuleInForce,
  RuleTarget,
  type HourMinute,
} from './rule-fields';
import { getWorkingRule, saveWorkingRule, type RuleLevel, type RulePair, type WorkingRule } from './rules-api';
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

function WorkingTimeForm({ options }: { options: OrgOptions }) {
  const [pair, setPair] = useState<RulePair>({ department_id: null, employment_status_id: null });
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [level, setLevel] = useState<RuleLevel | null>(null);
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
    });
    return () => {
      current = false;
    };
  }, [pair]);

  const hasTarget = pair.department_id !== null || pair.employment_status_id !== null;
  const unpaidOk = isChosen(fields.unpaid) || (fields.unpaid.hour === '' && fields.unpaid.minute === '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const canSave = !busy && hasTarget && isChosen(fields.fixed) && isChosen(fields.over) && unpaidOk;

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
    setSuccess(t.messages.settingCompleted);
  }

  const row = (key: keyof Fields, label: string, maxHour: number, optional = false) => {
    const messages = messagesFor(fieldErrors, `${key}_hour`, `${key}_minute`);
    return (
      <fieldset className="rule-row" aria-describedby={messages.length ? fieldErrorId(`working-${key}`) : undefined}>
        <legend>
          {label}
          {optional && <span className="form__optional">（{t.admin.rules.optional}）</span>}
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
        <RuleInForce level={level} loading={loading} />
        {row('fixed', t.admin.rules.fixed, 24)}
        {row('over', t.admin.rules.over, 24)}
        {row('unpaid', t.admin.rules.unpaid, 100, true)}
        {!hasTarget && <p className="form__hint">{t.admin.rules.needTarget}</p>}
        <div>
          <button type="submit" className="button button--primary" disabled={!canSave} aria-busy={busy}>
            {t.admin.rules.save}
          </button>
        </div>
      </form>
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
