/**
 * Helpers of the admin-area integration tests: a table snapshot to prove "nothing was written", and
 * Cognito look-ups of staff users.
 */
import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { pools } from '../../functions/shared/auth/pools.js';
import { cognito } from '../../functions/shared/clients/cognito.js';

/** Every item of the table except sessions (signing in writes those), in a stable order. */
export async function tableSnapshot(dynamo: DynamoDBClient, tableName: string): Promise<string[]> {
  const items: string[] = [];
  let start: Record<string, any> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      if (item.__edb_e__?.S === 'session') continue;
      items.push(JSON.stringify(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

/** The employee-pool user, or null when Cognito has none by that name (sub or e-mail). */
export async function employeePoolUser(username: string) {
  try {
    const out = await cognito().send(new AdminGetUserCommand({ UserPoolId: pools().employee.poolId, Username: username }));
    const attrs = Object.fromEntries((out.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
    return { username: out.Username, enabled: out.Enabled, status: out.UserStatus, attrs };
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return null;
    throw error;
  }
}
