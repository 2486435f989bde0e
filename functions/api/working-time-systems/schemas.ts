import * as z from 'zod/mini';
import { effectiveDateSchema } from '../effective-date.js';
import { INPUT_MESSAGES, integerSchema } from '../../domain/input.js';
import { HHMM } from '../../domain/work-patterns.js';
import { WORK_SYSTEM_MESSAGES as M, workSystemProblems } from '../../domain/work-systems.js';
import { WORK_SYSTEMS } from '../../domain/worktime/system.js';
import { IdSchema } from '../schemas.js';
import { codeText } from '../../shared/i18n/code-text.js';

/**
 * Request schemas of the working-time systems (労働時間制度, `/api/v1/working_time_systems`). A body
 * is one version; the cross-field limits are domain/work-systems.ts `workSystemProblems`.
 */

/** null, '' or absent → null. */
function optionalOf<O>(inner: z.ZodMiniType<O, unknown>) {
  return z.pipe(
    z.optional(
      z.pipe(
        z.transform((v: unknown): unknown => (v === '' || v === undefined ? null : v)),
        z.nullable(inner),
      ),
    ),
    z.transform((v): O | null => v ?? null),
  );
}

const time = optionalOf(z.string({ error: M.time }).check(z.regex(HHMM, M.time)));
const date = optionalOf(z.iso.date({ error: INPUT_MESSAGES.date }));
const ref = optionalOf(IdSchema);
/** A status id, or '-' (company-wide). */
const StatusRef = z.pipe(
  z.optional(
    z.pipe(
      z.transform((v: unknown) => (v === '' || v === '-' || v === undefined ? null : v)),
      z.nullable(IdSchema),
    ),
  ),
  z.transform((v) => v ?? null),
);
const flag = (message: string) => z._default(z.boolean({ error: message }), false);

export const WorkSystemBodySchema = z
  .strictObject({
    scope: z.enum(['status', 'employee'], { error: M.scope }),
    employment_status_id: StatusRef,
    employee_id: ref,
    effective_from: effectiveDateSchema,
    system: z.enum(WORK_SYSTEMS, { error: M.system }),
    period_start: date,
    period_months: optionalOf(integerSchema(0, 99)),
    special_44: flag(codeText('work_system.special_week')),
    core_start: time,
    core_end: time,
    flexible_start: time,
    flexible_end: time,
    standard_daily_minutes: optionalOf(integerSchema(1, 1440, M.standardDaily)),
    full_two_days_off: flag(codeText('work_system.full_two_days_off')),
    special_period_from: date,
    special_period_to: date,
  })
  .check(
    z.superRefine((b, ctx) => {
      const problems: Record<string, string[]> = { ...workSystemProblems(b) };
      if (b.scope === 'employee' && b.employee_id === null) problems.employee_id = [M.employeeRequired];
      if (b.scope === 'status' && b.employee_id !== null) problems.employee_id = [M.employeeOnStatus];
      if (b.scope === 'employee' && b.employment_status_id !== null)
        problems.employment_status_id = [M.statusOnEmployee];
      for (const [path, messages] of Object.entries(problems))
        for (const message of messages) ctx.addIssue({ code: 'custom', message, input: b, path: [path] });
    }),
  );
export type WorkSystemBody = z.input<typeof WorkSystemBodySchema>;

/** `DELETE /api/v1/working_time_systems/{scope}/{status_id}/{employee_id}/{effective_from}`: '-' = none. */
const KeyPart = z.union([z.literal('-'), IdSchema]);
export const WorkSystemKeyParamsSchema = z
  .strictObject({
    scope: z.enum(['status', 'employee']),
    status_id: KeyPart,
    employee_id: KeyPart,
    effective_from: z.iso.date({ error: INPUT_MESSAGES.date }),
  })
  .check(
    z.refine((p) => (p.scope === 'status' ? p.employee_id === '-' : p.status_id === '-' && p.employee_id !== '-'), {
      message: M.notFound,
      path: ['employee_id'],
    }),
  );

/** `GET /api/v1/working_time_systems/check?employee_id&date`. */
export const WorkSystemCheckQuerySchema = z.strictObject({
  employee_id: IdSchema,
  date: z.iso.date({ error: INPUT_MESSAGES.date }),
});
