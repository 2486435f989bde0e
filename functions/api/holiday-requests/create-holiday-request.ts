import { createRequest } from '../request-routes.js';

export const handler = createRequest('create-holiday-request', 'holiday');
