import { notImplemented } from '../../shared/not-implemented.js';

export const handler = notImplemented('mfa-operator');
