import * as z from 'zod/mini';
import { clientAddress } from '../../shared/client-address.js';
import { api } from '../../shared/middleware.js';
import { CredentialsSchema, signIn } from '../../services/sessions/sign-in.js';

export const handler = api(
  'sign-in-user',
  { body: z.strictObject({ user: CredentialsSchema }) },
  async ({ body, event }) => signIn('employee', body.user.email, body.user.password, clientAddress(event)),
);
