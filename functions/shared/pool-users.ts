import type { Role } from '../routes.js';
import { pools } from './auth/pools.js';
import { ConflictError } from './errors.js';

/**
 * The Cognito admin SDK is loaded on the first call, not at import: the staff routes that only read
 * (list, detail) never call Cognito and so never pay its ~15 ms module load on a cold start.
 */
async function admin() {
  const sdk = await import('./clients/cognito-admin.js');
  return { sdk, client: sdk.cognito() };
}

export interface NewPoolUser {
  role: Role;
  email: string;
  /** Custom attributes without the `custom:` prefix (company_id, employee_id, admin_id). */
  attributes: Record<string, string>;
  /** Temporary password: the user must choose their own at first sign-in. */
  temporaryPassword: string;
  /** Seed/test only: make the password permanent straight away. */
  permanent?: boolean;
}

/**
 * Creates a user in the pool of `role`, with its tenant ids as (immutable) custom attributes.
 * No invitation e-mail: the admin hands over the temporary password. Returns the Cognito username (sub).
 */
export async function createPoolUser(user: NewPoolUser): Promise<string> {
  const {
    sdk: { AdminCreateUserCommand, AdminSetUserPasswordCommand },
    client,
  } = await admin();
  const { poolId } = pools()[user.role];
  const out = await client
    .send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: user.email,
        TemporaryPassword: user.temporaryPassword,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          ...Object.entries(user.attributes).map(([k, v]) => ({ Name: `custom:${k}`, Value: v })),
        ],
      }),
    )
    .catch((error: unknown) => {
      if ((error as { name?: string }).name === 'UsernameExistsException') throw new ConflictError();
      throw error;
    });
  if (user.permanent) {
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: user.email,
        Password: user.temporaryPassword,
        Permanent: true,
      }),
    );
  }
  return out.User?.Username ?? user.email;
}

export async function deletePoolUser(role: Role, username: string): Promise<void> {
  const {
    sdk: { AdminDeleteUserCommand },
    client,
  } = await admin();
  await client.send(new AdminDeleteUserCommand({ UserPoolId: pools()[role].poolId, Username: username }));
}

/** Disabling blocks new Cognito sign-ins on AWS; `endSessions` cuts the sessions that already exist. */
export async function disablePoolUser(role: Role, username: string): Promise<void> {
  const {
    sdk: { AdminDisableUserCommand },
    client,
  } = await admin();
  await client.send(new AdminDisableUserCommand({ UserPoolId: pools()[role].poolId, Username: username }));
}

export async function enablePoolUser(role: Role, username: string): Promise<void> {
  const {
    sdk: { AdminEnableUserCommand },
    client,
  } = await admin();
  await client.send(new AdminEnableUserCommand({ UserPoolId: pools()[role].poolId, Username: username }));
}

export async function updatePoolUserEmail(role: Role, username: string, email: string): Promise<void> {
  const {
    sdk: { AdminUpdateUserAttributesCommand },
    client,
  } = await admin();
  await client
    .send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: pools()[role].poolId,
        Username: username,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    )
    .catch((error: unknown) => {
      if (
        (error as { name?: string }).name === 'AliasExistsException' ||
        (error as { name?: string }).name === 'UsernameExistsException'
      ) {
        throw new ConflictError();
      }
      throw error;
    });
}

/** An admin-set password is temporary: the user chooses their own at the next sign-in. */
export async function resetPoolUserPassword(role: Role, username: string, temporaryPassword: string): Promise<void> {
  await setPassword(role, username, temporaryPassword, false);
}

/**
 * The username (sub) of the user signing in with this e-mail, or null. AWS refuses a taken e-mail on
 * update (AliasExistsException) but cognito-local does not, so callers check first on both.
 */
export async function poolUsernameByEmail(role: Role, email: string): Promise<string | null> {
  return (await poolUserByEmail(role, email))?.username ?? null;
}

/** A pool user found by e-mail: the username (sub) and the custom attributes (without `custom:`). */
export interface PoolUserFound {
  username: string;
  attributes: Record<string, string>;
}

/** The user signing in with this e-mail in the pool of `role`, with its tenant ids, or null. */
export async function poolUserByEmail(role: Role, email: string): Promise<PoolUserFound | null> {
  const {
    sdk: { AdminGetUserCommand },
    client,
  } = await admin();
  try {
    const out = await client.send(new AdminGetUserCommand({ UserPoolId: pools()[role].poolId, Username: email }));
    if (!out.Username) return null;
    const attributes: Record<string, string> = {};
    for (const a of out.UserAttributes ?? []) {
      if (a.Name?.startsWith('custom:') && a.Value !== undefined) attributes[a.Name.slice(7)] = a.Value;
    }
    return { username: out.Username, attributes };
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/** A password the user chose ("パスワードをお忘れの方"): permanent, no change asked at the next sign-in. */
export async function setPoolUserPassword(role: Role, username: string, password: string): Promise<void> {
  await setPassword(role, username, password, true);
}

async function setPassword(role: Role, username: string, password: string, permanent: boolean): Promise<void> {
  const {
    sdk: { AdminSetUserPasswordCommand },
    client,
  } = await admin();
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: pools()[role].poolId,
      Username: username,
      Password: password,
      Permanent: permanent,
    }),
  );
}
