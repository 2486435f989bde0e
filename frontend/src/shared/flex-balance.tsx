/**
 * フレックスタイム制's two figures, each named (issue 29 item 10): the 過不足 to date against 所定
 * (「清算期間 11/1–11/30・本日までの過不足 -144:00」) and the 実労働 projected to the 清算期間's end against
 * its 総枠 (「期間見込みの過不足（総枠 171:25）-163:25」). The punch screen's 今月の勤務 card and the
 * month table's system line show them alike.
 */
import type { FlexBalanceView } from '../../../functions/api/work-status/views';
import { fmt, t } from '../i18n';
import { formatMinutes } from './time';

/** What both answers carry (the month table's FlexPeriodView and the punch screen's FlexBalanceView). */
export type FlexFigures = Pick<
  FlexBalanceView,
  'from' | 'to' | 'as_of' | 'balance_minutes' | 'total_frame_minutes' | 'projected_over_frame_minutes'
>;

/** `2026-04-01` → `4/1`. */
const monthDay = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

/** A signed balance: `+3:20`, `-1:05`, `±0:00`. */
function formatBalance(minutes: number): string {
  const sign = minutes > 0 ? '+' : minutes < 0 ? '-' : '±';
  return `${sign}${formatMinutes(Math.abs(minutes))}`;
}

/** 「清算期間 4/1–6/30・本日までの過不足 +3:20」 (or 「…・6/30までの…」 for a day other than today). */
export function flexBalanceText(flex: FlexFigures, today: string | undefined): string {
  const S = t.monthTable.system;
  const asOf = !flex.as_of ? S.flexAsOfComputed : flex.as_of === today ? S.flexAsOfToday : monthDay(flex.as_of);
  return fmt(S.flexBalance, {
    from: monthDay(flex.from),
    to: monthDay(flex.to),
    asOf: asOf,
    balance: formatBalance(flex.balance_minutes),
  });
}

/** 「期間見込みの過不足（総枠 520:00）+12:00」; null on figures stored before the projection. */
export function flexProjectionText(flex: FlexFigures): string | null {
  if (flex.total_frame_minutes === null || flex.projected_over_frame_minutes === null) return null;
  return fmt(t.monthTable.system.flexProjected, {
    frame: formatMinutes(flex.total_frame_minutes),
    balance: formatBalance(flex.projected_over_frame_minutes),
  });
}
