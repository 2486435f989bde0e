/**
 * The admin's input of a working-time system version (労働時間制度; domain/worktime/system.ts): which
 * field each system takes, and the field errors of a version that breaks the law's limits. Pure, so
 * the route and the screen say the same thing.
 *
 * - 起算日 (period_start): required for the variable systems and flex (their periods run from it).
 * - 期間の月数 (period_months): 1か月単位 1 (32条の2), 1年単位 2–12 ("1か月を超え1年以内", 32条の4),
 *   flex 1–3 (清算期間, 32条の3); the others take none.
 * - 特例 44 h (則25条の2): only 通常, 1か月単位, and flex with a one-month 清算期間.
 * - コアタイム / フレキシブルタイム / 標準となる1日の労働時間 / 完全週休2日: flex only; a core time inside
 *   the flexible time, each start before its end.
 * - 特定期間: 1年単位 only, from ≤ to.
 */
import { PERIOD_MONTHS, type WorkSystemKind } from './worktime/system.js';

export const WORK_SYSTEM_MESSAGES = {
  system: '労働時間制度を選択してください',
  scope: '設定の対象を選択してください',
  time: '時刻は「09:00」の形式で入力してください',
  unknownEmployee: '存在しない従業員です。',
  employeeRequired: '従業員を選択してください',
  employeeOnStatus: '雇用形態ごとの設定に従業員は指定できません',
  statusOnEmployee: '従業員ごとの設定に雇用形態は指定できません',
  periodStartRequired: '起算日を入力してください',
  periodStartNotUsed: 'この労働時間制度では起算日は指定できません',
  monthlyMonths: '1か月単位の変形労働時間制の変形期間は1か月です',
  yearlyMonths: '1年単位の変形労働時間制の対象期間は2〜12か月で入力してください',
  flexMonths: 'フレックスタイム制の清算期間は1〜3か月で入力してください',
  monthsNotUsed: 'この労働時間制度では期間の月数は指定できません',
  special44:
    '特例（週44時間）は通常の労働時間制、1か月単位の変形労働時間制、清算期間1か月のフレックスタイム制でのみ選べます',
  flexOnly: 'フレックスタイム制でのみ設定できます',
  corePair: 'コアタイムは開始と終了の両方を入力してください',
  coreOrder: 'コアタイムの終了は開始より後の時刻にしてください',
  flexiblePair: 'フレキシブルタイムは開始と終了の両方を入力してください',
  flexibleOrder: 'フレキシブルタイムの終了は開始より後の時刻にしてください',
  coreInsideFlexible: 'コアタイムはフレキシブルタイムの中に収めてください',
  standardDaily: '標準となる1日の労働時間は1〜1440分で入力してください',
  specialPeriodYearly: '特定期間は1年単位の変形労働時間制でのみ設定できます',
  specialPeriodPair: '特定期間は開始日と終了日の両方を入力してください',
  specialPeriodOrder: '特定期間の終了日は開始日以降の日付にしてください',
  notFound: '指定された労働時間制度の設定が見つかりません。',
} as const;

/** The fields of a version the cross-field checks look at (the API body after its per-field checks). */
export interface WorkSystemInput {
  system: WorkSystemKind;
  period_start: string | null;
  period_months: number | null;
  special_44: boolean;
  core_start: string | null;
  core_end: string | null;
  flexible_start: string | null;
  flexible_end: string | null;
  standard_daily_minutes: number | null;
  full_two_days_off: boolean;
  special_period_from: string | null;
  special_period_to: string | null;
}

const needsPeriodStart = (s: WorkSystemKind) =>
  s === 'monthly_variable' || s === 'yearly_variable' || s === 'weekly_variable' || s === 'flex';

const MONTH_MESSAGE: Partial<Record<WorkSystemKind, string>> = {
  monthly_variable: WORK_SYSTEM_MESSAGES.monthlyMonths,
  yearly_variable: WORK_SYSTEM_MESSAGES.yearlyMonths,
  flex: WORK_SYSTEM_MESSAGES.flexMonths,
};

/** The months a version's periods last: the given number, or 1 for 1か月単位 when left out. */
export function periodMonthsOf(b: Pick<WorkSystemInput, 'system' | 'period_months'>): number {
  const [min, max] = PERIOD_MONTHS[b.system];
  if (max === 0) return 0;
  return b.period_months ?? (min === max ? min : 0);
}

/** Field → messages for a version that breaks a limit (empty = valid). Times are valid "HH:MM". */
export function workSystemProblems(b: WorkSystemInput): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => (out[field] ??= []).push(message);
  const M = WORK_SYSTEM_MESSAGES;

  if (needsPeriodStart(b.system)) {
    if (!b.period_start) add('period_start', M.periodStartRequired);
  } else if (b.period_start) add('period_start', M.periodStartNotUsed);

  const [min, max] = PERIOD_MONTHS[b.system];
  const months = periodMonthsOf(b);
  if (max === 0) {
    if (b.period_months !== null && b.period_months !== 0) add('period_months', M.monthsNotUsed);
  } else if (months < min || months > max) add('period_months', MONTH_MESSAGE[b.system]!);

  const special44Allowed =
    b.system === 'standard' || b.system === 'monthly_variable' || (b.system === 'flex' && months === 1);
  if (b.special_44 && !special44Allowed) add('special_44', M.special44);

  const flexFields = ['core_start', 'core_end', 'flexible_start', 'flexible_end', 'standard_daily_minutes'] as const;
  if (b.system !== 'flex') {
    for (const f of flexFields) if (b[f] !== null) add(f, M.flexOnly);
    if (b.full_two_days_off) add('full_two_days_off', M.flexOnly);
  } else {
    const minute = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    const pair = (
      start: 'core_start' | 'flexible_start',
      end: 'core_end' | 'flexible_end',
      pairMsg: string,
      orderMsg: string,
    ) => {
      const s = b[start];
      const e = b[end];
      if ((s === null) !== (e === null)) {
        add(s === null ? start : end, pairMsg);
        return false;
      }
      if (s !== null && e !== null && minute(e) <= minute(s)) {
        add(end, orderMsg);
        return false;
      }
      return s !== null;
    };
    const core = pair('core_start', 'core_end', M.corePair, M.coreOrder);
    const flexible = pair('flexible_start', 'flexible_end', M.flexiblePair, M.flexibleOrder);
    if (
      core &&
      flexible &&
      (minute(b.core_start!) < minute(b.flexible_start!) || minute(b.core_end!) > minute(b.flexible_end!))
    )
      add('core_start', M.coreInsideFlexible);
  }

  if (b.system !== 'yearly_variable') {
    if (b.special_period_from) add('special_period_from', M.specialPeriodYearly);
    if (b.special_period_to) add('special_period_to', M.specialPeriodYearly);
  } else if ((b.special_period_from === null) !== (b.special_period_to === null)) {
    add(b.special_period_from === null ? 'special_period_from' : 'special_period_to', M.specialPeriodPair);
  } else if (b.special_period_from && b.special_period_to && b.special_period_to < b.special_period_from) {
    add('special_period_to', M.specialPeriodOrder);
  }
  return out;
}
