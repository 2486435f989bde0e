import { notImplemented } from '../../shared/not-implemented.js';

export const handler = notImplemented('list-paid-leave');
