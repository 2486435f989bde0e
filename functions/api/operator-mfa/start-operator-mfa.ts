import { decodeJwt } from 'jose';
import * as z from 'zod/mini';
import { associateSoftwareToken } from '../../shared/auth/cognito-public.js';
import { COOKIE } from '../../shared/auth/cookies.js';
import { api } from '../../shared/middleware.js';
import { ok } from '../../shared/http.js';
import { assertPending, withAccessToken } from '../../services/operator-mfa.js';
import type { TotpEnrolmentView } from './views.js';

const ISSUER = '勤怠管理';

/** A new TOTP secret for the operator's authenticator app (replaces one not yet confirmed). */
export const handler = api('start-operator-mfa', { body: z.strictObject({}) }, async ({ principal, cookies }) => {
  assertPending(principal);
  const { SecretCode: secret } = await withAccessToken(principal, (AccessToken) =>
    associateSoftwareToken({ AccessToken }),
  );
  if (!secret) throw new Error('AssociateSoftwareToken returned no secret');
  // The middleware has verified this token and bound it to the session; only the label is read here.
  const email = String(decodeJwt(cookies[COOKIE.idToken] ?? '').email ?? '');
  const label = `${encodeURIComponent(ISSUER)}:${encodeURIComponent(email)}`;
  const view: TotpEnrolmentView = {
    secret,
    otpauth_uri: `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(ISSUER)}`,
  };
  return ok(view);
});
