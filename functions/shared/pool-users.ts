import { POOLS } from '../config/pools.js';
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
 * The Cognito username of a user (issue 30 item 3). In the company pools it is made from the company and
 * the user's id (`<company id>.<employee or admin id>`, lower-case ULIDs): the same e-mail may belong to
 * users of several companies, so it cannot name the user. The operator signs in with the e-mail itself.
 */
export function poolUsername(role: Role, email: string, attributes: Record<string, string>): string {
  if (POOLS[role].signIn === 'email') return email;
  const companyId = attributes.company_id;
  const userId = attributes[role === 'employee' ? 'employee_id' : 'admin_id'];
  if (!companyId || !userId) throw new Error(`a ${role} user needs company_id and its user id`);
  return `${companyId}.${userId}`;
}

/**
 * Creates a user in the pool of `role`, with its tenant ids as (immutable) custom attributes, named by
 * `poolUsername`: a second create of the same company user is a ConflictError (never another company's
 * e-mail, which Cognito no longer knows as a name). No invitation e-mail: the admin hands over the
 * temporary password. Returns the Cognito username.
 */
export async function createPoolUser(user: NewPoolUser): Promise<string> {
  const {
    sdk: { AdminCreateUserCommand, AdminSetUserPasswordCommand },
    client,
  } = await admin();
  const { poolId } = pools()[user.role];
  const username = poolUsername(user.role, user.email, user.attributes);
  const out = await client
    .send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: username,
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
        Username: username,
        Password: user.temporaryPassword,
        Permanent: true,
      }),
    );
  }
  return out.User?.Username ?? username;
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
