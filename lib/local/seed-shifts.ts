/**
 * Demo shifts (シフト, issue 16) for `npm start`: the work patterns 日勤・早番・遅番・夜勤・長日勤 under
 * fixed ids ('day', 'early', 'late', 'night', 'long'; seed.ts `seedSchedules` puts the same items and makes
 * 日勤 the company default, so either seed alone shows them) and last month's and this month's shifts of three staff, so the
 * シフト grid opens on a filled month with the defaults faint around them.
 */
import { db } from '../../functions/db/service.js';
import { monthDates, weekday } from '../../functions/domain/time.js';

export const DEMO_PATTERNS = [
  { patternId: 'day', name: '日勤', start: 9 * 60, end: 18 * 60, breaks: [[12 * 60, 13 * 60]] },
  { patternId: 'early', name: '早番', start: 7 * 60, end: 16 * 60, breaks: [[11 * 60, 12 * 60]] },
  { patternId: 'late', name: '遅番', start: 13 * 60, end: 22 * 60, breaks: [[17 * 60, 18 * 60]] },
  // 22:00–翌7:00, break 翌2:00–3:00.
  { patternId: 'night', name: '夜勤', start: 22 * 60, end: 31 * 60, breaks: [[26 * 60, 27 * 60]] },
  // 10 hours of work (09:00–20:00, break 12:00–13:00): 伊藤's Mondays under the 1-month 変形 (issue 17).
  { patternId: 'long', name: '長日勤', start: 9 * 60, end: 20 * 60, breaks: [[12 * 60, 13 * 60]] },
] as const;

/**
 * Per staff member, the pattern of a working day by weekday (0 = Sunday), and 休 on the calendar's
 * days off: 鈴木 早番 on Wednesdays, 伊藤 長日勤 (10 h) on Mondays and 遅番 on Fridays, 渡辺 日勤 throughout.
 */
const ROTATIONS: { employeeId: string; byWeekday: Partial<Record<number, string>> }[] = [
  { employeeId: '01jx7deme00000000000000002', byWeekday: { 3: 'early' } },
  { employeeId: '01jx7deme00000000000000005', byWeekday: { 1: 'long', 5: 'late' } },
  { employeeId: '01jx7deme00000000000000006', byWeekday: {} },
];

export async function seedDemoShifts(
  companyId: string,
  months: readonly { year: number; month: number }[],
  isDayOff: (date: string) => boolean,
): Promise<void> {
  const { entities } = db();
  await entities.WorkPatternItem.put(
    DEMO_PATTERNS.map((p) => ({
      companyId,
      patternId: p.patternId,
      name: p.name,
      startMinute: p.start,
      endMinute: p.end,
      breakWindows: p.breaks.map(([s, e]) => ({ startMinute: s, endMinute: e })),
    })),
  ).go();
  const shifts = months.flatMap(({ year, month }) =>
    monthDates(year, month).flatMap((date) =>
      ROTATIONS.map((r) => ({
        companyId,
        yearMonth: date.slice(0, 7),
        employeeId: r.employeeId,
        date,
        ...(isDayOff(date) ? { dayOff: true } : { patternId: r.byWeekday[weekday(date)] ?? 'day' }),
      })),
    ),
  );
  await entities.Shift.put(shifts).go();
}
