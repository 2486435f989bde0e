import * as z from 'zod';
import { api } from '../../shared/middleware.js';
import { CredentialsSchema, signIn } from './sign-in.js';

export const handler = api('sign-in-operator', { body: z.strictObject({ operator: CredentialsSchema }) }, async ({ body }) =>
  signIn('operator', body.operator.email, body.operator.password),
);
