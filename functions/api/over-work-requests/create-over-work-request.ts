import { createRequest } from '../request-routes.js';

export const handler = createRequest('create-over-work-request', 'over_work');
