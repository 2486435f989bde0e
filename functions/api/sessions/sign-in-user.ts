import * as z from 'zod/mini';
import { COOKIE } from '../../shared/auth/cookies.js';
import { clientAddress } from '../../shared/client-address.js';
import { api } from '../../shared/middleware.js';
import { CompanyCredentialsSchema, signIn } from '../../services/sessions/sign-in.js';

/** With `company_code` after the answer asked which company (issue 30 item 3). */
export const handler = api(
  'sign-in-user',
  { body: z.strictObject({ user: CompanyCredentialsSchema }) },
  async ({ body, cookies, event }) =>
    signIn(
      'employee',
      body.user.email,
      body.user.password,
      { address: clientAddress(event), device: cookies[COOKIE.device] },
      {},
      body.user.company_code,
    ),
);
