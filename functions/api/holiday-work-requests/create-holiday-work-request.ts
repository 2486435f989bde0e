import { createRequest } from '../shared/requests.js';

export const handler = createRequest('create-holiday-work-request', 'holiday_work');
