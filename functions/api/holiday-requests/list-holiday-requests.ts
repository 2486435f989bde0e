import { listRequests } from '../shared/requests.js';

export const handler = listRequests('list-holiday-requests', 'holiday');
