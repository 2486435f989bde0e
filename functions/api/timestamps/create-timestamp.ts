import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../../domain/text-limits.js';
import { storedPunchAnswer, writePunch } from '../../db/attendance.js';
import { DOUBLE_PRESS_MS, nextAction } from '../../domain/punch.js';
import { ConflictError } from '../../shared/errors.js';
import { IDEMPOTENCY_SECONDS, idempotencyKey, idempotencyScope } from '../../shared/idempotency.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { refreshSummary } from '../../db/summaries.js';
import { punchView, recentShifts } from '../../services/punch-view.js';
import { clock } from '../../shared/clock.js';

export const PunchSchema = z.strictObject({
  note: z._default(z.optional(z.string().check(z.trim(), z.maxLength(TEXT_LIMITS.punchNote))), ''),
});

/**
 * Punch in or out, whichever is next. The write is conditional on the state that was read, so two
 * concurrent presses make one state change; with an Idempotency-Key a retry returns the first answer.
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
  const { todayDate, who, days } = await recentShifts(principal, now);
  const action = nextAction(days, todayDate, now);
  if (action.type === 'done') throw new ConflictError(MESSAGES.alreadyLeftWork);
  // A double tap right after punching in: answer with the shift as it is, record nothing, and say so
  // (reason and when 退勤 is taken) so the screen can tell the person why nothing changed.
  if (action.type === 'repeat') {
    const view = punchView(days, todayDate, now);
    const retryAt = Date.parse(view.punch_in_at!) + DOUBLE_PRESS_MS;
    const ignored = {
      reason: 'too_soon_after_punch_in',
      retry_at: new Date(retryAt).toISOString(),
      retry_after_seconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)),
    };
    return ok({ ...view, ignored });
  }

  const at = now.toISOString();
  // The memo of this press: the 出勤 memo on a punch-in, the 退勤 memo on a punch-out (both are kept).
  const memo = body.note ? (action.type === 'in' ? { note: body.note } : { punchOutNote: body.note }) : {};
  const applied = days.map((d) =>
    d.workDate === action.workDate
      ? { ...d, ...(action.type === 'in' ? { punchInAt: at } : { punchOutAt: at }), ...memo }
      : d,
  );
  if (!applied.some((d) => d.workDate === action.workDate)) {
    applied.push({ ...who, workDate: action.workDate, punchInAt: at, ...memo });
  }
  const view = punchView(applied, todayDate, now);

  const outcome = await writePunch({
    ...who,
    type: action.type,
    workDate: action.workDate,
    at,
    note: body.note || undefined,
    idempotency: rawKey
      ? {
          scope,
          key: rawKey,
          route: 'create-timestamp',
          response: JSON.stringify(view),
          expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_SECONDS,
        }
      : undefined,
  });
  if (outcome === 'applied') {
    // Worked time changes when a shift closes: keep the month's summary current.
    if (action.type === 'out') await refreshSummary(who.companyId, who.employeeId, action.workDate, principal.timeZone);
    return ok(view);
  }
  if (outcome === 'replay') {
    const data = await storedPunchAnswer(scope, rawKey!);
    if (data?.route === 'create-timestamp') return ok(JSON.parse(data.response));
  }
  // Someone else's press got there first: answer with the state as it is now, change nothing more.
  const fresh = await recentShifts(principal, now);
  return ok(punchView(fresh.days, fresh.todayDate, now));
});
