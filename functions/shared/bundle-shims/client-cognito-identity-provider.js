/**
 * Bundled in place of `@aws-sdk/client-cognito-identity-provider`'s index (see
 * lib/constructs/bundle-options.ts). The staff and company routes load the admin client lazily
 * (functions/shared/pool-users.ts), so esbuild wraps it in a lazy initialiser, and a wrapped package
 * index keeps every module it re-exports: the aggregated client and all ~120 commands. This module
 * offers the client and the seven admin commands the routes send (functions/shared/clients/cognito-admin.ts).
 * A missing name fails the build, not a request. Plain JavaScript with build-time
 * resolved paths, as in lib-dynamodb.js.
 */
export { CognitoIdentityProviderClient } from '@kintai-sdk-dist/client-cognito-identity-provider/CognitoIdentityProviderClient.js';
export { AdminCreateUserCommand } from '@kintai-sdk-dist/client-cognito-identity-provider/commands/AdminCreateUserCommand.js';
export { AdminDeleteUserCommand } from '@kintai-sdk-dist/client-cognito-identity-provider/commands/AdminDeleteUserCommand.js';
export { AdminDisableUserCommand } from '@kintai-sdk-dist/client-cognito-identity-provider/commands/AdminDisableUserCommand.js';
export { AdminEnableUserCommand } from '@kintai-sdk-dist/client-cognito-identity-provider/commands/AdminEnableUserCommand.js';
export { AdminGetUserCommand } from '@kintai-sdk-dist/client-cognito-identity-provider/commands/AdminGetUserCommand.js';
export { AdminSetUserPasswordCommand } from '@kintai-sdk-dist/client-cognito-identity-provider/commands/AdminSetUserPasswordCommand.js';
export { AdminUpdateUserAttributesCommand } from '@kintai-sdk-dist/client-cognito-identity-provider/commands/AdminUpdateUserAttributesCommand.js';
