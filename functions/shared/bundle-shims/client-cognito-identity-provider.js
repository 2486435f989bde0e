/**
 * Bundled in place of `@aws-sdk/client-cognito-identity-provider`'s index (see
 * lib/constructs/bundle-options.ts). The staff and company routes load the admin client lazily
 * (functions/shared/pool-users.ts), so esbuild wraps it in a lazy initialiser, and a wrapped package
 * index keeps every module it re-exports: the aggregated client and all ~120 commands. This module
 * offers the client and the seven admin commands the routes send (functions/shared/clients/cognito-admin.ts).
 * A missing name fails the build, not a request. Plain JavaScript with relative paths, as in lib-dynamodb.js.
 */
export { CognitoIdentityProviderClient } from '../../../node_modules/@aws-sdk/client-cognito-identity-provider/dist-es/CognitoIdentityProviderClient.js';
export { AdminCreateUserCommand } from '../../../node_modules/@aws-sdk/client-cognito-identity-provider/dist-es/commands/AdminCreateUserCommand.js';
export { AdminDeleteUserCommand } from '../../../node_modules/@aws-sdk/client-cognito-identity-provider/dist-es/commands/AdminDeleteUserCommand.js';
export { AdminDisableUserCommand } from '../../../node_modules/@aws-sdk/client-cognito-identity-provider/dist-es/commands/AdminDisableUserCommand.js';
export { AdminEnableUserCommand } from '../../../node_modules/@aws-sdk/client-cognito-identity-provider/dist-es/commands/AdminEnableUserCommand.js';
export { AdminGetUserCommand } from '../../../node_modules/@aws-sdk/client-cognito-identity-provider/dist-es/commands/AdminGetUserCommand.js';
export { AdminSetUserPasswordCommand } from '../../../node_modules/@aws-sdk/client-cognito-identity-provider/dist-es/commands/AdminSetUserPasswordCommand.js';
export { AdminUpdateUserAttributesCommand } from '../../../node_modules/@aws-sdk/client-cognito-identity-provider/dist-es/commands/AdminUpdateUserAttributesCommand.js';
