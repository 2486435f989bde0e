import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../../domain/text-limits.js';
import { findDay } from '../../db/attendance.js';
import { applyCorrection } from '../../db/modifications.js';
import { companyById } from '../../db/companies.js';
import { fileCorrectionRequest } from '../../db/requests.js';
import { deliverMails } from '../../services/mail-outbox.js';
import { prepareMails } from '../../services/notify.js';
import { requestView } from '../request-routes.js';
import { refreshSummary } from '../../db/summaries.js';
import { addDays, instantOf, today } from '../../domain/time.js';
import { BREAK_CORRECTION_MESSAGES, MAX_CORRECTION_BREAKS, correctionBreakProblems } from '../../domain/punch.js';
import { ValidationError } from '../../shared/errors.js';
import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { YMD_FIELDS, realDate, ymdToDate } from '../schemas.js';
import { modificationView, type CorrectionAnswer } from './modification-view.js';
import { clock } from '../../shared/clock.js';
import { optionalTextSchema } from '../../domain/input.js';

const Time = z.union([
  z.nullish(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/))),
  z.pipe(
    z.literal(''),
    z.transform(() => null),
  ),
]);

const M = BREAK_CORRECTION_MESSAGES;
/** An ISO instant with its offset (`2026-05-12T04:00:00.000Z`, `2026-05-12T13:00+09:00`); absent or null → required. */
const breakInstant = (required: string) =>
  z.iso.datetime({ offset: true, local: false, error: (issue) => (issue.input == null ? required : M.instant) });

/** One break as the correction sets it: both ends are required (a correction mends a missing 休憩終了). */
const CorrectionBreakSchema = z.strictObject(
  { start_at: breakInstant(M.startRequired), end_at: breakInstant(M.endRequired) },
  { error: M.list },
);

export const CorrectionSchema = z
  .strictObject({
    id: z.nullish(z.string().check(z.maxLength(80))),
    ...YMD_FIELDS,
    punch_in_at: Time,
    punch_out_at: Time,
    punch_out_next_day: z._default(z.optional(z.boolean()), false),
    reason: optionalTextSchema(TEXT_LIMITS.reason),
    /** The day's breaks after the correction, in order; absent = the stored breaks as they are, [] = none. */
    breaks: z.optional(
      z.array(CorrectionBreakSchema, { error: M.list }).check(
        // Checks run on a non-list too (zod mini): count only a list, so 'lunch' is just 形式が正しくありません.
        z.refine((list: unknown) => !Array.isArray(list) || list.length <= MAX_CORRECTION_BREAKS, M.tooMany),
      ),
    ),
  })
  .check(z.refine(...realDate));

/** 正しい時刻を設定してください as the summary, the reason next to the field it concerns. */
const badTime = (field: 'punch_in_at' | 'punch_out_at' | 'date', reason: string) =>
  new ValidationError(MESSAGES.setCorrectTime, { [field]: [reason] });

/**
 * Correct one day's punches and, with `breaks`, set its breaks (a forgotten 休憩終了 is mended here).
 * Refused with 正しい時刻を設定してください when neither time nor breaks are given, when clock-out is not
 * after clock-in, when any time lies in the future, or when a break is not inside the corrected shift
 * (domain/punch.ts correctionBreakProblems); otherwise the day and its modification record (breaks
 * before and after) are written atomically.
 *
 * With the company's 打刻修正の承認 on, the same checked correction is filed instead as a request
 * (kind 'correction': the day as it is and what the correction sets, with its 未処理 item, in one
 * transaction) and nothing is applied: an admin's approval applies it through this same
 * applyCorrection (db/requests.ts decideCorrection). The answer is then `{ request }` (申請中).
 */
export const handler = api(
  'create-modify-timestamp',
  { body: CorrectionSchema, invalidMessage: MESSAGES.setCorrectTime, idempotent: true, audit: 'attendance.correct' },
  async ({ body, principal }) => {
    if (!body.punch_in_at && !body.punch_out_at && !body.breaks)
      throw badTime('punch_in_at', MESSAGES.correctionTimesRequired);
    const tz = principal.timeZone;
    const workDate = ymdToDate(body);
    const now = clock.now();
    if (workDate > today(tz, now)) throw badTime('date', MESSAGES.futureDateNotAllowed);

    const who = { companyId: principal.companyId, employeeId: principal.userId };
    const [before, company] = await Promise.all([findDay(who, workDate), companyById(who.companyId)]);
    const at = (hhmm: string, date: string) => instantOf(date, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), tz);
    const punchInAt = body.punch_in_at ? at(body.punch_in_at, workDate) : before?.punchInAt;
    const punchOutAt = body.punch_out_at
      ? at(body.punch_out_at, body.punch_out_next_day ? addDays(workDate, 1) : workDate)
      : before?.punchOutAt;

    if (punchOutAt && !punchInAt) throw badTime('punch_in_at', MESSAGES.correctionInRequired);
    if (punchInAt && punchOutAt && Date.parse(punchOutAt) <= Date.parse(punchInAt))
      throw badTime('punch_out_at', MESSAGES.correctionOutBeforeIn);
    const future = (t: string | undefined) => t !== undefined && Date.parse(t) > now.getTime();
    if (future(punchInAt)) throw badTime('punch_in_at', MESSAGES.futureDateNotAllowed);
    if (future(punchOutAt)) throw badTime('punch_out_at', MESSAGES.futureDateNotAllowed);
    const breaks = body.breaks?.map((b) => ({
      startAt: new Date(b.start_at).toISOString(),
      endAt: new Date(b.end_at).toISOString(),
    }));
    const breakProblems = correctionBreakProblems(breaks ?? [], punchInAt, punchOutAt);
    if (Object.keys(breakProblems).length) throw new ValidationError(MESSAGES.setCorrectTime, breakProblems);

    if (company?.correctionApproval) {
      // The admins' mails commit with the filing (as every request's do) and are sent after it.
      const mails = await prepareMails({
        kind: 'request_filed',
        companyId: who.companyId,
        requestKind: 'correction',
        employeeId: who.employeeId,
        employeeName: principal.userName,
        date: workDate,
      });
      const row = await fileCorrectionRequest(
        {
          ...who,
          employeeName: principal.userName,
          kind: 'correction',
          date: workDate,
          reason: body.reason,
          dayVersion: before?.updatedAt ?? '',
          ...(before?.punchInAt ? { beforePunchInAt: before.punchInAt } : {}),
          ...(before?.punchOutAt ? { beforePunchOutAt: before.punchOutAt } : {}),
          beforeBreaks: (before?.breaks ?? []).map((b) => ({
            startAt: b.startAt,
            ...(b.endAt ? { endAt: b.endAt } : {}),
          })),
          ...(body.punch_in_at ? { afterPunchInAt: punchInAt } : {}),
          ...(body.punch_out_at ? { afterPunchOutAt: punchOutAt } : {}),
          ...(breaks ? { afterBreaks: breaks } : {}),
        },
        undefined,
        mails,
      );
      await deliverMails(mails);
      const answer: CorrectionAnswer = { request: requestView(row) };
      return created(answer);
    }

    const record = await applyCorrection({
      ...who,
      workDate,
      before: before ?? null,
      punchInAt: body.punch_in_at ? punchInAt : undefined,
      punchOutAt: body.punch_out_at ? punchOutAt : undefined,
      breaks,
      reason: body.reason,
    });
    await refreshSummary(who.companyId, who.employeeId, workDate, tz);
    const answer: CorrectionAnswer = modificationView(record);
    return created(answer);
  },
);
