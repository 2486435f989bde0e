import { deleteRequest } from '../request-routes.js';

export const handler = deleteRequest('delete-holiday-work-request', 'holiday_work');
