import { notImplemented } from '../../shared/not-implemented.js';

export const handler = notImplemented('create-over-work-request');
