import { deleteRequest } from '../shared/requests.js';

export const handler = deleteRequest('delete-over-work-request', 'over_work');
