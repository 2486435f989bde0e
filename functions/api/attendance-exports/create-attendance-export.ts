import * as z from 'zod/mini';
import { findOrgUnit } from '../../db/organisation.js';
import { isFrozen, payrollVersions, periodClosings } from '../../db/period-closings.js';
import { periodById } from '../../domain/payroll-period.js';
import { findEmployee } from '../../db/staff.js';
import { createExportJob } from '../../exports/jobs.js';
import { ValidationError } from '../../shared/errors.js';
import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { FIELD_MESSAGES } from '../../shared/field-messages.js';
import { PERIOD_MESSAGE } from '../period-closings/schemas.js';
import { IdSchema, YMD_FIELDS, realDate, ymdToDate } from '../schemas.js';
import { codeText } from '../../shared/i18n/code-text.js';

const Ymd = z.object(YMD_FIELDS).check(z.refine(...realDate));
const OptionalId = z.optional(
  z.pipe(
    z.transform((v) => (v === '' ? null : v)),
    z.nullish(IdSchema),
  ),
);

const DATE_FIELDS = ['start_year', 'start_month', 'start_day', 'end_year', 'end_month', 'end_day'] as const;

/** The query string of /management/csv_download/download, sent as the body (spec §7 names). */
const ExportFields = z.strictObject({
  start_year: z.optional(YMD_FIELDS.year),
  start_month: z.optional(YMD_FIELDS.month),
  start_day: z.optional(YMD_FIELDS.day),
  end_year: z.optional(YMD_FIELDS.year),
  end_month: z.optional(YMD_FIELDS.month),
  end_day: z.optional(YMD_FIELDS.day),
  /** A payroll period (YYYY-MM, 〇月度) instead of the dates: its days from its first to its closing day. */
  period: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, PERIOD_MESSAGE))),
  department_id: OptionalId,
  employment_status_id: OptionalId,
  id: OptionalId,
  encoding: z._default(z.optional(z.enum(['utf8', 'sjis'])), 'utf8'),
});

/** The query string of the download page, sent as the body: a payroll period, or all six date fields. */
export const AttendanceExportSchema = ExportFields.check(
  ...DATE_FIELDS.map((field) =>
    z.refine<z.output<typeof ExportFields>>((b) => b.period !== undefined || b[field] !== undefined, {
      message: FIELD_MESSAGES.required,
      path: [field],
    }),
  ),
);

const MAX_DAYS = 366;

/**
 * Start an attendance CSV export for a date range (at most a year) or a payroll period (`period`; the
 * CSV of a closed period is the one stored at closing, see exports/worker.ts) and optional department, status and
 * staff member — each of which must belong to the admin's company. Answers 201 with the job to poll.
 */
export const handler = api(
  'create-attendance-export',
  { body: AttendanceExportSchema, invalidMessage: MESSAGES.downloadFailed, idempotent: true },
  async ({ body, principal }) => {
    const companyId = principal.companyId;
    let start: string;
    let end: string;
    if (body.period) {
      // The payroll period's days (a closed period's are the ones it was closed with).
      const [versions, closings] = await Promise.all([payrollVersions(companyId), periodClosings(companyId)]);
      const closed = closings.find((c) => c.period === body.period && isFrozen(c));
      const period = closed ?? periodById(body.period, versions);
      if (!period) throw new ValidationError(MESSAGES.downloadFailed, { period: [codeText('period.no_closing_day')] });
      [start, end] = [period.from, period.to];
    } else {
      const from = Ymd.safeParse({ year: body.start_year, month: body.start_month, day: body.start_day });
      const to = Ymd.safeParse({ year: body.end_year, month: body.end_month, day: body.end_day });
      if (!from.success || !to.success)
        throw new ValidationError(MESSAGES.downloadFailed, { date: [MESSAGES.nonexistentDate] });
      [start, end] = [ymdToDate(from.data), ymdToDate(to.data)];
    }
    const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
    // `date` names the whole range: the form shows the reason next to its two date pickers.
    if (days < 0) throw new ValidationError(MESSAGES.downloadFailed, { date: [MESSAGES.rangeEndBeforeStart] });
    if (days >= MAX_DAYS) throw new ValidationError(MESSAGES.downloadFailed, { date: [MESSAGES.rangeOverYear] });

    // Each named filter must exist in the admin's company (GetItems in parallel; undefined when not named).
    const [dept, status, employee] = await Promise.all([
      body.department_id ? findOrgUnit('department', companyId, body.department_id) : undefined,
      body.employment_status_id ? findOrgUnit('employmentStatus', companyId, body.employment_status_id) : undefined,
      body.id ? findEmployee(companyId, body.id) : undefined,
    ]);
    if (dept === null || status === null || employee === null) throw new ValidationError(MESSAGES.downloadFailed);

    const job = await createExportJob({
      companyId,
      kind: 'attendance',
      encoding: body.encoding,
      requestedBy: principal.userId ?? principal.sub,
      fileName: `勤怠データ_${start.replaceAll('-', '')}-${end.replaceAll('-', '')}.csv`,
      params: {
        from: start,
        to: end,
        departmentId: body.department_id ?? null,
        employmentStatusId: body.employment_status_id ?? null,
        employeeId: body.id ?? null,
        timeZone: principal.timeZone,
      },
    });
    return created({ id: job.exportId, status: job.status });
  },
);
