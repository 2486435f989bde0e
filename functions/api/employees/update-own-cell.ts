import * as z from 'zod/mini';
import { setEmployeeCell } from '../../db/staff.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { JpPhoneSchema } from '../../domain/phone.js';

export const handler = api(
  'update-own-cell',
  { body: z.strictObject({ cell: JpPhoneSchema }), invalidMessage: MESSAGES.registrationDefect },
  async ({ body, principal }) => {
    await setEmployeeCell(principal.companyId, principal.userId, body.cell);
    return ok({ cell: body.cell });
  },
);
