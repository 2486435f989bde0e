import { createRequest } from '../shared/requests.js';

export const handler = createRequest('create-holiday-request', 'holiday');
