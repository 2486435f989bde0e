import { initiateAuth } from './cognito-public.js';
import type { PoolConfig } from './pools.js';

/** Renews an ID token from the refresh token kept in the session item (never sent to the browser). */
export async function refreshIdToken(pool: PoolConfig, refreshToken: string): Promise<string | null> {
  try {
    const out = await initiateAuth({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    return out.AuthenticationResult?.IdToken ?? null;
  } catch {
    return null;
  }
}
