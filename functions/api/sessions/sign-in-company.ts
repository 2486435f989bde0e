import * as z from 'zod/mini';
import { COOKIE } from '../../shared/auth/cookies.js';
import { clientAddress } from '../../shared/client-address.js';
import { api } from '../../shared/middleware.js';
import { CredentialsSchema, signIn } from '../../services/sessions/sign-in.js';

export const handler = api(
  'sign-in-company',
  { body: z.strictObject({ company: CredentialsSchema }) },
  async ({ body, cookies, event }) =>
    signIn('admin', body.company.email, body.company.password, {
      address: clientAddress(event),
      device: cookies[COOKIE.device],
    }),
);
