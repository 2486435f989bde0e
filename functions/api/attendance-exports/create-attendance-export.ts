import * as z from 'zod/mini';
import { findOrgUnit } from '../../db/organisation.js';
import { findEmployee } from '../../db/staff.js';
import { createExportJob } from '../../exports/jobs.js';
import { ValidationError } from '../../shared/errors.js';
import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdSchema, YMD_FIELDS, realDate, ymdToDate } from '../schemas.js';

const Ymd = z.object(YMD_FIELDS).check(z.refine(...realDate));
const OptionalId = z.optional(
  z.pipe(
    z.transform((v) => (v === '' ? null : v)),
    z.nullish(IdSchema),
  ),
);

/** The query string of /management/csv_download/download, sent as the body (spec §7 names). */
export const AttendanceExportSchema = z.strictObject({
  start_year: YMD_FIELDS.year,
  start_month: YMD_FIELDS.month,
  start_day: YMD_FIELDS.day,
  end_year: YMD_FIELDS.year,
  end_month: YMD_FIELDS.month,
  end_day: YMD_FIELDS.day,
  department_id: OptionalId,
  employment_status_id: OptionalId,
  id: OptionalId,
  encoding: z._default(z.optional(z.enum(['utf8', 'sjis'])), 'utf8'),
});

const MAX_DAYS = 366;

/**
 * Start an attendance CSV export for a date range (at most a year) and optional department, status and
 * staff member — each of which must belong to the admin's company. Answers 201 with the job to poll.
 */
export const handler = api(
  'create-attendance-export',
  { body: AttendanceExportSchema, invalidMessage: MESSAGES.downloadFailed, idempotent: true },
  async ({ body, principal }) => {
    const companyId = principal.companyId;
    const from = Ymd.safeParse({ year: body.start_year, month: body.start_month, day: body.start_day });
    const to = Ymd.safeParse({ year: body.end_year, month: body.end_month, day: body.end_day });
    if (!from.success || !to.success)
      throw new ValidationError(MESSAGES.downloadFailed, { date: [MESSAGES.nonexistentDate] });
    const [start, end] = [ymdToDate(from.data), ymdToDate(to.data)];
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
