import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../../domain/text-limits.js';
import { storedPunchAnswer, writePunch, type DayRecord } from '../../db/attendance.js';
import {
  DOUBLE_PRESS_MS,
  PUNCH_KINDS,
  breaksAfter,
  nextAction,
  openBreak,
  type IgnoredReason,
  type RefusedReason,
} from '../../domain/punch.js';
import { ConflictError } from '../../shared/errors.js';
import { IDEMPOTENCY_SECONDS, idempotencyKey, idempotencyScope } from '../../shared/idempotency.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { refreshSummary } from '../../db/summaries.js';
import { punchOutSummary, punchView, recentDays, recentShifts } from '../../services/punch-view.js';
import { clock } from '../../shared/clock.js';
import { optionalTextSchema } from '../../domain/input.js';

export const PunchSchema = z
  .strictObject({
    note: optionalTextSchema(TEXT_LIMITS.punchNote),
    /** 出勤 / 退勤 / 休憩開始 / 休憩終了; absent = 出勤 or 退勤, whichever is next (the body before kinds). */
    kind: z.optional(z.enum(PUNCH_KINDS, { error: MESSAGES.punchKindInvalid })),
  })
  .check(
    // A memo belongs to 出勤 or 退勤; a break punch has nowhere to keep one (never dropped silently).
    z.refine((b) => !b.note || !b.kind || b.kind === 'in' || b.kind === 'out', {
      message: MESSAGES.breakNoteNotAllowed,
      path: ['note'],
    }),
  );

const REFUSED: Record<RefusedReason, string> = {
  left_work: MESSAGES.alreadyLeftWork,
  not_punched_in: MESSAGES.notPunchedIn,
  not_on_break: MESSAGES.notOnBreak,
};

/** The screen words the too-soon answer itself (it counts down to retry_at). */
const IGNORED: Record<Exclude<IgnoredReason, 'too_soon_after_punch_in'>, string> = {
  already_punched_in: MESSAGES.ignoredAlreadyPunchedIn,
  already_on_break: MESSAGES.ignoredAlreadyOnBreak,
  break_already_ended: MESSAGES.ignoredBreakAlreadyEnded,
  already_punched_out: MESSAGES.ignoredAlreadyPunchedOut,
};

/**
 * Punch 出勤, 退勤, 休憩開始 or 休憩終了 (nextAction says what a press does in each state). The write is
 * conditional on the state that was read, so two concurrent presses make one state change; with an
 * Idempotency-Key a retry returns the first answer. A press that repeats the current state (出勤 twice,
 * 休憩開始 twice, …) answers the state with `ignored` and writes nothing; one that makes no sense in it
 * (休憩終了 before any break, anything but 退勤 after 退勤) is refused with 409 and writes nothing.
 */
export const handler = api('create-timestamp', { body: PunchSchema }, async ({ body, principal, event }) => {
  // Punches store their answer inside the punch transaction itself (stronger than the generic replay).
  const rawKey = idempotencyKey(event.headers);
  const scope = idempotencyScope(principal);

  const now = clock.now();
  // A retried punch-out finds the day closed: replay its first answer before judging the state anew.
  if (rawKey) {
    const stored = await storedPunchAnswer(scope, rawKey);
    if (stored?.route === 'create-timestamp' && stored.expiresAt > Math.floor(now.getTime() / 1000))
      return ok(JSON.parse(stored.response));
  }
  const { todayDate, who, days, context, punch } = await recentShifts(principal, now, true);
  const action = nextAction(days, todayDate, now, body.kind, context.punchInDate);
  if (action.type === 'done') throw new ConflictError(MESSAGES.alreadyLeftWork);
  if (action.type === 'refused') throw new ConflictError(REFUSED[action.reason]);
  // A double tap right after punching in: answer with the shift as it is, record nothing, and say so
  // (reason and when 退勤 is taken) so the screen can tell the person why nothing changed.
  if (action.type === 'repeat') {
    const view = punchView(context, days, now);
    const retryAt = Date.parse(view.punch_in_at!) + DOUBLE_PRESS_MS;
    const ignored = {
      reason: 'too_soon_after_punch_in',
      retry_at: new Date(retryAt).toISOString(),
      retry_after_seconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)),
    };
    return ok({ ...view, ignored });
  }
  // The press repeats the state it would make (a double tap, a second tab): the state, nothing written.
  if (action.type === 'ignored')
    return ok({
      ...punchView(context, days, now),
      ignored: { reason: action.reason, message: IGNORED[action.reason] },
    });

  const at = now.toISOString();
  const type = action.type;
  const before = days.find((d) => d.workDate === action.workDate) ?? null;
  // 休憩開始 adds a running break; 休憩終了 ends it; 退勤 during a break leaves it open (its end is
  // unknown: the engine counts it as work and flags break_open until a correction ends it).
  const breaks = breaksAfter(before, type, at);
  const running = type === 'out' ? openBreak(before) : null;
  // The memo of this press: the 出勤 memo on a punch-in, the 退勤 memo on a punch-out (both are kept).
  const memo = body.note
    ? type === 'in'
      ? { note: body.note }
      : type === 'out'
        ? { punchOutNote: body.note }
        : {}
    : {};
  const times = type === 'in' ? { punchInAt: at } : type === 'out' ? { punchOutAt: at } : {};
  const change = { ...times, ...memo, ...(breaks ? { breaks } : {}) };
  const applied = before
    ? days.map((d) => (d === before ? { ...d, ...change } : d))
    : [...days, { ...who, workDate: action.workDate, ...change }];
  const view = {
    ...punchView(context, applied, now),
    // Said in the answer so the screen can tell the person the break has no end and how to give it one.
    ...(running ? { open_break: { start_at: running.startAt, work_date: action.workDate } } : {}),
  };

  // 退勤 closes a shift, so worked time changes: the month's summary is refreshed in the same
  // transaction as the punch, from what was read (issue 19: four requests in all).
  const summary =
    type === 'out'
      ? punchOutSummary(
          punch,
          { ...who, timeZone: principal.timeZone },
          applied.find((d) => d.workDate === action.workDate) as DayRecord,
          todayDate,
        )
      : null;
  const outcome = await writePunch({
    ...who,
    type,
    workDate: action.workDate,
    at,
    note: body.note || undefined,
    breaksRead: before?.breaks ?? undefined,
    breaks,
    idempotency: rawKey
      ? {
          scope,
          key: rawKey,
          route: 'create-timestamp',
          response: JSON.stringify(view),
          expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_SECONDS,
        }
      : undefined,
    closings: punch.settings.closings,
    summary: summary ?? undefined,
  });
  if (outcome === 'applied') {
    // When the punch could not carry the summary, refresh it after (its own reads and write).
    if (type === 'out' && !summary)
      await refreshSummary(who.companyId, who.employeeId, action.workDate, principal.timeZone);
    return ok(view);
  }
  if (outcome === 'replay') {
    const data = await storedPunchAnswer(scope, rawKey!);
    if (data?.route === 'create-timestamp') return ok(JSON.parse(data.response));
  }
  // Someone else's press got there first: answer with the state as it is now, change nothing more.
  return ok(punchView(context, await recentDays(principal, now), now));
});
