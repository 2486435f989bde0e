/**
 * Rows of the 勤怠集計 CSV (issue 18 item 1): one row per active staff member of the payroll period,
 * 社員番号 first, times as H:MM, the figures of the list (services/attendance-totals.ts): a closed
 * period's from its closing snapshot, an open period's from the stored summaries. Header row first.
 * Pages of 100 staff, each a fixed number of reads; progress after each page.
 */
import { attendanceTotals, TOTALS_PAGE_LIMIT, type AttendanceTotalsRow } from '../services/attendance-totals.js';
import { activeStaff } from '../db/staff.js';
import type { Cell } from './csv.js';
import { layoutHeader, layoutRow, type ResolvedLayout } from './payroll-layouts.js';

export interface TotalsExportParams {
  period: string;
  departmentId: string | null;
  employmentStatusId: string | null;
  timeZone: string;
  /** A payroll layout (preset or the company's own, as it was when the export started); absent = 勤怠集計. */
  layout?: ResolvedLayout;
}

const TOTALS_HEADER = [
  '社員番号',
  '氏名',
  'フリガナ',
  '部署',
  '雇用形態',
  '出勤予定日数',
  '出勤日数',
  '法定休日出勤日数',
  '所定休日出勤日数',
  '欠勤日数',
  '遅刻回数',
  '遅刻時間',
  '早退回数',
  '早退時間',
  '所定内労働時間',
  '法内残業時間',
  '法定外残業時間',
  '月60時間超残業時間',
  '深夜労働時間',
  '法定休日労働時間',
  '有給休暇日数',
  '有給休暇時間',
  '代休日数',
  '振替休日日数',
  '有給残日数',
  '有給残時間',
  '端数処理',
  '時間外労働時間（端数処理後）',
  '法定外残業時間（端数処理後）',
  '月60時間超残業時間（端数処理後）',
  '法定休日労働時間（端数処理後）',
  '深夜労働時間（端数処理後）',
  '状態',
  'スタッフID',
] as const;

/** Minutes as H:MM (e.g. 125 → 2:05); empty when unknown. */
const hmm = (minutes: number | null | undefined): string =>
  typeof minutes === 'number' ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}` : '';

const num = (v: number | null | undefined): Cell => (typeof v === 'number' ? v : '');

/** 締め済 / 再計算待ち / データなし / 集計中 (open, up to date). */
function stateLabel(r: AttendanceTotalsRow): string {
  if (r.no_data) return 'データなし';
  if (r.recompute_pending) return '再計算待ち';
  return r.closed ? '締め済' : '集計中';
}

function totalsRow(r: AttendanceTotalsRow): Cell[] {
  return [
    r.employee_number ?? '',
    r.name,
    r.name_kana ?? '',
    r.department ?? '',
    r.employment_status ?? '',
    num(r.scheduled_days),
    num(r.work_days),
    num(r.legal_holiday_work_days),
    num(r.non_legal_holiday_work_days),
    num(r.absent_days),
    num(r.late_days),
    hmm(r.late_minutes),
    num(r.early_leave_days),
    hmm(r.early_leave_minutes),
    hmm(r.regular_minutes),
    hmm(r.scheduled_overtime_minutes),
    hmm(r.statutory_overtime_minutes),
    hmm(r.overtime_over_60_minutes),
    hmm(r.late_night_minutes),
    hmm(r.legal_holiday_work_minutes),
    num(r.paid_leave_days),
    num(r.paid_leave_hours),
    num(r.substitute_leave_days),
    num(r.transfer_holiday_days),
    num(r.paid_leave_balance?.days),
    num(r.paid_leave_balance?.hours),
    r.rounding === 'monthly_30' ? '1か月単位（30分未満切捨て・30分以上切上げ）' : 'なし',
    hmm(r.rounded?.overtime_minutes),
    hmm(r.rounded?.statutory_overtime_minutes),
    hmm(r.rounded?.overtime_over_60_minutes),
    hmm(r.rounded?.legal_holiday_work_minutes),
    hmm(r.rounded?.late_night_minutes),
    stateLabel(r),
    r.employee_id,
  ];
}

export async function* attendanceTotalsRows(
  companyId: string,
  params: TotalsExportParams,
  progress: (done: number, total: number) => Promise<void> = async () => {},
): AsyncGenerator<Cell[]> {
  // The staff count for the progress bar (one Query); the pages below read their staff again. A
  // closed period's first page says how many its closing holds (retired members included).
  let total = (await activeStaff(companyId)).filter(
    (m) =>
      (!params.departmentId || m.departmentId === params.departmentId) &&
      (!params.employmentStatusId || m.employmentStatusId === params.employmentStatusId),
  ).length;
  await progress(0, total);
  const layout = params.layout;
  yield layout ? layoutHeader(layout) : [...TOTALS_HEADER];
  let after: string | undefined;
  let done = 0;
  for (;;) {
    const page = await attendanceTotals(companyId, params.timeZone, {
      period: params.period,
      departmentId: params.departmentId ?? undefined,
      employmentStatusId: params.employmentStatusId ?? undefined,
      limit: TOTALS_PAGE_LIMIT,
      after,
    });
    if (!page) return;
    if (page.total !== undefined && page.total !== total) {
      total = page.total;
      await progress(Math.min(done, total), total);
    }
    for (const r of page.rows) {
      // A preset whose product needs the row absent leaves out a member without figures (layoutRow: null).
      const row = layout ? layoutRow(layout, r) : totalsRow(r);
      if (row) yield row;
    }
    done += page.rows.length;
    await progress(Math.min(done, total), total);
    if (!page.next) return;
    after = page.next;
  }
}
