import { listRequests } from '../shared/requests.js';

export const handler = listRequests('list-holiday-work-requests', 'holiday_work');
