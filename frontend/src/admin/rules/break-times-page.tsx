/**
 * 休憩時間設定 (`/management/break_times`): "restraint of X h Y min or more → a break of A h B min".
 * Spec §5: save needs all four selects. Without department and status it is the company default.
 * A rule below the legal minimum is saved; the server's warning is shown beside the success message.
 * Optional (issue 15): a second tier (both figures at least the first tier's) and fixed break
 * windows on the clock (within the day, not overlapping), checked here before they are sent.
 * Each save is a version from its 適用開始日 (today unless changed); the pair's 履歴 lists them, and
 * the stored figures are recomputed in the background (再計算中 n/m, then 集計日時).
 * Issue 29: the version also says what a day without punched breaks takes (休憩の打刻がない日): this
 * rule's break (or the day's pattern's windows), or none. No break is ever raised to 34条's minimum.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { fmt, t } from '../../i18n';
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
  getBreakRule,
  saveBreakRule,
  type BreakRule,
  type BreakWindow,
  type RecomputeJob,
  type RuleLevel,
  type RulePair,
  type RuleVersion,
  type UnpunchedBreaks,
} from './rules-api';
import '../../shared/page.css';
import '../admin.css';

const R = t.admin.rules;
const MAX_WINDOWS = 4;

interface WindowInput {
  start: HourMinute;
  end: HourMinute;
}
const EMPTY_WINDOW: WindowInput = { start: EMPTY_HM, end: EMPTY_HM };
const minutesOf = (v: HourMinute) => Number(v.hour) * 60 + Number(v.minute);
const windowInput = (w: BreakWindow): WindowInput => ({
  start: fromNumbers(w.start_hour, w.start_minute),
  end: fromNumbers(w.end_hour, w.end_minute),
});

const hm = (h: number | null, m: number | null) => (h === null || m === null ? '' : formatMinutes(h * 60 + m));
/** 拘束 6:00以上で休憩 1:00、拘束 8:46以上で休憩 1:00、休憩時間帯 12:00–13:00 */
const describeBreak = ({ rule: r }: RuleVersion<BreakRule>) =>
  fmt(R.breakSummary, { condition: hm(r.condition_hour, r.condition_minute), brk: hm(r.break_hour, r.break_minute) }) +
  (r.tier2_condition_hour !== null
    ? fmt(R.breakTier2, {
        condition: hm(r.tier2_condition_hour, r.tier2_condition_minute),
        brk: hm(r.tier2_break_hour, r.tier2_break_minute),
      })
    : '') +
  (r.windows.length
    ? fmt(R.breakWindows, {
        windows: r.windows
          .map((w) => `${hm(w.start_hour, w.start_minute)}–${hm(w.end_hour, w.end_minute)}`)
          .join(t.admin.listSeparator),
      })
    : '') +
  (r.unpunched_breaks === 'none' ? R.breakUnpunchedNone : '');

/** The first problem with the optional parts of the form, in the order they are shown; null when fine. */
function breakFormProblem(
  condition: HourMinute,
  brk: HourMinute,
  tier2Condition: HourMinute,
  tier2Break: HourMinute,
  windows: readonly WindowInput[],
): string | null {
  const tier2 = [tier2Condition.hour, tier2Condition.minute, tier2Break.hour, tier2Break.minute];
  if (tier2.some((v) => v !== '')) {
    if (tier2.some((v) => v === '')) return R.tier2Incomplete;
    if (minutesOf(tier2Condition) < minutesOf(condition) || minutesOf(tier2Break) < minutesOf(brk))
      return R.tier2BelowTier1;
    if (minutesOf(tier2Break) > minutesOf(tier2Condition)) return R.tier2BreakTooLong;
  }
  if (windows.some((w) => !isChosen(w.start) || !isChosen(w.end))) return R.windowIncomplete;
  const spans = windows.map((w) => [minutesOf(w.start), minutesOf(w.end)] as const);
  if (spans.some(([a, b]) => a >= b || b > 24 * 60)) return R.windowOrder;
  const sorted = [...spans].sort((x, y) => x[0] - y[0]);
  if (sorted.some(([a], i) => i > 0 && a < sorted[i - 1]![1])) return R.windowOverlap;
  return null;
}

/** 休憩の打刻がない日: the rule's (or the pattern's) break deemed taken, or none (issue 29). */
function UnpunchedChoice({
  value,
  onChange,
  errors,
}: {
  value: UnpunchedBreaks;
  onChange: (v: UnpunchedBreaks) => void;
  errors: readonly string[];
}) {
  return (
    <fieldset
      className="rule-row"
      aria-describedby={['break-unpunched-hint', ...(errors.length ? [fieldErrorId('break-unpunched')] : [])].join(' ')}
    >
      <legend>{R.unpunchedLegend}</legend>
      {(['rule', 'none'] as const).map((v) => (
        <span key={v} className="rule-radio">
          <input
            id={`break-unpunched-${v}`}
            type="radio"
            name="unpunched_breaks"
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
          />
          <label htmlFor={`break-unpunched-${v}`}>{R.unpunched[v]}</label>
        </span>
      ))}
      <p id="break-unpunched-hint" className="page-hint">
        {R.unpunchedHint}
      </p>
      <FieldError id="break-unpunched" messages={errors} />
    </fieldset>
  );
}

function BreakTimeForm({ options }: { options: OrgOptions }) {
  const [pair, setPair] = useState<RulePair>({ department_id: null, employment_status_id: null });
  const [condition, setCondition] = useState<HourMinute>(EMPTY_HM);
  const [brk, setBrk] = useState<HourMinute>(EMPTY_HM);
  const [tier2Condition, setTier2Condition] = useState<HourMinute>(EMPTY_HM);
  const [tier2Break, setTier2Break] = useState<HourMinute>(EMPTY_HM);
  const [windows, setWindows] = useState<WindowInput[]>([]);
  const [unpunched, setUnpunched] = useState<UnpunchedBreaks>('rule');
  const [level, setLevel] = useState<RuleLevel | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [inForceFrom, setInForceFrom] = useState<string | null>(null);
  const [history, setHistory] = useState<RuleVersion<BreakRule>[]>([]);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [job, setJob] = useState<RecomputeJob | null>(null);
  const [reload, setReload] = useState(0);
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
      setTier2Condition(rule ? fromNumbers(rule.tier2_condition_hour, rule.tier2_condition_minute) : EMPTY_HM);
      setTier2Break(rule ? fromNumbers(rule.tier2_break_hour, rule.tier2_break_minute) : EMPTY_HM);
      setWindows(rule ? rule.windows.map(windowInput) : []);
      setUnpunched(rule?.unpunched_breaks ?? 'rule');
      setLevel(res.ok ? res.data.level : null);
      setWarning(res.ok ? res.data.warning : null);
      setInForceFrom(res.ok ? res.data.effective_from : null);
      setHistory(res.ok ? res.data.history : []);
      // 適用開始日 defaults to today in the company's zone (the server's `on`).
      if (res.ok) setEffectiveFrom((v) => v || res.data.on);
    });
    return () => {
      current = false;
    };
  }, [pair, reload]);

  const canSave = !busy && !loading && isChosen(condition) && isChosen(brk);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const ruleErrors = messagesFor(fieldErrors, 'condition_hour', 'condition_minute', 'break_hour', 'break_minute');
  const tier2Errors = messagesFor(
    fieldErrors,
    'tier2_condition_hour',
    'tier2_condition_minute',
    'tier2_break_hour',
    'tier2_break_minute',
  );
  // Window errors come keyed `windows` (overlap) or `windows.<i>.<field>` (one bad window).
  const windowErrors = Object.entries(fieldErrors)
    .filter(([k]) => k === 'windows' || k.startsWith('windows.'))
    .flatMap(([, m]) => m);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    setWarning(null);
    setFieldErrors({});
    if (!canSave) return;
    const problem = breakFormProblem(condition, brk, tier2Condition, tier2Break, windows);
    if (problem) {
      setError(problem);
      return;
    }
    const hasTier2 = isChosen(tier2Condition) && isChosen(tier2Break);
    setBusy(true);
    const res = await saveBreakRule({
      ...pair,
      condition_hour: Number(condition.hour),
      condition_minute: Number(condition.minute),
      break_hour: Number(brk.hour),
      break_minute: Number(brk.minute),
      tier2_condition_hour: hasTier2 ? Number(tier2Condition.hour) : null,
      tier2_condition_minute: hasTier2 ? Number(tier2Condition.minute) : null,
      tier2_break_hour: hasTier2 ? Number(tier2Break.hour) : null,
      tier2_break_minute: hasTier2 ? Number(tier2Break.minute) : null,
      windows: windows.map((w) => ({
        start_hour: Number(w.start.hour),
        start_minute: Number(w.start.minute),
        end_hour: Number(w.end.hour),
        end_minute: Number(w.end.minute),
      })),
      unpunched_breaks: unpunched,
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
    setWarning(res.data.warning);
    setHistory(res.data.history);
    setJob(res.data.recompute);
    setSuccess(t.messages.settingCompleted);
    // The form shows the rule in force today again (a version may start later).
    setReload((n) => n + 1);
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
        <RuleInForce level={level} loading={loading} from={inForceFrom} />
        <EffectiveFromField
          id="break"
          value={effectiveFrom}
          onChange={setEffectiveFrom}
          errors={messagesFor(fieldErrors, 'effective_from')}
        />
        {/* Held while the target's rule loads: its answer fills these fields and would overwrite a choice. */}
        <fieldset className="rule-fields" disabled={loading}>
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
          <fieldset className="rule-row rule-row--sentence">
            <legend>{R.tier2Legend}</legend>
            <span>{R.conditionPrefix}</span>
            <HourMinuteSelects
              id="break-tier2-condition"
              label={`${R.tier2Legend} ${R.conditionPrefix}`}
              maxHour={24}
              value={tier2Condition}
              onChange={setTier2Condition}
            />
            <span>{R.conditionSuffix}</span>
            <HourMinuteSelects
              id="break-tier2-break"
              label={`${R.tier2Legend} ${R.conditionSuffix}`}
              maxHour={24}
              value={tier2Break}
              onChange={setTier2Break}
            />
            <span>{R.breakSuffix}</span>
            <p className="page-hint">{R.tier2Hint}</p>
            <FieldError id="break-tier2" messages={tier2Errors} />
          </fieldset>
          <fieldset className="rule-row">
            <legend>{R.windowsLegend}</legend>
            <p className="page-hint">{R.windowsHint}</p>
            {windows.map((w, i) => (
              <div className="rule-row--sentence break-window" key={i}>
                <span>{R.windowStart}</span>
                <HourMinuteSelects
                  id={`break-window-${i + 1}-start`}
                  label={fmt(R.windowFrom, { n: String(i + 1) })}
                  maxHour={23}
                  value={w.start}
                  onChange={(start) => setWindows(windows.map((x, j) => (j === i ? { ...x, start } : x)))}
                />
                <span>{R.windowEnd}</span>
                <HourMinuteSelects
                  id={`break-window-${i + 1}-end`}
                  label={fmt(R.windowTo, { n: String(i + 1) })}
                  maxHour={24}
                  value={w.end}
                  onChange={(end) => setWindows(windows.map((x, j) => (j === i ? { ...x, end } : x)))}
                />
                <button
                  type="button"
                  className="button"
                  aria-label={fmt(R.removeWindowLabel, { n: String(i + 1) })}
                  onClick={() => setWindows(windows.filter((_, j) => j !== i))}
                >
                  {R.removeWindow}
                </button>
              </div>
            ))}
            {windows.length < MAX_WINDOWS && (
              <button type="button" className="button" onClick={() => setWindows([...windows, EMPTY_WINDOW])}>
                {R.addWindow}
              </button>
            )}
            <FieldError id="break-windows" messages={windowErrors} />
          </fieldset>
          <UnpunchedChoice
            value={unpunched}
            onChange={setUnpunched}
            errors={messagesFor(fieldErrors, 'unpunched_breaks')}
          />
        </fieldset>
        <FieldError id="break-rule" messages={ruleErrors} />
        <div>
          <button type="submit" className="button button--primary" disabled={!canSave} aria-busy={busy}>
            {t.admin.rules.save}
          </button>
        </div>
      </form>
      <RecomputeProgress job={job} />
      <RuleHistory versions={history} describe={describeBreak} />
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
