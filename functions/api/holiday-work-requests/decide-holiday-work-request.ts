import { decide } from '../shared/requests.js';

export const handler = decide('decide-holiday-work-request', 'holiday_work');
