/**
 * The Cognito admin commands the staff and company routes send, with the client. pool-users.ts
 * imports this module on first use; a static list (not the SDK's whole namespace) keeps the bundle
 * to these six commands.
 */
export {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
export { cognito } from './cognito.js';
