/**
 * Temporary passwords the product issues (issue 30 item 1). Every pool user created with a temporary
 * password, and every admin reset, goes through here: the password's salted keyed hash is stored
 * (db/temporary-passwords.ts) so that sign-in can check a password before it answers the first-sign-in
 * challenge — cognito-local does not check it, and the product does not rely on the emulator.
 */
import { randomBytes } from 'node:crypto';
import { deleteTemporaryPassword, findTemporaryPassword, putTemporaryPassword } from '../db/temporary-passwords.js';
import { PASSWORD_POLICY } from '../config/pools.js';
import type { Role } from '../routes.js';
import { clock } from '../shared/clock.js';
import { logger } from '../shared/logger.js';
import { createPoolUser, deletePoolUser, resetPoolUserPassword, type NewPoolUser } from '../shared/pool-users.js';
import { equalStrings, hmac } from '../shared/signing.js';

const accountOf = (role: Role, username: string) => hmac('temppw', `${role}:${username}`);
const hashOf = (account: string, salt: string, password: string) => hmac('temppw', `${account}:${salt}:${password}`);
const VALIDITY_SECONDS = PASSWORD_POLICY.tempPasswordValidityDays * 24 * 3600;

async function remember(role: Role, username: string, password: string): Promise<void> {
  const account = accountOf(role, username);
  const salt = randomBytes(16).toString('base64url');
  await putTemporaryPassword({
    account,
    salt,
    passwordHash: hashOf(account, salt, password),
    expiresAt: Math.floor(clock.now().getTime() / 1000) + VALIDITY_SECONDS,
  });
}

/**
 * Creates the pool user and remembers its temporary password; a permanent password (seed, tests) is not
 * remembered. If the hash cannot be stored, the user is deleted again: a user whose temporary password
 * cannot be checked could never sign in.
 */
export async function createUserWithTemporaryPassword(user: NewPoolUser): Promise<string> {
  const username = await createPoolUser(user);
  if (user.permanent) return username;
  try {
    await remember(user.role, username, user.temporaryPassword);
  } catch (error) {
    await deletePoolUser(user.role, username).catch((e: unknown) =>
      logger.error('temporary password not stored, and the new pool user could not be deleted', { error: e }),
    );
    throw error;
  }
  return username;
}

/**
 * Deletes a pool user and forgets its temporary password: the compensation of a registration whose
 * other half failed, so nothing of the user remains.
 */
export async function deleteUserAndTemporaryPassword(role: Role, username: string): Promise<void> {
  await deletePoolUser(role, username);
  await deleteTemporaryPassword(accountOf(role, username));
}

/**
 * An admin's reset to a temporary password: the hash is stored first, so a failure leaves the old
 * password working (a failed Cognito call after it leaves a hash nobody can match, and the admin retries).
 */
export async function resetToTemporaryPassword(role: Role, username: string, password: string): Promise<void> {
  await remember(role, username, password);
  await resetPoolUserPassword(role, username, password);
}

/**
 * Whether `password` is the temporary password the product issued to this user, and still valid. The
 * user is named by each of `usernames` in turn (the Cognito username the challenge gives, then the
 * e-mail: a reset of a member stored without a username was keyed by the e-mail).
 */
export async function isIssuedTemporaryPassword(
  role: Role,
  usernames: readonly string[],
  password: string,
): Promise<boolean> {
  const now = Math.floor(clock.now().getTime() / 1000);
  for (const username of new Set(usernames)) {
    const account = accountOf(role, username);
    const issued = await findTemporaryPassword(account, now);
    if (issued) return equalStrings(issued.passwordHash, hashOf(account, issued.salt, password));
  }
  return false;
}
