import { deleteRequest } from '../shared/requests.js';

export const handler = deleteRequest('delete-holiday-request', 'holiday');
