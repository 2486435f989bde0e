import { api } from '../../shared/middleware.js';
import { signOut } from '../../services/sessions/sign-out.js';

export const handler = api('sign-out-user', {}, async ({ principal, cookies }) => signOut(principal, cookies));
