import { deleteRequest } from '../request-routes.js';

export const handler = deleteRequest('delete-over-work-request', 'over_work');
