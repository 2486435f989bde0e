import { listRequests } from '../request-routes.js';

export const handler = listRequests('list-holiday-work-requests', 'holiday_work');
