import type { Role } from '../../routes.js';
import { revokeToken } from '../../shared/auth/cognito-public.js';
import { pools } from '../../shared/auth/pools.js';
import { logger } from '../../shared/logger.js';

export async function revokeRefreshToken(role: Role, token: string): Promise<void> {
  try {
    await revokeToken({ ClientId: pools()[role].clientId, Token: token });
  } catch (error) {
    // The session item is already gone, which is what cuts access; revocation only shortens the tail.
    logger.warn('refresh token revocation failed', { role, error: (error as Error).name });
  }
}
