import * as z from 'zod/mini';
import { COOKIE } from '../../shared/auth/cookies.js';
import { clientAddress } from '../../shared/client-address.js';
import { api } from '../../shared/middleware.js';
import { MESSAGES } from '../../shared/messages.js';
import { TotpCodeSchema, answerTotpChallenge } from '../../services/sessions/sign-in.js';

/** Operator sign-in, second step: the 6-digit code of the authenticator app. */
export const handler = api(
  'mfa-operator',
  {
    body: z.strictObject({ operator: z.strictObject({ code: TotpCodeSchema }) }),
    invalidMessage: MESSAGES.mfaCodeInvalid,
  },
  async ({ body, cookies, event }) =>
    answerTotpChallenge('operator', cookies[COOKIE.challenge], body.operator.code, {
      address: clientAddress(event),
      device: cookies[COOKIE.device],
    }),
);
