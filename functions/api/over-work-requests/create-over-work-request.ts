import { createRequest } from '../shared/requests.js';

export const handler = createRequest('create-over-work-request', 'over_work');
