import { createRequest } from '../request-routes.js';

export const handler = createRequest('create-holiday-work-request', 'holiday_work');
