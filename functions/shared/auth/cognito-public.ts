import { env } from '../env.js';

/**
 * The user-pool calls a browser could make itself (InitiateAuth, RespondToAuthChallenge,
 * RevokeToken) are unsigned JSON-RPC posts, so they need no AWS SDK: calling them with fetch keeps the
 * Cognito client (~250 KB with its SDK core) out of every authenticated Lambda, which may refresh a
 * token on any request. Admin operations (signed) still use the SDK, in the few routes that need them.
 */
export class CognitoError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export interface AuthResult {
  IdToken?: string;
  AccessToken?: string;
  RefreshToken?: string;
}

export interface AuthResponse {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: AuthResult;
}

async function call<T>(action: string, input: Record<string, unknown>): Promise<T> {
  const { COGNITO_ENDPOINT, AWS_REGION } = env();
  const url = COGNITO_ENDPOINT ?? `https://cognito-idp.${AWS_REGION}.amazonaws.com/`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(5000),
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  if (!res.ok) {
    // `__type` may carry a namespace prefix: "com.amazonaws…#NotAuthorizedException".
    const type = String(body.__type ?? body.code ?? 'InternalErrorException')
      .split('#')
      .pop()!;
    throw new CognitoError(type, String(body.message ?? body.Message ?? type));
  }
  return body as T;
}

export const initiateAuth = (input: { AuthFlow: string; ClientId: string; AuthParameters: Record<string, string> }) =>
  call<AuthResponse>('InitiateAuth', input);

export const respondToAuthChallenge = (input: {
  ChallengeName: string;
  ClientId: string;
  Session: string;
  ChallengeResponses: Record<string, string>;
}) => call<AuthResponse>('RespondToAuthChallenge', input);

export const revokeToken = (input: { ClientId: string; Token: string }) =>
  call<Record<string, never>>('RevokeToken', input);

/* TOTP enrolment with the user's own access token (no IAM; kept server-side in the session item). */

export const associateSoftwareToken = (input: { AccessToken: string }) =>
  call<{ SecretCode?: string }>('AssociateSoftwareToken', input);

export const verifySoftwareToken = (input: { AccessToken: string; UserCode: string; FriendlyDeviceName?: string }) =>
  call<{ Status?: 'SUCCESS' | 'ERROR' }>('VerifySoftwareToken', input);

export const setUserMfaPreference = (input: {
  AccessToken: string;
  SoftwareTokenMfaSettings: { Enabled: boolean; PreferredMfa: boolean };
}) => call<Record<string, never>>('SetUserMFAPreference', input);
