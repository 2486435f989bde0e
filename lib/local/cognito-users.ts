/**
 * Creates ready-to-sign-in users in the local Cognito emulator (demo seed and tests): the operator
 * issues accounts with AdminCreateUser, so users never sign themselves up.
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from './provision';

export interface CreatePoolUserInput {
  userPoolId: string;
  email: string;
  /** Set as permanent, so the user signs in without the new-password challenge. */
  password: string;
  /** Custom attributes without the `custom:` prefix, e.g. `{ company_id, employee_id }`. */
  custom?: Record<string, string>;
  /** Standard attributes (e.g. `name`, `phone_number`). */
  attributes?: Record<string, string>;
  /** Leave the user in FORCE_CHANGE_PASSWORD with `password` as the temporary password. */
  temporary?: boolean;
  /** Emulator endpoint; defaults to COGNITO_ENDPOINT. */
  endpoint?: string;
}

export interface PoolUser {
  /** Cognito user name (the `sub`: pools sign in by e-mail). */
  username: string;
  sub: string;
  email: string;
}

function localEndpoint(endpoint: string | undefined): string {
  const url = endpoint ?? process.env.COGNITO_ENDPOINT;
  // These helpers create users with known passwords: they must never reach a real pool.
  if (!url || !/^http:\/\/(localhost|127\.|\[::1\])/.test(url)) {
    throw new Error(`createPoolUser works against the local Cognito emulator only (got ${url ?? 'no COGNITO_ENDPOINT'})`);
  }
  return url;
}

export async function createPoolUser(input: CreatePoolUserInput): Promise<PoolUser> {
  const client = cognitoClient(localEndpoint(input.endpoint));
  try {
    const attributes: AttributeType[] = [
      { Name: 'email', Value: input.email },
      { Name: 'email_verified', Value: 'true' },
      ...Object.entries(input.attributes ?? {}).map(([Name, Value]) => ({ Name, Value })),
      ...Object.entries(input.custom ?? {}).map(([name, Value]) => ({ Name: `custom:${name}`, Value })),
    ];
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: input.userPoolId,
        Username: input.email,
        UserAttributes: attributes,
        TemporaryPassword: input.temporary ? input.password : undefined,
        MessageAction: 'SUPPRESS',
      }),
    );
    const username = created.User?.Username;
    if (!username) throw new Error(`AdminCreateUser returned no user for ${input.email}`);
    const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? username;
    if (!input.temporary) {
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: input.userPoolId,
          Username: username,
          Password: input.password,
          Permanent: true,
        }),
      );
    }
    return { username, sub, email: input.email };
  } finally {
    client.destroy();
  }
}
