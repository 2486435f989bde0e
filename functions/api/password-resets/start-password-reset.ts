import { clientAddress } from '../../shared/client-address.js';
import { api } from '../../shared/middleware.js';
import { startPasswordReset } from '../../services/password-reset.js';
import { StartPasswordResetSchema } from './password-reset-schemas.js';

/** パスワードをお忘れの方, step 1: the same answer whether or not the account exists. */
export const handler = api('start-password-reset', { body: StartPasswordResetSchema }, async ({ body, event }) =>
  startPasswordReset(body.audience, body.email, clientAddress(event)),
);
