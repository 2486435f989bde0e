import { listRequests } from '../shared/requests.js';

export const handler = listRequests('list-over-work-requests', 'over_work');
