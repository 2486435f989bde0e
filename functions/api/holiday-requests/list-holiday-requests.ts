import { listRequests } from '../request-routes.js';

export const handler = listRequests('list-holiday-requests', 'holiday');
