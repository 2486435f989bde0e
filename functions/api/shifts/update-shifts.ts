import { assertDatesOpen } from '../../db/period-closings.js';
import { scheduleSettings } from '../../db/schedules.js';
import { writeShifts } from '../../db/shifts.js';
import { staffByIds } from '../../db/staff.js';
import { enqueueRecompute } from '../../services/recompute.js';
import { shiftPlanProblems } from '../../services/work-system-check.js';
import { ValidationError } from '../../shared/errors.js';
import { ok, withAudit } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { SHIFT_MESSAGES, ShiftsBodySchema } from './shift-schemas.js';
import type { ShiftSaveView } from './views.js';
import { codeText } from '../../shared/i18n/code-text.js';

export const SHIFTS_INVALID = codeText('shift.invalid');

/**
 * Saves shifts in bulk: per entry a pattern, a day off (休), or neither (the shift is removed and the
 * default pattern applies). Every entry is checked first — staff of this company and active, a live
 * pattern, a real date, no pair twice, and for staff under the 1年単位の変形 no pattern on the fixed
 * 法定休日 and no week without a day off (services/work-system-check.ts shiftPlanProblems: one Query of
 * shifts per such member) — and a 400 names each bad entry (`entries.<index>.<field>`) with nothing
 * written; a date in a closed payroll period is a 409. Then the shifts are written (BatchWriteItem)
 * and a background recompute of only the named staff's months starts. Reads: the staff
 * (BatchGetItem), the schedule partition and the closings (one Query each), and the shifts of the
 * named staff under the 1年単位 system.
 */
export const handler = api(
  'update-shifts',
  { body: ShiftsBodySchema, invalidMessage: SHIFTS_INVALID, audit: 'shifts.save' },
  async ({ body, principal }) => {
    const companyId = principal.companyId;
    const entries = body.entries;
    const employeeIds = [...new Set(entries.map((e) => e.employee_id))];
    const [staff, settings] = await Promise.all([staffByIds(companyId, employeeIds), scheduleSettings(companyId)]);
    const active = new Set(staff.filter((s) => s.status === 'active').map((s) => s.employeeId));
    const live = new Set(settings.patterns.filter((p) => !p.deletedAt).map((p) => p.patternId));

    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    entries.forEach((e, i) => {
      if (!active.has(e.employee_id)) errors[`entries.${i}.employee_id`] = [SHIFT_MESSAGES.unknownEmployee];
      if (e.pattern_id !== null && !live.has(e.pattern_id))
        errors[`entries.${i}.pattern_id`] = [SHIFT_MESSAGES.unknownPattern];
      const key = `${e.employee_id}#${e.date}`;
      if (seen.has(key)) errors[`entries.${i}.date`] = [SHIFT_MESSAGES.duplicate];
      seen.add(key);
    });
    if (Object.keys(errors).length) throw new ValidationError(SHIFTS_INVALID, errors);
    // 1年単位の変形: no pattern on the fixed 法定休日, no week without a day off (issue 29 item 7).
    const planErrors = await shiftPlanProblems(
      companyId,
      settings,
      staff.filter((s) => active.has(s.employeeId)),
      entries,
    );
    if (Object.keys(planErrors).length) throw new ValidationError(SHIFTS_INVALID, planErrors);

    await assertDatesOpen(companyId, Object.fromEntries(entries.map((e, i) => [`entries.${i}.date`, e.date])));

    await writeShifts(
      companyId,
      entries.map((e) => ({ employeeId: e.employee_id, date: e.date, patternId: e.pattern_id, dayOff: e.day_off })),
    );
    const dates = entries.map((e) => e.date).sort();
    const recompute = await enqueueRecompute(companyId, dates[0]!, 'shifts', principal.timeZone, employeeIds);
    const view: ShiftSaveView = { saved: entries.length, recompute };
    return withAudit(ok(view), {
      after: { entries: entries.length, employees: employeeIds.length, from: dates[0], to: dates.at(-1) },
    });
  },
);
