import * as z from 'zod/mini';
import { COOKIE } from '../../shared/auth/cookies.js';
import { api } from '../../shared/middleware.js';
import { NewPasswordSchema, completeNewPassword } from '../../services/sessions/sign-in.js';

export const handler = api(
  'new-password-user',
  { body: z.strictObject({ user: NewPasswordSchema }) },
  async ({ body, cookies }) =>
    completeNewPassword('employee', cookies[COOKIE.challenge], body.user.password, cookies[COOKIE.device]),
);
