/**
 * Helpers of the admin-area integration tests: a table snapshot to prove "nothing was written", and
 * Cognito look-ups of staff users.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tableSnapshot as sharedSnapshot } from '../support/table.js';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { pools } from '../../functions/shared/auth/pools.js';
import { cognito } from '../../functions/shared/clients/cognito.js';
import { poolUsernamesByEmail } from '../support/pool-users.js';

/**
 * The shared whole-table snapshot (test/support/table.ts); the client argument stays for the callers'
 * signature.
 */
export const tableSnapshot = (_dynamo: DynamoDBClient, tableName: string) => sharedSnapshot(tableName);

/**
 * The employee-pool user, or null when Cognito has none by that name (username or e-mail: staff are
 * named by the product's id since issue 30 item 3, so an e-mail is looked up with a ListUsers filter).
 */
export async function employeePoolUser(nameOrEmail: string) {
  let username = nameOrEmail;
  if (nameOrEmail.includes('@')) {
    const found = await poolUsernamesByEmail('employee', nameOrEmail);
    if (found.length === 0) return null;
    if (found.length > 1) throw new Error(`several employee users with ${nameOrEmail}: name the one meant`);
    username = found[0]!;
  }
  try {
    const out = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: pools().employee.poolId, Username: username }),
    );
    const attrs = Object.fromEntries((out.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
    return { username: out.Username, enabled: out.Enabled, status: out.UserStatus, attrs };
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return null;
    throw error;
  }
}
