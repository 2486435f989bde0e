import * as z from 'zod';
import { api } from '../../shared/middleware.js';
import { CredentialsSchema, signIn } from './sign-in.js';

export const handler = api('sign-in-user', { body: z.strictObject({ user: CredentialsSchema }) }, async ({ body }) =>
  signIn('employee', body.user.email, body.user.password),
);
