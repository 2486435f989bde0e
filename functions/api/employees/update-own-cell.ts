import * as z from 'zod/mini';
import { db } from '../../db/service.js';
import { ok } from '../../shared/http.js';
import { MESSAGES } from '../../shared/messages.js';
import { api } from '../../shared/middleware.js';
import { JpPhoneSchema } from '../../domain/phone.js';

export const handler = api(
  'update-own-cell',
  { body: z.strictObject({ cell: JpPhoneSchema }), invalidMessage: MESSAGES.registrationDefect },
  async ({ body, principal }) => {
    await db()
      .entities.Employee.patch({ companyId: principal.companyId!, employeeId: principal.userId! })
      .set({ cell: body.cell })
      .go({ response: 'none' });
    return ok({ cell: body.cell });
  },
);
