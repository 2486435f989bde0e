import { clientAddress } from '../../shared/client-address.js';
import { api } from '../../shared/middleware.js';
import { confirmPasswordReset } from '../../services/password-reset.js';
import { ConfirmPasswordResetSchema } from './password-reset-schemas.js';

/** パスワードをお忘れの方, step 2: the mailed code and the new password. */
export const handler = api('confirm-password-reset', { body: ConfirmPasswordResetSchema }, async ({ body, event }) =>
  confirmPasswordReset(body.audience, body.email, body.code, body.password, clientAddress(event)),
);
