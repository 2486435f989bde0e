import { decide } from '../request-routes.js';

export const handler = decide('decide-holiday-work-request', 'holiday_work');
