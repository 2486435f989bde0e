import * as z from 'zod/mini';
import { COOKIE } from '../../shared/auth/cookies.js';
import { api } from '../../shared/middleware.js';
import { NewPasswordSchema, completeNewPassword } from '../../services/sessions/sign-in.js';

export const handler = api(
  'new-password-company',
  { body: z.strictObject({ company: NewPasswordSchema }) },
  async ({ body, cookies }) =>
    completeNewPassword('admin', cookies[COOKIE.challenge], body.company.password, cookies[COOKIE.device]),
);
