/**
 * 勤怠集計 (issue 18 item 1): per employee and payroll period, the totals payroll needs. An open period's
 * come from the stored WorkSummary items (kept up to date on every punch-out, correction, approval and
 * recompute: never computed here); a closed period's from the snapshot taken at closing (FrozenTotals),
 * never recomputed, so a rule change after closing leaves them as they were. Items stored before the
 * issue-18 attributes read as null and the row says 再計算待ち (`recompute_pending`).
 *
 * Reads per page, whatever the staff count: the staff page (one Query), the 締め日 versions, the
 * period's summaries, departments, statuses, paid-leave grants and leave requests (one Query each), the
 * closing (GetItem) and, for a closed period, its snapshot (one S3 GetObject).
 */
import { listOrgUnits } from '../db/organisation.js';
import { leaveInputs } from '../db/paid-leave.js';
import { payrollVersions } from '../db/period-closings.js';
import { staffByIds, staffInOrderPage, type StaffMember } from '../db/staff.js';
import { summariesOf } from '../db/summaries.js';
import { periodById } from '../domain/payroll-period.js';
import { assignmentOn } from '../domain/staff-assignment.js';
import { listOrderKey } from '../domain/staff-identity.js';
import { today } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { NotFoundError } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';
import { frozenSnapshot, type FrozenEmployee, type FrozenTotals, type PeriodSnapshot } from './period-snapshot.js';
import { summarize } from './paid-leave-service.js';

/** One page holds at most this many staff. */
export const TOTALS_PAGE_LIMIT = 100;

export const TOTALS_SORTS = [
  'name_kana',
  'employee_number',
  'department',
  'work_days',
  'absent_days',
  'late_minutes',
  'early_leave_minutes',
  'regular_minutes',
  'scheduled_overtime_minutes',
  'statutory_overtime_minutes',
  'overtime_over_60_minutes',
  'late_night_minutes',
  'legal_holiday_work_minutes',
  'paid_leave_days',
] as const;
export type TotalsSort = (typeof TOTALS_SORTS)[number];

export interface RoundedView {
  overtime_minutes: number;
  statutory_overtime_minutes: number;
  overtime_over_60_minutes: number;
  legal_holiday_work_minutes: number;
  late_night_minutes: number;
}

/** The figures of one row; null where the stored item predates them (再計算待ち) or nothing is stored. */
export interface TotalsFigures {
  scheduled_days: number | null;
  work_days: number | null;
  legal_holiday_work_days: number | null;
  non_legal_holiday_work_days: number | null;
  absent_days: number | null;
  late_days: number | null;
  late_minutes: number | null;
  early_leave_days: number | null;
  early_leave_minutes: number | null;
  /** 所定内. */
  regular_minutes: number | null;
  /** 法内残業. */
  scheduled_overtime_minutes: number | null;
  /** 法定外 (daily + weekly + period). */
  statutory_overtime_minutes: number | null;
  /** 法定外 of a 変形期間 / 清算期間 (part of statutory_overtime_minutes). */
  period_statutory_overtime_minutes: number | null;
  /** 月60時間超. */
  overtime_over_60_minutes: number | null;
  late_night_minutes: number | null;
  legal_holiday_work_minutes: number | null;
  paid_leave_days: number | null;
  substitute_leave_days: number | null;
  transfer_holiday_days: number | null;
  paid_leave_hours: number | null;
}

export interface AttendanceTotalsRow extends TotalsFigures {
  employee_id: string;
  employee_number: string | null;
  name: string;
  name_kana: string | null;
  department_id: string | null;
  department: string | null;
  employment_status_id: string | null;
  employment_status: string | null;
  /** A closed period lists its closing's members, retired since included. */
  status: 'active' | 'retired';
  /** From the closing snapshot (the period is closed). */
  closed: boolean;
  /** The stored figures predate some columns (null): a recompute fills them. */
  recompute_pending: boolean;
  /** Nothing stored for the period (no closed shift yet): figures are null. */
  no_data: boolean;
  /**
   * `monthly_30` when the company's 1か月単位の端数処理 was on (rounded holds the 時間外・休日・深夜 rounded to
   * the hour, < 30 min dropped, ≥ 30 min raised); null when the minute figures are the only ones.
   */
  rounding: 'monthly_30' | null;
  rounded: RoundedView | null;
  /** 有給 balance today (as the paid-leave screens compute it); null when the employee has no grants. */
  paid_leave_balance: { days: number; hours: number; as_of: string } | null;
}

export interface AttendanceTotalsPage {
  period: string;
  from: string;
  to: string;
  closed: boolean;
  sort: TotalsSort;
  order: 'asc' | 'desc';
  rows: AttendanceTotalsRow[];
  /** The staff id after which the next page starts (the route seals it); null on the last page. */
  next: string | null;
  /** A closed period: how many members its closing holds under the filters (the CSV's progress). */
  total?: number | undefined;
}

const NULL_FIGURES: TotalsFigures = {
  scheduled_days: null,
  work_days: null,
  legal_holiday_work_days: null,
  non_legal_holiday_work_days: null,
  absent_days: null,
  late_days: null,
  late_minutes: null,
  early_leave_days: null,
  early_leave_minutes: null,
  regular_minutes: null,
  scheduled_overtime_minutes: null,
  statutory_overtime_minutes: null,
  period_statutory_overtime_minutes: null,
  overtime_over_60_minutes: null,
  late_night_minutes: null,
  legal_holiday_work_minutes: null,
  paid_leave_days: null,
  substitute_leave_days: null,
  transfer_holiday_days: null,
  paid_leave_hours: null,
};

type Rounded = {
  overtimeMinutes: number;
  statutoryOvertimeMinutes: number;
  overtimeOver60Minutes: number;
  legalHolidayWorkMinutes: number;
  lateNightMinutes: number;
};

const roundedView = (r: Rounded | null | undefined): RoundedView | null =>
  r
    ? {
        overtime_minutes: r.overtimeMinutes,
        statutory_overtime_minutes: r.statutoryOvertimeMinutes,
        overtime_over_60_minutes: r.overtimeOver60Minutes,
        legal_holiday_work_minutes: r.legalHolidayWorkMinutes,
        late_night_minutes: r.lateNightMinutes,
      }
    : null;

const n = (v: number | null | undefined) => (typeof v === 'number' ? v : null);

type Summary = Awaited<ReturnType<typeof summariesOf>>[number];

/** An open period's figures from the stored WorkSummary item. */
function summaryFigures(s: Summary): { figures: TotalsFigures; rounded: Rounded | null | undefined } {
  return {
    figures: {
      scheduled_days: n(s.scheduledDays),
      work_days: s.workDays,
      legal_holiday_work_days: n(s.legalHolidayWorkDays),
      non_legal_holiday_work_days: n(s.nonLegalHolidayWorkDays),
      absent_days: n(s.absentDays),
      late_days: n(s.lateDays),
      late_minutes: n(s.lateMinutes),
      early_leave_days: n(s.earlyLeaveDays),
      early_leave_minutes: n(s.earlyLeaveMinutes),
      regular_minutes: n(s.regularMinutes),
      scheduled_overtime_minutes: s.scheduledOvertimeMinutes,
      statutory_overtime_minutes: s.statutoryOvertimeMinutes,
      period_statutory_overtime_minutes: n(s.periodStatutoryOvertimeMinutes),
      overtime_over_60_minutes: s.overtimeOver60Minutes,
      late_night_minutes: s.lateNightMinutes,
      legal_holiday_work_minutes: s.legalHolidayWorkMinutes,
      paid_leave_days: s.paidLeaveDays,
      substitute_leave_days: n(s.substituteLeaveDays),
      transfer_holiday_days: n(s.transferHolidayDays),
      paid_leave_hours: n(s.paidLeaveHours),
    },
    rounded: s.rounded30 as Rounded | null | undefined,
  };
}

/** A closed period's figures from the snapshot (所定内 = worked − 法内 − 法定外 − 法定休日, as the engine splits them). */
function frozenFigures(t: FrozenTotals): { figures: TotalsFigures; rounded: Rounded | null | undefined } {
  return {
    figures: {
      scheduled_days: n(t.scheduledDays),
      work_days: t.workDays,
      legal_holiday_work_days: n(t.legalHolidayWorkDays),
      non_legal_holiday_work_days: n(t.nonLegalHolidayWorkDays),
      absent_days: n(t.absentDays),
      late_days: n(t.lateDays),
      late_minutes: n(t.lateMinutes),
      early_leave_days: n(t.earlyLeaveDays),
      early_leave_minutes: n(t.earlyLeaveMinutes),
      regular_minutes:
        t.workedMinutes - t.scheduledOvertimeMinutes - t.statutoryOvertimeMinutes - t.legalHolidayWorkMinutes,
      scheduled_overtime_minutes: t.scheduledOvertimeMinutes,
      statutory_overtime_minutes: t.statutoryOvertimeMinutes,
      period_statutory_overtime_minutes: n(t.periodStatutoryOvertimeMinutes),
      overtime_over_60_minutes: n(t.overtimeOver60Minutes),
      late_night_minutes: t.lateNightMinutes,
      legal_holiday_work_minutes: t.legalHolidayWorkMinutes,
      paid_leave_days: n(t.paidLeaveDays),
      substitute_leave_days: n(t.substituteLeaveDays),
      transfer_holiday_days: n(t.transferHolidayDays),
      paid_leave_hours: n(t.paidLeaveHours),
    },
    // Snapshots before issue 18 have no rounded30 at all (undefined): no rounding shown.
    rounded: t.rounded30,
  };
}

type Member = StaffMember & { employeeNumber?: string | undefined; nameKana?: string | undefined };

/** 五十音: by フリガナ (staff without one after those with one), then name, then id. */
function kanaOrder(a: AttendanceTotalsRow, b: AttendanceTotalsRow): number {
  if ((a.name_kana === null) !== (b.name_kana === null)) return a.name_kana === null ? 1 : -1;
  return (
    (a.name_kana ?? '').localeCompare(b.name_kana ?? '', 'ja') ||
    a.name.localeCompare(b.name, 'ja') ||
    (a.employee_id < b.employee_id ? -1 : a.employee_id > b.employee_id ? 1 : 0)
  );
}

/** Sorts rows by a column; nulls always last, ties in 五十音 order. */
export function sortRows(rows: AttendanceTotalsRow[], sort: TotalsSort, order: 'asc' | 'desc'): AttendanceTotalsRow[] {
  const dir = order === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (sort === 'name_kana') return dir * kanaOrder(a, b);
    const x = a[sort];
    const y = b[sort];
    if (x === null || y === null) return x === y ? kanaOrder(a, b) : x === null ? 1 : -1;
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'ja');
    return c ? dir * c : kanaOrder(a, b);
  });
}

export interface TotalsQuery {
  period: string;
  departmentId?: string | undefined;
  employmentStatusId?: string | undefined;
  sort?: TotalsSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  /** The previous page's `next` (db/staff.ts staffInOrderPage): the page starts after that member. */
  after?: string | undefined;
  limit?: number | undefined;
}

/** The period's days, or null when no 締め日 falls in that month (the route answers 400). */
export async function totalsPeriod(companyId: string, period: string) {
  return periodById(period, await payrollVersions(companyId));
}

/**
 * One page of 勤怠集計 rows: a page of active staff in 五十音 order (one Query of the staff index; the
 * department / status filters apply to the members it reads), sorted on the page by `sort` (default
 * 五十音, which is then the order across pages too). Null when the period does not exist. Reads: the
 * page, the 締め日 versions, the closing, departments and statuses, then the page's summaries (one
 * BatchGetItem); the paid-leave balances come with the page (each member's leave ledger). A closed
 * period lists the members of its closing snapshot instead (closedTotalsPage: the page's items by one
 * BatchGetItem), whoever joined or left since.
 */
export async function attendanceTotals(
  companyId: string,
  timeZone: string,
  q: TotalsQuery,
): Promise<AttendanceTotalsPage | null> {
  const limit = Math.min(q.limit ?? TOTALS_PAGE_LIMIT, TOTALS_PAGE_LIMIT);
  // The department / status filters apply to the unit each member is in on the period's last day (a
  // move applies from its date, issue 29 item 11), so they are applied to the page read here, not in
  // the Query: the page is still the `limit` members the Query reads, holding those that match.
  const [period, read, snapshot, departments, statuses] = await Promise.all([
    totalsPeriod(companyId, q.period),
    staffInOrderPage(companyId, { limit, after: q.after }),
    frozenSnapshot(companyId, q.period),
    listOrgUnits('department', companyId),
    listOrgUnits('employmentStatus', companyId),
  ]);
  if (!period) return null;
  const unitOf = (m: StaffMember) => assignmentOn(m, period.to);
  const page = {
    next: read.next,
    staff: read.staff.filter((m) => {
      const unit = unitOf(m);
      return (
        (!q.departmentId || unit.departmentId === q.departmentId) &&
        (!q.employmentStatusId || unit.employmentStatusId === q.employmentStatusId)
      );
    }),
  };
  // Only the page's summaries (one BatchGetItem), not the period's for the whole company; a closed
  // period reads none (its figures are the snapshot's). The balances come with the page: each
  // member's leave ledger (db/leave-ledger.ts), read on its own only for a member stored before it.
  const [summaries, leaveOf] = await Promise.all([
    snapshot === null
      ? summariesOf(
          companyId,
          q.period,
          page.staff.map((m) => m.employeeId),
        )
      : [],
    snapshot === null ? leaveInputs(companyId, page.staff) : new Map<string, never>(),
  ]);
  // A department or status of another company (or of none) is a 404 like any foreign id, never an empty page.
  if (
    (q.departmentId !== undefined && !departments.some((d) => d.id === q.departmentId)) ||
    (q.employmentStatusId !== undefined && !statuses.some((s) => s.id === q.employmentStatusId))
  )
    throw new NotFoundError(MESSAGES.fetchDataFailed);
  const deptName = new Map(departments.map((d) => [d.id, d.name]));
  const statusName = new Map(statuses.map((s) => [s.id, s.name]));
  const asOf = today(timeZone, clock.now());
  const sort = q.sort ?? 'name_kana';
  const order = q.order ?? 'asc';
  if (snapshot !== null) {
    const frozenPage = await closedTotalsPage(companyId, snapshot, q, limit, { deptName, statusName, asOf });
    return {
      period: period.id,
      // A closed period's days are the ones it was closed with.
      from: snapshot.from,
      to: snapshot.to,
      closed: true,
      sort,
      order,
      rows: sortRows(frozenPage.rows, sort, order),
      next: frozenPage.next,
      total: frozenPage.total,
    };
  }
  const stored = new Map(summaries.map((s) => [s.employeeId, s]));
  const rows = (page.staff as Member[]).map((m): AttendanceTotalsRow => {
    const source = stored.has(m.employeeId) ? summaryFigures(stored.get(m.employeeId)!) : null;
    const ledger = leaveOf.get(m.employeeId);
    const leave = ledger?.grants.length ? summarize(m, ledger.grants, ledger.takings, asOf) : null;
    const figures = source?.figures ?? NULL_FIGURES;
    const unit = unitOf(m);
    return {
      employee_id: m.employeeId,
      employee_number: m.employeeNumber ?? null,
      name: `${m.lastName} ${m.firstName}`,
      name_kana: m.nameKana ?? null,
      department_id: unit.departmentId,
      department: unit.departmentId ? (deptName.get(unit.departmentId) ?? null) : null,
      employment_status_id: unit.employmentStatusId,
      employment_status: unit.employmentStatusId ? (statusName.get(unit.employmentStatusId) ?? null) : null,
      status: 'active',
      closed: false,
      no_data: source === null,
      recompute_pending: source !== null && Object.values(source.figures).some((v) => v === null),
      rounding: source?.rounded ? 'monthly_30' : null,
      rounded: roundedView(source?.rounded),
      paid_leave_balance: leave ? { days: leave.remaining.days, hours: leave.remaining.hours, as_of: asOf } : null,
      ...figures,
    };
  });
  return {
    period: period.id,
    from: period.from,
    to: period.to,
    closed: false,
    sort,
    order,
    rows: sortRows(rows, sort, order),
    next: page.next,
  };
}

/** The 五十音 position of a frozen member: the staff index's key (entities/employee.ts listOrder) and the id. */
const frozenOrder = (e: FrozenEmployee) => `${listOrderKey(e.nameKana ?? null, e.name)}\u0000${e.employeeId}`;

/**
 * A closed period's page (issue 29 item 13): exactly the members its closing froze — retired since
 * included, registered since left out — with their figures, names and department / status as they were
 * at closing, in 五十音 order by the frozen names (the same key as the staff index, so a cursor reads the
 * same way on either path) and filtered by the frozen department / status. Snapshots taken before they
 * kept the 社員番号 and フリガナ take them from the members' items (one BatchGetItem for the page, which
 * also gives each member's leave ledger for the balance today), and sort by name alone.
 */
async function closedTotalsPage(
  companyId: string,
  snapshot: PeriodSnapshot,
  q: TotalsQuery,
  limit: number,
  names: { deptName: Map<string, string>; statusName: Map<string, string>; asOf: string },
): Promise<{ rows: AttendanceTotalsRow[]; next: string | null; total: number }> {
  const chosen = snapshot.employees
    .filter((e) => !q.departmentId || e.departmentId === q.departmentId)
    .filter((e) => !q.employmentStatusId || e.employmentStatusId === q.employmentStatusId)
    .map((e) => ({ e, key: frozenOrder(e) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rest = q.after === undefined ? chosen : chosen.filter((x) => x.key > q.after!);
  const page = rest.slice(0, limit);
  const members = await staffByIds(
    companyId,
    page.map((x) => x.e.employeeId),
  );
  const byId = new Map(members.map((m) => [m.employeeId, m]));
  const leaveOf = await leaveInputs(companyId, members);
  const rows = page.map(({ e }): AttendanceTotalsRow => {
    const m = byId.get(e.employeeId);
    const ledger = leaveOf.get(e.employeeId);
    const leave = m && ledger?.grants.length ? summarize(m, ledger.grants, ledger.takings, names.asOf) : null;
    const source = frozenFigures(e.totals);
    return {
      employee_id: e.employeeId,
      employee_number: e.employeeNumber !== undefined ? e.employeeNumber : (m?.employeeNumber ?? null),
      name: e.name,
      name_kana: e.nameKana !== undefined ? e.nameKana : (m?.nameKana ?? null),
      department_id: e.departmentId,
      department: e.departmentId ? (e.departmentName ?? names.deptName.get(e.departmentId) ?? null) : null,
      employment_status_id: e.employmentStatusId,
      employment_status: e.employmentStatusId
        ? (e.employmentStatusName ?? names.statusName.get(e.employmentStatusId) ?? null)
        : null,
      status: m?.status === 'retired' ? 'retired' : 'active',
      closed: true,
      no_data: false,
      recompute_pending: Object.values(source.figures).some((v) => v === null),
      rounding: source.rounded ? 'monthly_30' : null,
      rounded: roundedView(source.rounded),
      paid_leave_balance: leave
        ? { days: leave.remaining.days, hours: leave.remaining.hours, as_of: names.asOf }
        : null,
      ...source.figures,
    };
  });
  const more = rest.length > limit;
  return { rows, next: more ? page[page.length - 1]!.key : null, total: chosen.length };
}
