import { findOrgUnit } from '../../db/organisation.js';
import { createExportJob } from '../../exports/jobs.js';
import { totalsPeriod } from '../../services/attendance-totals.js';
import { ValidationError } from '../../shared/errors.js';
import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { csvEncodingOf } from '../../exports/payroll-layouts.js';
import { resolveLayout } from './payroll-layout-routes.js';
import { TotalsExportSchema } from './export-schemas.js';
import { DEPARTMENT, STATUS } from './schemas.js';
import { codeText } from '../../shared/i18n/code-text.js';

/**
 * Start the 勤怠集計 CSV of a payroll period (one row per active staff member, 社員番号 first; a closed
 * period's figures from its closing snapshot). The department and status, when named, must belong to
 * the admin's company. With `layout` (a payroll preset such as `bugyo`, or one of the company's own
 * layouts) the file has that layout's columns, time format and encoding (exports/payroll-layouts.ts).
 * Answers 201 with the job to poll (GET /api/v1/attendance_totals_exports/{id}).
 */
export const handler = api(
  'create-attendance-totals-export',
  { body: TotalsExportSchema, invalidMessage: MESSAGES.downloadFailed, idempotent: true },
  async ({ body, principal }) => {
    const companyId = principal.companyId;
    const [period, dept, status, layout] = await Promise.all([
      totalsPeriod(companyId, body.period),
      body.department_id ? findOrgUnit('department', companyId, body.department_id) : undefined,
      body.employment_status_id ? findOrgUnit('employmentStatus', companyId, body.employment_status_id) : undefined,
      body.layout ? resolveLayout(companyId, body.layout) : undefined,
    ]);
    if (!period) throw new ValidationError(MESSAGES.downloadFailed, { period: [codeText('period.no_closing_day')] });
    if (dept === null) throw new ValidationError(MESSAGES.downloadFailed, { department_id: [DEPARTMENT] });
    if (status === null) throw new ValidationError(MESSAGES.downloadFailed, { employment_status_id: [STATUS] });
    const job = await createExportJob({
      companyId,
      kind: 'attendance_totals',
      encoding: layout ? csvEncodingOf(layout.encoding).encoding : body.encoding,
      requestedBy: principal.userId ?? principal.sub,
      fileName: layout
        ? `${layout.name.replace(/[\\/:*?"<>|\s]+/g, '_')}_${body.period.replace('-', '')}.csv`
        : `勤怠集計_${body.period.replace('-', '')}.csv`,
      params: {
        period: body.period,
        departmentId: body.department_id ?? null,
        employmentStatusId: body.employment_status_id ?? null,
        timeZone: principal.timeZone,
        ...(layout ? { layout } : {}),
      },
    });
    return created({ id: job.exportId, status: job.status });
  },
);
