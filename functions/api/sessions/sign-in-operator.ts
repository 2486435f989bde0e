import * as z from 'zod/mini';
import { clientAddress } from '../../shared/client-address.js';
import { api } from '../../shared/middleware.js';
import { CredentialsSchema, signIn } from '../../services/sessions/sign-in.js';

export const handler = api(
  'sign-in-operator',
  { body: z.strictObject({ operator: CredentialsSchema }) },
  async ({ body, event }) => signIn('operator', body.operator.email, body.operator.password, clientAddress(event)),
);
