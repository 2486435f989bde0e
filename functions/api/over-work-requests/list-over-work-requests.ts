import { listRequests } from '../request-routes.js';

export const handler = listRequests('list-over-work-requests', 'over_work');
