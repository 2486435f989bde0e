/**
 * 振替休日 (労働基準法35条, LABOUR-LAW.md): a swap fixed before the day. The employee names the day off
 * to be worked (`workDate`) and the working day that becomes the day off instead (`swapDate`); once
 * approved the two days exchange their character (month.ts DayOverride). Work on a holiday followed
 * by rest afterwards is 代休 instead and keeps its holiday premium.
 *
 * The rules a request must meet, checked when it is filed against what each day is for the employee
 * (employee-day.ts: the company calendar with the employee's shifts and approved 振替 — the same day
 * the punch screen and the month table show):
 * - two different days, the work date a day off of the employee and the swap date a working day (a
 *   振替's rest day, like any leave, needs a working day to rest on: the same refusal as leave's);
 * - decided in advance: the swap is fixed before the holiday to be worked begins (昭23.4.19 基収1397号),
 *   so a work date of today or earlier (company time zone) is refused — once that day has begun the
 *   work is 休日出勤 and the rest given for it 代休, filed as such; a swap day before today is refused
 *   too (resting on a working day already past is not decided in advance);
 * - the window: both days in the same or adjacent calendar months (the product's payroll month is the
 *   calendar month), so the swap stays within the wage period it belongs to or the next one.
 */
import { leaveOnDayOffMessage, type EmployeeDay } from './employee-day.js';

export const TRANSFER_MESSAGES = {
  workDateRequired: '出勤する休日を指定してください',
  workDateNotAllowed: '出勤する休日は振替休日の申請でのみ指定できます',
  sameDay: '振替休日と出勤する休日には別の日を指定してください',
  workDateNotDayOff: '出勤する休日には勤務予定のない休日を指定してください',
  outsideWindow: '振替休日は出勤する休日と同じ月か前後の月の日を指定してください',
  /** The holiday to be worked has begun (today or earlier): too late for a 振替 (昭23.4.19 基収1397号). */
  workDateStarted:
    '振替は出勤する休日の前日までに申請してください。当日以降は休日出勤を申請し、休みは代休として申請してください',
  notInAdvance: '振替は事前に申請してください（休日に出勤した後に休む場合は代休を申請してください）',
} as const;

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * Field errors of a 振替 (keys: `work_date`, `date`), empty when it may be filed. `day` says what a
 * date is for the employee (employee-day.ts); `today` is the company-local date of the filing: the
 * work date's day begins at its local midnight, so a filing on that date is already too late.
 */
export function transferProblems(
  swapDate: string,
  workDate: string,
  day: (date: string) => EmployeeDay,
  today: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (swapDate === workDate) {
    add('work_date', TRANSFER_MESSAGES.sameDay);
    return errors;
  }
  if (!day(workDate).calendar.isDayOff) add('work_date', TRANSFER_MESSAGES.workDateNotDayOff);
  const swap = day(swapDate);
  if (swap.calendar.isDayOff) add('date', leaveOnDayOffMessage(swap));
  if (workDate <= today) add('work_date', TRANSFER_MESSAGES.workDateStarted);
  else if (swapDate < today) add('date', TRANSFER_MESSAGES.notInAdvance);
  if (Math.abs(monthIndex(workDate) - monthIndex(swapDate)) > 1) add('date', TRANSFER_MESSAGES.outsideWindow);
  return errors;
}
