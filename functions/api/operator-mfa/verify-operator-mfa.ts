import * as z from 'zod/mini';
import { endOtherSessions, markMfaEnrolled } from '../../db/sessions.js';
import { CognitoError, setUserMfaPreference, verifySoftwareToken } from '../../shared/auth/cognito-public.js';
import { ValidationError } from '../../shared/errors.js';
import { ok } from '../../shared/http.js';
import { api } from '../../shared/middleware.js';
import { MESSAGES } from '../../shared/messages.js';
import { TotpCodeSchema } from '../../services/sessions/sign-in.js';
import { assertPending, withAccessToken } from '../../services/operator-mfa.js';

const wrongCode = () => new ValidationError(MESSAGES.mfaCodeInvalid, { code: [MESSAGES.mfaCodeInvalid] });

// Cognito's names for a wrong or unusable code (AWS: EnableSoftwareTokenMFAException; cognito-local: CodeMismatchException).
const WRONG_CODE = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException', 'InvalidParameterException']);

/**
 * Confirms the first code from the authenticator app, makes TOTP the operator's required second
 * factor in Cognito (from now on every sign-in is challenged) and lifts the session's restriction.
 */
export const handler = api(
  'verify-operator-mfa',
  { body: z.strictObject({ code: TotpCodeSchema }), invalidMessage: MESSAGES.mfaCodeInvalid },
  async ({ body, principal }) => {
    assertPending(principal);
    await withAccessToken(principal, async (AccessToken) => {
      const out = await verifySoftwareToken({ AccessToken, UserCode: body.code }).catch((error: unknown) => {
        if (error instanceof CognitoError && WRONG_CODE.has(error.name)) throw wrongCode();
        throw error;
      });
      if (out.Status !== 'SUCCESS') throw wrongCode();
      await setUserMfaPreference({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
    });

    await markMfaEnrolled(principal.sessionId);
    // Other sessions opened with the password alone (another browser, or someone else) could still
    // replace the secret: they end now.
    await endOtherSessions(principal.sub, principal.sessionId);
    return ok({ mfa_pending: false, message: MESSAGES.mfaEnrolled });
  },
);
