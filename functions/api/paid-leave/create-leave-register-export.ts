import { notImplemented } from '../../shared/not-implemented.js';

export const handler = notImplemented('create-leave-register-export');
