import { createStaffImportJob } from '../../exports/staff-import-jobs.js';
import { created, withAudit } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { STAFF_IMPORT_MESSAGES } from '../../domain/staff-import.js';
import { IMPORT_BODY_BYTES, ImportBodySchema, checkImport, importProblemsError } from './import-validation.js';

/**
 * スタッフ一括登録: validates the whole file again (the preview may be stale) and, only if every row
 * passes, stores the rows and starts the import worker; any problem is a 400 listing every problem
 * and nothing is written. Answers 201 with the job to poll (GET /api/v1/employee_imports/{id}).
 */
export const handler = api(
  'create-employee-import',
  {
    body: ImportBodySchema,
    invalidMessage: STAFF_IMPORT_MESSAGES.defect,
    maxBodyBytes: IMPORT_BODY_BYTES,
    idempotent: true,
    audit: 'staff.import',
  },
  async ({ body, principal }) => {
    const check = await checkImport(principal.companyId, body.file);
    if (!check.ok) throw importProblemsError(check.problems);
    const job = await createStaffImportJob(principal.companyId, principal.userId ?? principal.sub, check.staff);
    // The audit records the job and its size, not the file (names and e-mails of every row).
    return withAudit(created(job), { targetId: job.id, after: { import_id: job.id, rows: job.total } });
  },
);
