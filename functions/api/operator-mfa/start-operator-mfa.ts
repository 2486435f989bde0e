import { notImplemented } from '../../shared/not-implemented.js';

export const handler = notImplemented('start-operator-mfa');
