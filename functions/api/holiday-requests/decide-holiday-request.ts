import { decide } from '../request-routes.js';

export const handler = decide('decide-holiday-request', 'holiday');
