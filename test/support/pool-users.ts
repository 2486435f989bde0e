/**
 * Cognito look-ups the tests make by e-mail. Company users are named by the product's id, not their
 * e-mail (issue 30 item 3), so "is there a user with this address" is a ListUsers filter.
 */
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../functions/routes.js';
import { pools } from '../../functions/shared/auth/pools.js';
import { cognito } from '../../functions/shared/clients/cognito.js';

/** The usernames of the pool's users with this e-mail (none: []). */
export async function poolUsernamesByEmail(role: Role, email: string): Promise<string[]> {
  const out = await cognito().send(
    new ListUsersCommand({ UserPoolId: pools()[role].poolId, Filter: `email = "${email.replace(/"/g, '')}"` }),
  );
  return (out.Users ?? []).map((u) => u.Username!).filter(Boolean);
}
