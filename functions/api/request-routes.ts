import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../domain/text-limits.js';
import type { RequestKind } from '../db/requests.js';
import { filePaidLeaveRequest } from '../db/paid-leave.js';
import { LEAVE_TYPE_UNITS, LEAVE_UNIT_MESSAGES, dayHoursOf, hoursText } from '../domain/paid-leave/index.js';
import { LEAVE_UNITS, type LeaveUnit } from '../domain/worktime/schedule.js';
import { employeeDays, leaveDay, type LeaveDay } from '../services/leave-day.js';
import { deliverMails } from '../services/mail-outbox.js';
import { prepareMails } from '../services/notify.js';
import type { OutboxMail } from '../db/mail-outbox.js';
import { refreshSummary } from '../db/summaries.js';
import { INPUT_MESSAGES, integerSchema, optionalTextSchema } from '../domain/input.js';
import { today } from '../domain/time.js';
import { leaveOnDayOffMessage } from '../domain/worktime/employee-day.js';
import { TRANSFER_MESSAGES, transferProblems } from '../domain/worktime/transfer.js';
import { clock } from '../shared/clock.js';
import {
  companyMonthRequestsPage,
  decideLoaded,
  employeeRequests,
  fileRequest,
  requestById,
  withdrawRequest,
} from '../db/requests.js';
import { NotFoundError, ValidationError } from '../shared/errors.js';
import { created, ok, okPage } from '../shared/http.js';
import { sealCursor } from '../shared/signing.js';
import { MESSAGES } from '../shared/messages.js';
import { api, type RouteNamesFor } from '../shared/middleware.js';
import { IdParamsSchema, MIN_YEAR, YMD_FIELDS, realDate, ymdToDate } from './schemas.js';
import { openPageCursor, pageFields } from './paging.js';
import { codeText } from '../shared/i18n/code-text.js';

/** Route functions shared by the three request kinds; each route keeps its own entry and Lambda. */

/** A request as the list, file and decide routes return it (the SPA imports the type). */
export const requestView = (r: {
  requestId: string;
  createdAt: string;
  date: string;
  status: number;
  kind: RequestKind;
  leaveType?: number | undefined;
  leaveUnit?: LeaveUnit | undefined;
  leaveHours?: number | undefined;
  workDate?: string | undefined;
  reason?: string | undefined;
  employeeName: string;
  employeeId: string;
  decisionReason?: string | undefined;
  plannedStart?: string | undefined;
  plannedEnd?: string | undefined;
  plannedEndNextDay?: boolean | undefined;
  dayVersion?: string | undefined;
  beforePunchInAt?: string | undefined;
  beforePunchOutAt?: string | undefined;
  beforeBreaks?: readonly { startAt: string; endAt?: string | undefined }[] | undefined;
  afterPunchInAt?: string | undefined;
  afterPunchOutAt?: string | undefined;
  afterBreaks?: readonly { startAt: string; endAt?: string | undefined }[] | undefined;
}) => ({
  id: r.requestId,
  created_at: r.createdAt,
  date: r.date,
  status: r.status,
  ...(r.kind === 'holiday' ? { kind: r.leaveType ?? 0 } : {}),
  // Leave only: 終日 / 午前半休 / 午後半休 / 時間単位 (requests filed before units existed are 終日), and the hours.
  ...(r.kind === 'holiday' ? { unit: r.leaveUnit ?? 'day', hours: r.leaveHours ?? null } : {}),
  // 振替休日 only: the day off worked in place of `date`.
  ...(r.workDate ? { work_date: r.workDate } : {}),
  reason: r.reason ?? '',
  employee_name: r.employeeName,
  employee_id: r.employeeId,
  /** The admin's reason for the decision (理由); '' when none was given or not yet decided. */
  decision_reason: r.decisionReason ?? '',
  // Overtime only: 予定開始・予定終了 ("HH:MM"; null on requests filed without them).
  ...(r.kind === 'over_work'
    ? {
        planned_start: r.plannedStart ?? null,
        planned_end: r.plannedEnd ?? null,
        planned_end_next_day: r.plannedEndNextDay ?? false,
      }
    : {}),
  // Correction only (打刻修正の承認): the day when filed and the day as the correction would leave it.
  ...(r.kind === 'correction' ? { correction: correctionView(r) } : {}),
});

type Breaks = readonly { startAt: string; endAt?: string | undefined }[] | undefined;
const breaks = (b: Breaks) => (b ?? []).map((x) => ({ start_at: x.startAt, end_at: x.endAt ?? null }));

/** Before and after of a correction request, each a whole day (after = before where the correction sets nothing). */
const correctionView = (r: {
  beforePunchInAt?: string | undefined;
  beforePunchOutAt?: string | undefined;
  beforeBreaks?: Breaks;
  afterPunchInAt?: string | undefined;
  afterPunchOutAt?: string | undefined;
  afterBreaks?: Breaks;
}) => ({
  before: {
    punch_in_at: r.beforePunchInAt ?? null,
    punch_out_at: r.beforePunchOutAt ?? null,
    breaks: breaks(r.beforeBreaks),
  },
  after: {
    punch_in_at: r.afterPunchInAt ?? r.beforePunchInAt ?? null,
    punch_out_at: r.afterPunchOutAt ?? r.beforePunchOutAt ?? null,
    breaks: breaks(r.afterBreaks ?? r.beforeBreaks),
  },
  /** Whether the correction sets the breaks (else they stay as they are). */
  breaks_changed: r.afterBreaks !== undefined,
});

export type RequestView = ReturnType<typeof requestView>;

/** Rows in one page of an admin's month list. */
export const REQUEST_PAGE_LIMIT = 100;

const ListQuerySchema = z.strictObject({
  year: z.optional(integerSchema(MIN_YEAR, 2100)),
  month: z.optional(integerSchema(1, 12)),
  /** The admin's month list only: a page (1–100, default 100) and the last answer's `next_cursor`. */
  ...pageFields(REQUEST_PAGE_LIMIT),
});

export const LEAVE_TYPES = [0, 1, 2] as const;

/** "HH:MM" or '' / null (= not given). */
const plannedTime = z.nullable(
  z.string().check(z.regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, { error: MESSAGES.plannedTimeInvalid })),
);

export const NewRequestSchema = z
  .strictObject({
    kind: z.optional(z.union([z.literal(0), z.literal(1), z.literal(2)])),
    ...YMD_FIELDS,
    /** 振替休日 (kind 2) only, and required there: the day off to be worked (YYYY-MM-DD); the date becomes the day off. */
    work_date: z.optional(z.iso.date({ error: INPUT_MESSAGES.date })),
    /** Leave only: 終日 (default) / 午前半休 / 午後半休 / 時間単位 (domain/paid-leave/units.ts says which type takes which). */
    unit: z.optional(z.enum(LEAVE_UNITS, { error: LEAVE_UNIT_MESSAGES.unitInvalid })),
    /** 時間単位 only, and required there: whole hours, fewer than the day's scheduled hours. */
    hours: z.optional(integerSchema(1, 47, LEAVE_UNIT_MESSAGES.hoursWhole)),
    reason: optionalTextSchema(TEXT_LIMITS.reason),
    /** Overtime only: 予定開始・予定終了 ("HH:MM", both or neither); the end on the next day with planned_end_next_day. */
    planned_start: z.optional(plannedTime),
    planned_end: z.optional(plannedTime),
    planned_end_next_day: z.optional(z.boolean()),
  })
  .check(z.refine(...realDate));

/**
 * 予定開始・予定終了 of an overtime request: both or neither, the end after the start (or on the next
 * day when planned_end_next_day, the way a correction's clock-out crosses midnight); field errors (400).
 * Other kinds refuse them.
 */
export function plannedOf(
  kind: RequestKind,
  body: {
    planned_start?: string | null | undefined;
    planned_end?: string | null | undefined;
    planned_end_next_day?: boolean | undefined;
  },
) {
  const start = body.planned_start || undefined;
  const end = body.planned_end || undefined;
  const nextDay = body.planned_end_next_day ?? false;
  if (kind !== 'over_work') {
    if (start || end || nextDay)
      throw new ValidationError(MESSAGES.applicationDefect, {
        ...(start ? { planned_start: [MESSAGES.plannedNotAllowed] } : {}),
        ...(end || nextDay ? { planned_end: [MESSAGES.plannedNotAllowed] } : {}),
      });
    return {};
  }
  if (!start && !end && !nextDay) return {};
  if (!start || !end)
    throw new ValidationError(MESSAGES.applicationDefect, {
      ...(start ? {} : { planned_start: [MESSAGES.plannedBothRequired] }),
      ...(end ? {} : { planned_end: [MESSAGES.plannedBothRequired] }),
    });
  if (!nextDay && end <= start)
    throw new ValidationError(MESSAGES.applicationDefect, { planned_end: [MESSAGES.plannedEndBeforeStart] });
  return { plannedStart: start, plannedEnd: end, ...(nextDay ? { plannedEndNextDay: true } : {}) };
}

export const listRequests = (routeName: RouteNamesFor<'employee' | 'admin'>, kind: RequestKind) =>
  api(routeName, { query: ListQuerySchema }, async ({ query, principal }) => {
    const companyId = principal.companyId;
    if (principal.role === 'admin') {
      if (!query.year || !query.month) throw new ValidationError();
      // The company's month a page (≤ 100) at a time, by date: `data` the page, `next_cursor` the next
      // (sealed to the company, kind and month; null on the last). One Query page whatever the staff count.
      const yearMonth = `${query.year}-${String(query.month).padStart(2, '0')}`;
      const scope = `requests\n${companyId}\n${kind}\n${yearMonth}`;
      const after = openPageCursor(query.cursor, scope) ?? null;
      const page = await companyMonthRequestsPage(companyId, kind, yearMonth, query.limit ?? REQUEST_PAGE_LIMIT, after);
      return okPage(page.rows.map(requestView), sealCursor(page.cursor, scope));
    }
    // An employee's own list is theirs whole (it grows with their own requests, not the company).
    if (query.limit !== undefined || query.cursor !== undefined)
      throw new ValidationError(MESSAGES.invalidRequest, {
        ...(query.limit !== undefined ? { limit: [codeText('field.not_needed')] } : {}),
        ...(query.cursor !== undefined ? { cursor: [codeText('field.not_needed')] } : {}),
      });
    return ok((await employeeRequests(companyId, principal.userId, kind)).map(requestView));
  });

export const createRequest = (routeName: RouteNamesFor<'employee'>, kind: RequestKind) =>
  api(
    routeName,
    { body: NewRequestSchema, invalidMessage: MESSAGES.applicationDefect, idempotent: true },
    async ({ body, principal }) => {
      if (kind === 'holiday' && body.kind === undefined)
        throw new ValidationError(MESSAGES.applicationDefect, { kind: [codeText('field.needed')] });
      if (kind !== 'holiday' && body.kind !== undefined)
        throw new ValidationError(MESSAGES.applicationDefect, { kind: [codeText('field.not_needed')] });
      const date = ymdToDate(body);
      const transfer = kind === 'holiday' && body.kind === 2;
      if (!transfer && body.work_date !== undefined)
        throw new ValidationError(MESSAGES.applicationDefect, { work_date: [TRANSFER_MESSAGES.workDateNotAllowed] });
      if (kind !== 'holiday' && (body.unit !== undefined || body.hours !== undefined))
        throw new ValidationError(MESSAGES.applicationDefect, {
          ...(body.unit === undefined ? {} : { unit: [codeText('field.not_needed')] }),
          ...(body.hours === undefined ? {} : { hours: [codeText('field.not_needed')] }),
        });
      const planned = plannedOf(kind, body);
      const unit = body.unit ?? 'day';
      if (kind === 'holiday') unitProblems(body.kind!, unit, body.hours);
      if (transfer) {
        if (body.work_date === undefined)
          throw new ValidationError(MESSAGES.applicationDefect, { work_date: [TRANSFER_MESSAGES.workDateRequired] });
        const { day } = await employeeDays(principal.companyId, principal.userId, [date, body.work_date]);
        const problems = transferProblems(date, body.work_date, day, today(principal.timeZone, clock.now()));
        if (Object.keys(problems).length) throw new ValidationError(MESSAGES.applicationDefect, problems);
      }
      let hourly: { leaveHours: number; leaveDayHours: number; daysPerYear: number } | null = null;
      if (kind === 'holiday' && !transfer) {
        // 39条: leave is a release from a duty to work, so leave of every type and unit only on the
        // employee's working day — the day as the punch screen and the month table show it
        // (employee-day.ts: the calendar, an approved 振替, the shift). A 所定休日, 祝日, 会社休日,
        // 法定休日, a shift's day off or a 振替's day off is refused, naming which, before anything is
        // written (so it never counts toward the five-day duty); a shift's pattern on a 所定休日 or
        // 会社休日 makes that a working day.
        const day = await leaveDay(principal.companyId, principal.userId, date);
        if (day.day.calendar.isDayOff)
          throw new ValidationError(MESSAGES.applicationDefect, { day: [leaveOnDayOffMessage(day.day)] });
        if (unit === 'hours') hourly = hourlyOf(day, body.hours!);
      }
      // Paid leave (有給, leave type 0) is checked against the balance; the other kinds file as they are.
      const filing = {
        companyId: principal.companyId,
        employeeId: principal.userId,
        employeeName: principal.userName,
        kind,
        date,
        reason: body.reason,
        ...planned,
        ...(kind === 'holiday' ? { leaveType: body.kind, leaveUnit: unit } : {}),
        ...(hourly ? { leaveHours: hourly.leaveHours, leaveDayHours: hourly.leaveDayHours } : {}),
        ...(transfer ? { workDate: body.work_date } : {}),
      };
      // The admins' mails are stored in the filing's own transaction (never lost), then sent; one the
      // mail server does not take now is tried again by the outbox (services/mail-outbox.ts).
      const mails = await prepareMails({
        kind: 'request_filed',
        companyId: principal.companyId,
        requestKind: kind,
        employeeId: principal.userId,
        employeeName: principal.userName,
        date,
      });
      const row =
        kind === 'holiday' && body.kind === 0
          ? await filePaidLeaveRequest(
              filing,
              undefined,
              hourly ? { daysPerYear: hourly.daysPerYear } : undefined,
              mails,
            )
          : await fileRequest(filing, undefined, mails);
      await deliverMails(mails);
      return created(requestView(row));
    },
  );

/** The unit a leave type takes and the hours it needs (400 with the field's Japanese error). */
function unitProblems(leaveType: 0 | 1 | 2, unit: LeaveUnit, hours: number | undefined) {
  if (!LEAVE_TYPE_UNITS[leaveType].includes(unit))
    throw new ValidationError(MESSAGES.applicationDefect, {
      unit: [LEAVE_UNIT_MESSAGES.unitNotAllowed[leaveType as 1 | 2]],
    });
  if (unit === 'hours' && hours === undefined)
    throw new ValidationError(MESSAGES.applicationDefect, { hours: [LEAVE_UNIT_MESSAGES.hoursRequired] });
  if (unit !== 'hours' && hours !== undefined)
    throw new ValidationError(MESSAGES.applicationDefect, { hours: [LEAVE_UNIT_MESSAGES.hoursNotAllowed] });
}

/**
 * 時間単位: only where the company's 勤務設定 enables it on the date (労使協定, 39条4項), and fewer hours
 * than the day's scheduled working time; a day's worth is the employee's standard day (services/
 * leave-day.ts: the default pattern or the rule's 所定, not the shift of the date) rounded up to whole hours.
 */
function hourlyOf(day: LeaveDay, hours: number) {
  if (!day.settings.hourlyLeaveEnabled)
    throw new ValidationError(MESSAGES.applicationDefect, { unit: [LEAVE_UNIT_MESSAGES.hourlyDisabled] });
  const scheduled = day.scheduledMinutes;
  if (scheduled === null)
    throw new ValidationError(MESSAGES.applicationDefect, { hours: [LEAVE_UNIT_MESSAGES.noSchedule] });
  if (hours * 60 >= scheduled)
    throw new ValidationError(MESSAGES.applicationDefect, {
      hours: [LEAVE_UNIT_MESSAGES.hoursTooMany(hoursText(scheduled))],
    });
  return {
    leaveHours: hours,
    leaveDayHours: dayHoursOf(day.standardMinutes),
    daysPerYear: day.settings.hourlyLeaveDaysPerYear,
  };
}

export const deleteRequest = (routeName: RouteNamesFor<'employee'>, kind: RequestKind) =>
  api(routeName, { params: IdParamsSchema, idempotent: true }, async ({ params, principal }) =>
    ok(await withdrawRequest(principal.companyId, principal.userId, params.id, kind)),
  );

/** A decision: 承認 (1) or 却下 (2), with the admin's reason (理由) the employee sees ('' = none). */
export const DecisionReasonSchema = optionalTextSchema(TEXT_LIMITS.reason, MESSAGES.decisionReasonTooLong);
const DecisionSchema = z.strictObject({ status: z.union([z.literal(1), z.literal(2)]), reason: DecisionReasonSchema });

/**
 * The employee's mail of a decision (request_decided), prepared before the decision so that its
 * transaction stores it (db/requests.ts decideLoaded); none when the employee opted out.
 */
export const decisionMails = (
  companyId: string,
  req: { requestId: string; kind: RequestKind; employeeId: string; date: string },
  status: 1 | 2,
  reason: string,
) =>
  prepareMails({
    kind: 'request_decided',
    companyId,
    requestId: req.requestId,
    requestKind: req.kind,
    employeeId: req.employeeId,
    date: req.date,
    approved: status === 1,
    ...(reason ? { reason } : {}),
  });

/** After a decision committed: the employee's totals (approval only) and sending the mail stored with it. */
export async function afterDecision(
  companyId: string,
  timeZone: string,
  decided: { requestId: string; kind: RequestKind; employeeId: string; date: string; workDate?: string | undefined },
  status: 1 | 2,
  mails: readonly OutboxMail[],
) {
  // Approved leave is a paid-leave day in the month's totals; approved overtime or holiday work
  // clears the day's 未承認 warning; an approved 振替 changes both its days (and the weeks after
  // them), so every month from the earlier to the later day's week is refreshed; an approved
  // correction changed the day's punches (the direct path's refresh). Rejection changes no figure.
  if (status === 1) {
    const days = [decided.date, decided.workDate ?? decided.date].sort();
    await refreshSummary(companyId, decided.employeeId, days[0]!, timeZone, days[1]!);
  }
  await deliverMails(mails);
}

export const decide = (routeName: RouteNamesFor<'admin'>, kind: RequestKind) =>
  api(
    routeName,
    {
      params: IdParamsSchema,
      body: DecisionSchema,
      invalidMessage: MESSAGES.approveFailed,
      idempotent: true,
      audit: `request.${kind}.decide`,
    },
    async ({ params, body, principal }) => {
      if (!principal.userId) throw new NotFoundError();
      const req = await requestById(principal.companyId, params.id, kind);
      const mails = await decisionMails(principal.companyId, req, body.status, body.reason);
      const decided = await decideLoaded(req, body.status, principal.userId, body.reason, undefined, mails);
      await afterDecision(principal.companyId, principal.timeZone, decided, body.status, mails);
      return ok(requestView(decided));
    },
  );
