import { decide } from '../request-routes.js';

export const handler = decide('decide-over-work-request', 'over_work');
