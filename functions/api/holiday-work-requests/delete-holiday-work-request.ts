import { deleteRequest } from '../shared/requests.js';

export const handler = deleteRequest('delete-holiday-work-request', 'holiday_work');
