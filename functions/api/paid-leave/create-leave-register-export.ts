import * as z from 'zod/mini';
import { findEmployee } from '../../db/staff.js';
import { today } from '../../domain/time.js';
import { createExportJob } from '../../exports/jobs.js';
import { clock } from '../../shared/clock.js';
import { ValidationError } from '../../shared/errors.js';
import { created } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { IdSchema } from '../schemas.js';

/** Whole company (retired staff included: the register is kept five years) or one staff member. */
export const LeaveRegisterExportSchema = z.strictObject({
  id: z.optional(
    z.pipe(
      z.transform((v) => (v === '' ? null : v)),
      z.nullish(IdSchema),
    ),
  ),
  encoding: z._default(z.optional(z.enum(['utf8', 'sjis'])), 'utf8'),
});

/**
 * Start the 年次有給休暇管理簿 CSV export as of today (company-local, fixed when requested so a job
 * finishing after midnight still shows the day it was asked for). Answers 201 with the job to poll.
 */
export const handler = api(
  'create-leave-register-export',
  { body: LeaveRegisterExportSchema, invalidMessage: MESSAGES.downloadFailed, idempotent: true },
  async ({ body, principal }) => {
    const companyId = principal.companyId;
    if (body.id) {
      if (!(await findEmployee(companyId, body.id))) throw new ValidationError(MESSAGES.downloadFailed);
    }
    const asOf = today(principal.timeZone, clock.now());
    const job = await createExportJob({
      companyId,
      kind: 'leave_register',
      encoding: body.encoding,
      requestedBy: principal.userId ?? principal.sub,
      fileName: `年次有給休暇管理簿_${asOf.replaceAll('-', '')}.csv`,
      params: { asOf, ...(body.id ? { employeeIds: [body.id] } : {}) },
    });
    return created({ id: job.exportId, status: job.status });
  },
);
