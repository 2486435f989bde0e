/**
 * 休憩時間設定 (`/management/break_times`): "restraint of X h Y min or more → a break of A h B min".
 * Spec §5: save needs all four selects. Without department and status it is the company default.
 * A rule below the legal minimum is saved; the server's warning is shown beside the success message.
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
import { getBreakRule, saveBreakRule, type RuleLevel, type RulePair } from './rules-api';
import '../../shared/page.css';
import '../admin.css';

function BreakTimeForm({ options }: { options: OrgOptions }) {
  const [pair, setPair] = useState<RulePair>({ department_id: null, employment_status_id: null });
  const [condition, setCondition] = useState<HourMinute>(EMPTY_HM);
  const [brk, setBrk] = useState<HourMinute>(EMPTY_HM);
  const [level, setLevel] = useState<RuleLevel | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setLoading(true);
    void getBreakRule(pair).then((res) => {
      if (!current) return;
      setLoading(false);
      const rule = res.ok ? res.data.rule : null;
      setCondition(rule ? fromNumbers(rule.condition_hour, rule.condition_minute) : EMPTY_HM);
      setBrk(rule ? fromNumbers(rule.break_hour, rule.break_minute) : EMPTY_HM);
      setLevel(res.ok ? res.data.level : null);
      setWarning(res.ok ? res.data.warning : null);
    });
    return () => {
      current = false;
    };
  }, [pair]);

  const canSave = !busy && isChosen(condition) && isChosen(brk);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const ruleErrors = messagesFor(fieldErrors, 'condition_hour', 'condition_minute', 'break_hour', 'break_minute');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    setWarning(null);
    setFieldErrors({});
    if (!canSave) return;
    setBusy(true);
    const res = await saveBreakRule({
      ...pair,
      condition_hour: Number(condition.hour),
      condition_minute: Number(condition.minute),
      break_hour: Number(brk.hour),
      break_minute: Number(brk.minute),
    });
    setBusy(false);
    if (!res.ok) {
      if (isGenericFailure(res)) window.alert(t.messages.communicationFailed);
      setError(t.messages.settingDefect);
      setFieldErrors(fieldErrorsOf(res));
      return;
    }
    setLevel(res.data.level);
    setWarning(res.data.warning);
    setSuccess(t.messages.settingCompleted);
  }

  return (
    <>
      <FormFeedback error={error} success={success} />
      <form className="form admin-form" onSubmit={(e) => void onSubmit(e)}>
        {warning && (
          <p className="form-warning" role="note">
            {warning}
          </p>
        )}
        <RuleTarget id="break" options={options} pair={pair} onChange={setPair} />
        <RuleInForce level={level} loading={loading} />
        <fieldset
          className="rule-row rule-row--sentence"
          aria-describedby={ruleErrors.length ? fieldErrorId('break-rule') : undefined}
        >
          <legend>{t.admin.rules.conditionLegend}</legend>
          <span>{t.admin.rules.conditionPrefix}</span>
          <HourMinuteSelects
            id="break-condition"
            label={t.admin.rules.conditionPrefix}
            maxHour={24}
            value={condition}
            onChange={setCondition}
          />
          <span>{t.admin.rules.conditionSuffix}</span>
          <HourMinuteSelects
            id="break-break"
            label={t.admin.rules.conditionSuffix}
            maxHour={24}
            value={brk}
            onChange={setBrk}
          />
          <span>{t.admin.rules.breakSuffix}</span>
        </fieldset>
        <FieldError id="break-rule" messages={ruleErrors} />
        <div>
          <button type="submit" className="button button--primary" disabled={!canSave} aria-busy={busy}>
            {t.admin.rules.save}
          </button>
        </div>
      </form>
    </>
  );
}

export default function BreakTimesPage() {
  const options = useLoad(loadOrgOptions, 'options');
  return (
    <>
      <PageTitle title={t.pages.breakTimes} />
      <section className="card page-section">
        <LoadView state={options.state} onRetry={() => void options.reload()}>
          {(opts) => <BreakTimeForm options={opts} />}
        </LoadView>
      </section>
    </>
  );
}
