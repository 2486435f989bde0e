import { notImplemented } from '../../shared/not-implemented.js';

export const handler = notImplemented('create-paid-leave-grant');
