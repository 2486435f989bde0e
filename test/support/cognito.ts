/**
 * Cognito helpers for tests: users are created by an admin call with a permanent password, like the
 * operator issuing accounts, so a test can sign in straight away.
 */
import { randomBytes } from 'node:crypto';
import type { PoolKey } from '../../lib/definitions';
import { createPoolUser, type CreatePoolUserInput, type PoolUser } from '../../lib/local/cognito-users';

export { createPoolUser, type CreatePoolUserInput, type PoolUser };

/** Meets the pool password policy (12+ chars, upper, lower, digit, symbol). */
export const TEST_PASSWORD = 'Test-Passw0rd!';

/** Pools are shared by all test files: give every user a unique address. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

const POOL_ENV: Record<PoolKey, string> = {
  employee: 'EMPLOYEE_POOL_ID',
  admin: 'ADMIN_POOL_ID',
  operator: 'OPERATOR_POOL_ID',
};

export function poolIdOf(pool: PoolKey): string {
  const id = process.env[POOL_ENV[pool]];
  if (!id) throw new Error(`${POOL_ENV[pool]} is not set: call useTestStack() first`);
  return id;
}

/** Creates a user in one of the three pools of the test stack. */
export function createUser(
  pool: PoolKey,
  input: Partial<Omit<CreatePoolUserInput, 'userPoolId'>> = {},
): Promise<PoolUser & { password: string }> {
  const password = input.password ?? TEST_PASSWORD;
  return createPoolUser({
    ...input,
    userPoolId: poolIdOf(pool),
    email: input.email ?? uniqueEmail(pool),
    password,
  }).then((user) => ({ ...user, password }));
}
