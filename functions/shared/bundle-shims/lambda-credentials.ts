/**
 * Bundled in place of `@aws-sdk/credential-provider-node` (see lib/constructs/bundle-options.ts).
 *
 * The SDK's default chain tries environment variables, SSO, ini files, web identity, ECS and EC2
 * metadata in turn, and drags ~90 KB of STS/SSO clients into every Lambda bundle for it. On Lambda
 * the execution role's credentials are always in the environment (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), which is the first link of that chain anyway, so the
 * deployed functions resolve exactly what the full chain would. Unbundled code (tests, the local
 * stack, scripts) keeps the full chain; the local stack sets dummy environment credentials.
 */
interface EnvCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
  credentialScope?: string;
  accountId?: string;
}

export const defaultProvider = (_init?: unknown) => async (): Promise<EnvCredentials> => {
  const e = process.env;
  if (!e.AWS_ACCESS_KEY_ID || !e.AWS_SECRET_ACCESS_KEY) {
    throw Object.assign(new Error('Unable to find environment variable credentials.'), {
      name: 'CredentialsProviderError',
      tryNextLink: false,
    });
  }
  return {
    accessKeyId: e.AWS_ACCESS_KEY_ID,
    secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
    ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
    ...(e.AWS_CREDENTIAL_EXPIRATION ? { expiration: new Date(e.AWS_CREDENTIAL_EXPIRATION) } : {}),
    ...(e.AWS_CREDENTIAL_SCOPE ? { credentialScope: e.AWS_CREDENTIAL_SCOPE } : {}),
    ...(e.AWS_ACCOUNT_ID ? { accountId: e.AWS_ACCOUNT_ID } : {}),
  };
};
