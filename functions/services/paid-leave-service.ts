/**
 * Annual paid leave across the data and the pure module: summaries (balance, next expiry, next
 * grant, five-day duty), one employee's ledger and register, manual grants, and the statutory
 * grant run. Nothing here is stored except grants; every figure is derived on read.
 */
import { companyById } from '../db/companies.js';
import {
  companyGrants,
  deleteGrant,
  employeeGrants,
  employeeLeaveRequests,
  insertGrant,
  isManaged,
  leaveInputs,
  leaveEmployeeOf,
  leaveGrantsOf,
  patternOf,
  takingsOf,
  type GrantRecord,
  type LeaveProfile,
} from '../db/paid-leave.js';
import type { LedgerGrant } from '../db/leave-ledger.js';
import { assertDaysOpen, payrollVersions } from '../db/period-closings.js';
import { markWorkStatusChanged } from '../db/work-status-digests.js';
import { periodOf } from '../domain/payroll-period.js';
import { scheduleSettings } from '../db/schedules.js';
import { activeStaff, activeStaffMember, staffInOrderPage, type StaffMember } from '../db/staff.js';
import { settingsOf } from '../domain/worktime/schedule.js';
import {
  addYearsLegal,
  balanceOn,
  computeLedger,
  daysAndHours,
  fiveDayDuty,
  hourlyUsedInYear,
  grantsFor,
  grantOutsideEmployment,
  type CommonGrantDate,
  nextGrant,
  registerRows,
  type FiveDayWindow,
  type LeaveGrant,
  type LeaveTaking,
} from '../domain/paid-leave/index.js';
import { today } from '../domain/time.js';
import { clock } from '../shared/clock.js';
import { ConflictError, ValidationError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { MESSAGES } from '../shared/messages.js';

interface Person extends LeaveProfile {
  employeeId: string;
  lastName: string;
  firstName: string;
}

const groupBy = <T, K>(xs: readonly T[], key: (x: T) => K) => {
  const m = new Map<K, T[]>();
  for (const x of xs) {
    const list = m.get(key(x));
    if (list) list.push(x);
    else m.set(key(x), [x]);
  }
  return m;
};

/**
 * Windows a screen shows: the ones running today, and ones missed within the last year (a breach to
 * act on). A window that ended before the records of the worker began is never a breach shown.
 */
function relevantWindows(
  grants: readonly LeaveGrant[],
  approved: readonly LeaveTaking[],
  asOf: string,
  records: { recordsFrom: string | null; takenBeforeRecords: number | null },
): FiveDayWindow[] {
  const yearAgo = addYearsLegal(asOf, -1);
  return fiveDayDuty(grants, approved, asOf, records).filter(
    (w) => w.from <= asOf && (asOf <= w.deadline || (w.status === 'overdue' && w.deadline >= yearAgo)),
  );
}

/**
 * The first day the product's records of a worker cover: the later of the hire date and the
 * company's first day of use (issue 29 item 8); null when neither is known (companies created before
 * the first day of use was kept and not yet migrated: every day counts, as before).
 */
export function recordsFromOf(
  person: { hireDate?: string | undefined },
  usageStartedOn: string | null | undefined,
): string | null {
  if (!usageStartedOn) return null;
  return person.hireDate && person.hireDate > usageStartedOn ? person.hireDate : usageStartedOn;
}

const fiveDayView = (w: FiveDayWindow) => ({
  base_dates: w.baseDates,
  from: w.from,
  deadline: w.deadline,
  required_days: w.requiredDays,
  taken_days: w.takenDays,
  planned_days: w.plannedDays,
  remaining_days: w.remainingDays,
  expected_by_now: w.expectedByNow,
  days_left: w.daysLeft,
  status: w.status,
  /** The window began before the records of the worker (days before them unknown unless stated). */
  before_records: w.beforeRecords,
  /** The days stated as taken before the records (staff form); null when not stated or not needed. */
  taken_before_records: w.takenBeforeRecords,
});

/** A taking as the detail screen lists it: days 1 / 0.5, or the hours of 時間単位 (days then 0). */
const takingView = (t: LeaveTaking) => ({
  request_id: t.id,
  date: t.date,
  days: t.hours === undefined ? t.days : 0,
  hours: t.hours ?? null,
});

const SEVERITY: FiveDayWindow['status'][] = [
  'overdue',
  'behind',
  'unconfirmed',
  'on_track',
  'scheduled',
  'met',
  'upcoming',
  'before_records',
];

/** One employee's balance, pending days, next expiry and grant, and five-day duty on `asOf`. */
export function summarize(
  person: Person,
  records: readonly LedgerGrant[],
  requests: Parameters<typeof takingsOf>[0],
  asOf: string,
  options: GrantOptions = {},
) {
  const grants = leaveGrantsOf(records);
  const { approved, pending } = takingsOf(requests);
  const managed = isManaged(person, records);
  // Future-dated approved leave is already spoken for: the remaining days are what is left after it.
  const balance = balanceOn(grants, approved, asOf);
  const held = balanceOn(grants, [...approved, ...pending], asOf);
  const employee = leaveEmployeeOf(person);
  const next = employee ? nextGrant(employee, asOf, options) : null;
  const recordsFrom = recordsFromOf(person, options.usageStartedOn);
  const windows = relevantWindows(grants, approved, asOf, {
    recordsFrom,
    takenBeforeRecords: person.leaveTakenBeforeRecords ?? null,
  });
  // 時間単位年休: the remainder below a day is shown in hours, a day's worth being that of the latest
  // hourly taking (without hourly leave the balance stays in days and half days).
  const lastHourly = [...approved, ...pending]
    .filter((t) => t.dayHours !== undefined)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .at(-1);
  const dayHours = lastHourly?.dayHours ?? null;
  const hourlyYear = hourlyUsedInYear(grants, [...approved, ...pending], asOf);
  const worst = [...windows].sort((a, b) => SEVERITY.indexOf(a.status) - SEVERITY.indexOf(b.status))[0];
  return {
    employee_id: person.employeeId,
    name: `${person.lastName} ${person.firstName}`,
    hire_date: person.hireDate ?? null,
    managed,
    as_of: asOf,
    remaining_days: balance.free,
    /** remaining_days as whole days and hours ("8日と4時間"); hours 0 without hourly leave. */
    remaining: daysAndHours(balance.free, dayHours),
    /** Days and half days pending; hourly requests are in pending_hours. */
    pending_days: pending.filter((t) => t.hours === undefined).reduce((a, t) => a + t.days, 0),
    pending_hours: pending.reduce((a, t) => a + (t.hours ?? 0), 0),
    requestable_days: Math.max(0, held.free),
    requestable: daysAndHours(Math.max(0, held.free), dayHours),
    /** A day's worth of hourly leave used for the hours above (null without hourly leave). */
    day_hours: dayHours,
    /** Hourly leave (approved and pending) in the leave year holding `as_of` (39条4項 cap). */
    hourly_year: { from: hourlyYear.from, to: hourlyYear.to, used_hours: hourlyYear.hours },
    next_expiry: balance.nextExpiry
      ? { expires_on: balance.nextExpiry.expiresOn, days: balance.nextExpiry.days }
      : null,
    next_grant: next && next.outcome === 'granted' ? { grant_date: next.grantDate, days: next.days } : null,
    five_day: windows.map(fiveDayView),
    five_day_status: worst?.status ?? null,
    /**
     * The first day the records of the member cover (later of the 入社日 and the company's first day of
     * use); the five-day duty is judged from it. Null: every day (the company's first day is unknown).
     */
    records_from: recordsFrom,
    /** 記録開始前の有給取得日数 as stated on the staff form; null when not stated. */
    leave_taken_before_records: person.leaveTakenBeforeRecords ?? null,
  };
}
export type PaidLeaveSummary = ReturnType<typeof summarize>;

export interface GrantOptions {
  commonGrantDate?: CommonGrantDate | undefined;
  /** The company's first day of use (Company.usageStartedOn): the five-day duty is judged from it. */
  usageStartedOn?: string | undefined;
}

/** The company's 斉一的付与 setting, when it has one, and its first day of use. */
export function grantOptionsOf(
  company: {
    leaveCommonDate?: string | undefined;
    leaveFirstGrant?: CommonGrantDate['firstGrant'] | undefined;
    usageStartedOn?: string | undefined;
  } | null,
): GrantOptions {
  const usage = company?.usageStartedOn ? { usageStartedOn: company.usageStartedOn } : {};
  return company?.leaveCommonDate
    ? {
        commonGrantDate: {
          monthDay: company.leaveCommonDate,
          firstGrant: company.leaveFirstGrant ?? 'first_common_date',
        },
        ...usage,
      }
    : usage;
}

const companyGrantOptions = async (companyId: string) => grantOptionsOf(await companyById(companyId));

/**
 * The signed-in employee's own summary, and whether the company allows 時間単位年休 today (the leave
 * form offers the unit then; the filing checks the leave date's settings): five reads.
 */
export async function ownPaidLeave(companyId: string, employeeId: string, timeZone: string) {
  const [person, grants, requests, options, schedule] = await Promise.all([
    activeStaffMember(companyId, employeeId),
    employeeGrants(companyId, employeeId),
    employeeLeaveRequests(companyId, employeeId),
    companyGrantOptions(companyId),
    scheduleSettings(companyId),
  ]);
  const asOf = today(timeZone, clock.now());
  const settings = settingsOf(schedule.settings)(asOf);
  return {
    ...summarize(person, grants, requests, asOf, options),
    hourly_leave: { enabled: settings.hourlyLeaveEnabled, days_per_year: settings.hourlyLeaveDaysPerYear },
  };
}

/** `GET /api/v1/paid_leave` (the SPA imports the type). */
export type OwnPaidLeave = Awaited<ReturnType<typeof ownPaidLeave>>;

/** Rows in one page of 有給管理's staff list. */
export const PAID_LEAVE_PAGE_LIMIT = 100;

/**
 * A page of active staff with their paid-leave summaries, in 五十音 order across pages (the staff
 * index, as the staff list): one Query of the index and the company (斉一的付与), whatever the
 * company's size; the balances come with the page (each member's leave ledger, db/leave-ledger.ts).
 */
export async function staffPaidLeavePage(
  companyId: string,
  timeZone: string,
  page: { limit?: number | undefined; after?: string | undefined } = {},
) {
  const [{ staff, next }, options] = await Promise.all([
    staffInOrderPage(companyId, {
      limit: Math.min(page.limit ?? PAID_LEAVE_PAGE_LIMIT, PAID_LEAVE_PAGE_LIMIT),
      after: page.after,
    }),
    companyGrantOptions(companyId),
  ]);
  const asOf = today(timeZone, clock.now());
  const leaveOf = await leaveInputs(companyId, staff);
  const rows = staff.map((m) => {
    const ledger = leaveOf.get(m.employeeId)!;
    return summarize(m, ledger.grants, ledger.takings, asOf, options);
  });
  return { rows, next };
}

/**
 * Every active staff member's summary, a page at a time (the daily notices' background run; a
 * request reads one page with staffPaidLeavePage).
 */
export async function* staffPaidLeave(companyId: string, timeZone: string) {
  let after: string | undefined;
  do {
    const page = await staffPaidLeavePage(companyId, timeZone, { after });
    yield* page.rows;
    after = page.next ?? undefined;
  } while (after !== undefined);
}

/** A member behind on the five-day duty (年5日の取得義務, 39条7項), as 勤怠状況 lists them. */
export interface FiveDayBehindView {
  employee_id: string;
  name: string;
  deadline: string;
  required_days: number;
  taken_days: number;
  planned_days: number;
  remaining_days: number;
  status: 'behind' | 'overdue';
}

/**
 * The given staff who are behind on the five-day duty or missed it, earliest deadline first: their
 * ledgers as they come with the staff items (a member without one reads their own). Whole company:
 * the work-status digest's background build only.
 */
export async function fiveDayBehind(
  companyId: string,
  staff: readonly StaffMember[],
  timeZone: string,
  now: Date,
): Promise<FiveDayBehindView[]> {
  const asOf = today(timeZone, now);
  const [leaveOf, options] = await Promise.all([leaveInputs(companyId, staff), companyGrantOptions(companyId)]);
  const out: FiveDayBehindView[] = [];
  for (const m of staff) {
    const ledger = leaveOf.get(m.employeeId)!;
    if (!ledger.grants.length) continue;
    const w = summarize(m, ledger.grants, ledger.takings, asOf, options).five_day.find(
      (x) => x.status === 'behind' || x.status === 'overdue',
    );
    if (!w) continue;
    out.push({
      employee_id: m.employeeId,
      name: `${m.lastName} ${m.firstName}`,
      deadline: w.deadline,
      required_days: w.required_days,
      taken_days: w.taken_days,
      planned_days: w.planned_days,
      remaining_days: w.remaining_days,
      status: w.status as 'behind' | 'overdue',
    });
  }
  return out.sort((x, y) =>
    x.deadline < y.deadline ? -1 : x.deadline > y.deadline ? 1 : x.employee_id < y.employee_id ? -1 : 1,
  );
}

/** One staff member's full picture: summary, working pattern, grants with their use, takings and the register. */
export async function employeePaidLeave(companyId: string, employeeId: string, timeZone: string) {
  const [person, records, requests, options] = await Promise.all([
    activeStaffMember(companyId, employeeId),
    employeeGrants(companyId, employeeId),
    employeeLeaveRequests(companyId, employeeId),
    companyGrantOptions(companyId),
  ]);
  const asOf = today(timeZone, clock.now());
  const grants = leaveGrantsOf(records);
  const { approved, pending } = takingsOf(requests);
  const ledger = computeLedger(grants, approved, asOf);
  const state = new Map(ledger.grants.map((g) => [g.id, g]));
  const pattern = patternOf(person);
  const summary = summarize(person, records, requests, asOf, options);
  return {
    ...summary,
    working_pattern: pattern
      ? pattern.basis === 'week'
        ? {
            basis: 'week' as const,
            days_per_week: pattern.daysPerWeek,
            days_per_year: null,
            weekly_hours: pattern.weeklyHours,
          }
        : {
            basis: 'year' as const,
            days_per_week: null,
            days_per_year: pattern.daysPerYear,
            weekly_hours: pattern.weeklyHours,
          }
      : null,
    grants: records.map((g) => {
      // A grant the ledger cannot count (dates out of range, stored before issue 30 item 8) is listed
      // with nothing used or left, flagged, so the admin sees it and can delete it.
      const s = state.get(g.grantId) ?? { used: 0, booked: 0, remaining: 0 };
      return {
        id: g.grantId,
        granted_on: g.grantedOn,
        days: g.days,
        expires_on: g.expiresOn,
        kind: g.kind,
        source: g.source,
        reason: g.reason ?? null,
        attendance_basis: g.attendanceBasis ?? null,
        used_days: s.used + s.booked,
        remaining_days: s.remaining,
        expired: g.expiresOn <= asOf,
        counted: state.has(g.grantId),
      };
    }),
    takings: [
      ...approved.map((t) => ({ ...takingView(t), status: 'approved' as const })),
      ...pending.map((t) => ({ ...takingView(t), status: 'pending' as const })),
    ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    register: registerRows(grants, approved, asOf).map((r) => ({
      base_date: r.baseDate,
      days_granted: r.daysGranted,
      extra_days_granted: r.extraDaysGranted,
      expires_on: r.expiresOn,
      period_from: r.periodFrom,
      period_to: r.periodTo,
      taken: r.taken.map((t) => ({ date: t.date, days: t.days, hours: t.hours ?? null })),
      days_taken: r.daysTaken,
      hours_taken: r.hoursTaken,
      balance: r.balance,
      /** The balance as days and hours (時間単位年休). */
      balance_split: daysAndHours(r.balance, summary.day_hours),
    })),
  };
}

/** `GET /api/v1/paid_leave/employees/{id}` (the SPA imports the type). */
export type PaidLeaveDetail = Awaited<ReturnType<typeof employeePaidLeave>>;

export interface ManualGrantInput {
  grantedOn: string;
  days: number;
  expiresOn?: string | undefined;
  kind: 'statutory' | 'extra';
  reason: string;
}

/**
 * A manual grant or adjustment by an admin, with the reason and who made it (the item is its own audit record).
 * Not refused in a closed payroll period, even when dated in one: a grant changes the leave balance and
 * the 管理簿 (its own register, 則24条の7), never a day's punches, leave, approvals or worked time, so no
 * figure of a closed period changes. Blocking it would only stop a late statutory grant being recorded.
 */
export async function manualGrant(companyId: string, employeeId: string, input: ManualGrantInput, adminId: string) {
  const record: GrantRecord = {
    companyId,
    employeeId,
    grantId: newId(),
    grantedOn: input.grantedOn,
    days: input.days,
    expiresOn: input.expiresOn ?? addYearsLegal(input.grantedOn, 2),
    kind: input.kind,
    source: 'manual',
    reason: input.reason,
    createdBy: adminId,
  };
  // Active staff only, dated within their employment: the grant's own read of the member checks both
  // (a 404 otherwise; a 400 next to 付与日, nothing stored).
  await insertGrant(record, undefined, {
    active: true,
    check: (member) => assertWithinEmployment(record.grantedOn, member),
  });
  return {
    id: record.grantId,
    granted_on: record.grantedOn,
    days: record.days,
    expires_on: record.expiresOn,
    kind: record.kind,
    reason: input.reason,
  };
}

/** 付与日 before the 入社日 or after the 退職日: refused next to the field (issue 30 item 8). */
function assertWithinEmployment(
  grantedOn: string,
  member: { hireDate?: string | undefined; leaveDate?: string | undefined },
) {
  const outside = grantOutsideEmployment(grantedOn, member);
  if (!outside) return;
  const message =
    outside === 'before_hire'
      ? MESSAGES.grantBeforeHire.replace('{date}', member.hireDate!)
      : MESSAGES.grantAfterLeave.replace('{date}', member.leaveDate!);
  throw new ValidationError(MESSAGES.registrationDefect, { granted_on: [message] });
}

/** The answer to a manual grant (the SPA imports the type). */
export type ManualGrantView = Awaited<ReturnType<typeof manualGrant>>;

/**
 * Deletes a grant an admin entered wrongly (issue 30 item 8), audited; the balance, derived from the
 * ledger, follows at once. Refused (409, nothing changed):
 * - a grant of the statutory run (`source: 'auto'`): the run would make it again on its next day, and a
 *   wrong one is corrected by a manual adjustment, as the grant run's comment says;
 * - a grant dated in a closed payroll period: its 管理簿 was settled with the period;
 * - a grant days were taken or are requested against (the ledger allocates leave to it): deleting it
 *   would move those days onto other grants or leave them uncovered; withdraw or reject them first.
 * A grant the ledger cannot count (dates stored before the bounds) has nothing allocated and may go.
 */
export async function deleteManualGrant(companyId: string, employeeId: string, grantId: string) {
  const grant = await deleteGrant(companyId, employeeId, grantId, async (g, leave) => {
    if (g.source === 'auto') throw new ConflictError(MESSAGES.grantAutomatic);
    await assertDaysOpen(companyId, g.grantedOn, g.grantedOn, 'granted_on');
    const { approved, pending } = takingsOf(leave.takings);
    const state = computeLedger(leaveGrantsOf(leave.grants), [...approved, ...pending]).grants.find(
      (x) => x.id === g.grantId,
    );
    const used = state ? state.used + state.booked : 0;
    if (used > 0) throw new ConflictError(MESSAGES.grantUsed.replace('{n}', String(used)));
  });
  return { id: grant.grantId, employee_id: employeeId, granted_on: grant.grantedOn, days: grant.days };
}

/** The answer to a grant's deletion (the SPA imports the type). */
export type DeletedGrantView = Awaited<ReturnType<typeof deleteManualGrant>>;

/** Deterministic id of the run's grant on a date: a second run (or two at once) cannot grant twice. */
export const statutoryGrantId = (grantedOn: string) => `s${grantedOn.replaceAll('-', '')}`;

export interface GrantRunResult {
  as_of: string;
  /** Grants written by this run. */
  granted: { employee_id: string; granted_on: string; days: number; attendance: string }[];
  /** Active staff without a hire date: no automatic grants (入社日未登録). */
  without_hire_date: number;
}

/**
 * Applies the statutory grants due up to today (company-local) to every active employee with a
 * hire date. Idempotent: each grant has a deterministic id and is a conditional create, and a
 * service step already granted (even on another date, after the hire date was corrected) is not
 * granted again. Grants already expired on the day of the run are not back-filled: leave taken
 * before the company started using this system is unknown, so only live grants are made.
 *
 * Attendance (80 % rule) is not passed: the product does not know each worker's 全労働日 (company
 * calendar, shift plans, days owed no work under 39条10項), and a guess from punches would withhold
 * statutory days whenever punches are missing. The module then grants and flags the grant
 * `attendanceBasis: 'not_provided'`; an admin who judges a year below 80 % can see and correct it.
 */
export interface GrantRunProgress {
  /** The active staff the run goes through. */
  start(total: number): Promise<void>;
  /** `members` more gone through; `granted` grants made so far. */
  step(members: number, granted: number): Promise<void>;
}

/** Members gone through between two progress counts of a grant run. */
const GRANT_PROGRESS_EVERY = 50;

export async function runDueGrants(
  companyId: string,
  now: Date = clock.now(),
  progress?: GrantRunProgress,
): Promise<GrantRunResult> {
  const company = await companyById(companyId);
  const asOf = today(company.timeZone, now);
  const [staff, grants] = await Promise.all([activeStaff(companyId), companyGrants(companyId)]);
  const grantsOf = groupBy(grants, (g) => g.employeeId);
  const result: GrantRunResult = { as_of: asOf, granted: [], without_hire_date: 0 };
  await progress?.start(staff.length);
  let uncounted = 0;
  const counted = async (force = false) => {
    if (!progress || uncounted === 0 || (!force && uncounted < GRANT_PROGRESS_EVERY)) return;
    const n = uncounted;
    uncounted = 0;
    await progress.step(n, result.granted.length);
  };
  try {
    for (const member of staff) {
      uncounted++;
      await counted();
      const employee = leaveEmployeeOf(member);
      if (!employee) {
        result.without_hire_date++;
        continue;
      }
      const existing = grantsOf.get(member.employeeId) ?? [];
      const steps = new Set(existing.filter((g) => g.source === 'auto').map((g) => g.step));
      const due = grantsFor(employee, asOf, grantOptionsOf(company)).filter(
        (d) => d.outcome === 'granted' && d.expiresOn > asOf && !steps.has(d.step),
      );
      for (const d of due) {
        const outcome = await insertGrant({
          companyId,
          employeeId: member.employeeId,
          grantId: statutoryGrantId(d.grantDate),
          grantedOn: d.grantDate,
          days: d.days,
          expiresOn: d.expiresOn,
          kind: 'statutory',
          source: 'auto',
          step: d.step,
          table: d.table,
          attendanceBasis: d.attendance.basis,
          createdBy: 'system',
        });
        if (outcome === 'created')
          result.granted.push({
            employee_id: member.employeeId,
            granted_on: d.grantDate,
            days: d.days,
            attendance: d.attendance.basis,
          });
      }
      // A member who got a grant is counted at once: a run that dies after it leaves the job's count
      // of grants right for the run that takes it over (services/recompute-runner.ts).
      if (due.length) await counted(true);
    }
  } catch (error) {
    // A run that breaks off still shows what it did: the grants made before the break stay (each was
    // its own transaction), the failed job counts them (the screen says how many) and 勤怠状況 follows.
    await counted(true).catch(() => undefined);
    await markGrantsChanged().catch(() => undefined);
    throw error;
  }
  await counted(true);
  await markGrantsChanged();
  return result;

  /** The five-day list on 勤怠状況 follows the grants: its next read builds the figures again. */
  async function markGrantsChanged() {
    if (!result.granted.length) return;
    const period = periodOf(asOf, await payrollVersions(companyId));
    await markWorkStatusChanged(companyId, period.id, now.toISOString());
  }
}
