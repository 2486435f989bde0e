import { findSession, setSessionAccessToken } from '../db/sessions.js';
import { CognitoError, initiateAuth } from '../shared/auth/cognito-public.js';
import { pools } from '../shared/auth/pools.js';
import type { Principal } from '../shared/auth/session.js';
import { ConflictError, UnauthenticatedError } from '../shared/errors.js';
import { MESSAGES } from '../shared/messages.js';

/** The enrolment routes serve only a session that still has to enrol (an enrolled one has no access token). */
export function assertPending(principal: Principal): void {
  if (!principal.mfaPending) throw new ConflictError(MESSAGES.mfaAlreadyEnrolled);
}

/**
 * Runs a Cognito call with the access token kept in the session item. Access tokens live an hour,
 * sessions longer: on an expired token it renews once from the session's refresh token and retries.
 */
export async function withAccessToken<T>(principal: Principal, call: (accessToken: string) => Promise<T>): Promise<T> {
  const session = await findSession(principal.sessionId);
  if (!session?.accessToken) throw new UnauthenticatedError();
  try {
    return await call(session.accessToken);
  } catch (error) {
    if (!(error instanceof CognitoError) || error.name !== 'NotAuthorizedException' || !session.refreshToken)
      throw error;
  }
  const out = await initiateAuth({
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: pools()[principal.role].clientId,
    AuthParameters: { REFRESH_TOKEN: session.refreshToken },
  }).catch(() => null);
  const renewed = out?.AuthenticationResult?.AccessToken;
  if (!renewed) throw new UnauthenticatedError();
  await setSessionAccessToken(principal.sessionId, renewed);
  return call(renewed);
}
